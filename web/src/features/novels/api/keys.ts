import { novelDetailsKey } from '../../../lib/novel-details';

/** Query keys of the novels feature; mutations invalidate by these. */
export const novelKeys = {
  all: ['novels'] as const,
  works: () => [...novelKeys.all, 'works'] as const,
  detail: novelDetailsKey,
  memory: (uid: string) => [...novelKeys.all, 'memory', uid] as const,
};
