/** Query keys of the novels feature; mutations invalidate by these. */
export const novelKeys = {
  all: ['novels'] as const,
  works: () => [...novelKeys.all, 'works'] as const,
  detail: (uid: string) => [...novelKeys.all, 'detail', uid] as const,
};
