/** Query keys of the accounts feature; mutations invalidate by these. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};
