/** Query keys of the policy feature. */
export const policyKeys = {
  all: ['policy'] as const,
  siteInfo: () => [...policyKeys.all, 'site-info'] as const,
  text: (doc: string, language: string) => [...policyKeys.all, 'text', doc, language] as const,
};
