import type { Language } from '@butterfic/contract';

/** Issue 51: the feed's tag and excluded tags (comma-separated, as typed). */
export type FeedFilters = { tag?: string; exclude?: string };

/** Query keys of the posts feature; mutations invalidate by these. */
export const postKeys = {
  all: ['posts'] as const,
  feed: (language: Language | 'all', filters: FeedFilters = {}) => [...postKeys.all, 'feed', language, filters] as const,
  mine: () => [...postKeys.all, 'mine'] as const,
  detail: (uid: string) => [...postKeys.all, 'detail', uid] as const,
};
