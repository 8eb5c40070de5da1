import type { Language } from '@butterfic/contract';
import { PAGE_SIZE } from '@butterfic/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys, type FeedFilters } from './keys';
import type { PostPage, PostSummary } from './types';

/** Page 1 has no snapshot; later pages carry page 1's, so new posts never shift them. */
export type PostCursor = { page: number; snapshot?: number };

/** SPEC.md section 4: stop when a page returns fewer than 20 (or the server says there is no more). */
export const nextPostCursor = (last: PostPage): PostCursor | undefined =>
  last.has_more && last.results.length >= PAGE_SIZE ? { page: last.page + 1, snapshot: last.snapshot } : undefined;

/** The rows of the loaded pages, each post once. */
export function uniquePosts(pages: PostPage[]): PostSummary[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.results.filter((post) => {
      if (seen.has(post.uid)) return false;
      seen.add(post.uid);
      return true;
    }),
  );
}

/** GET /post/list/: public posts, newest first; `all` leaves the language out. */
export const listPosts = (language: Language | 'all', cursor: PostCursor, { signal }: { signal?: AbortSignal } = {}, filters: FeedFilters = {}) =>
  api.get<PostPage>(
    '/post/list/',
    {
      page: cursor.page,
      snapshot: cursor.snapshot,
      language: language === 'all' ? undefined : language,
      tag: filters.tag || undefined,
      exclude_tags: filters.exclude || undefined,
    },
    { signal },
  );

export const postFeedQueryOptions = (language: Language | 'all', filters: FeedFilters = {}) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(language, filters),
    queryFn: ({ pageParam, signal }) => listPosts(language, pageParam, { signal }, filters),
    initialPageParam: { page: 1 } as PostCursor,
    getNextPageParam: nextPostCursor,
    // New posts and view counts arrive all the time; a minute keeps tab switches cheap.
    staleTime: 60_000,
  });

export const usePostFeed = (language: Language | 'all', filters: FeedFilters = {}) => useInfiniteQuery(postFeedQueryOptions(language, filters));

/** GET /post/mine/: the caller's posts, drafts included. */
export const listMyPosts = (cursor: PostCursor, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<PostPage>('/post/mine/', { page: cursor.page, snapshot: cursor.snapshot }, { signal });

export const myPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postKeys.mine(),
    queryFn: ({ pageParam, signal }) => listMyPosts(pageParam, { signal }),
    initialPageParam: { page: 1 } as PostCursor,
    getNextPageParam: nextPostCursor,
    // Fresh whenever opened: a post saved a moment ago must be on it.
    staleTime: 0,
  });

export const useMyPosts = () => useInfiniteQuery(myPostsQueryOptions());
