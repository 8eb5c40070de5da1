import type { Language } from '@butterfic/contract';

/** Query keys of the posts feature; mutations invalidate by these. */
export const postKeys = {
  all: ['posts'] as const,
  feed: (language: Language | 'all') => [...postKeys.all, 'feed', language] as const,
  mine: () => [...postKeys.all, 'mine'] as const,
  detail: (uid: string) => [...postKeys.all, 'detail', uid] as const,
};
