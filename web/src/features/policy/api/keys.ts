/** Query keys of the policy feature. */
export const policyKeys = {
  all: ['policy'] as const,
  text: (doc: string, language: string) => [...policyKeys.all, 'text', doc, language] as const,
};
