import { PAGE_SIZE } from '@butterfic/contract/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { isInProgress } from '../format';
import { novelKeys } from './keys';
import type { NovelPage } from './types';

/** While any story on the list is being written, the list is asked again this often. */
export const WORKS_POLL_MS = 3000;

/** The query of GET /novel/list/ for the works list: SPEC.md section 7 sends `author_uid` (the account's own) and `page`. */
export const worksQuery = (page: number): { author_uid?: string; page: number } => {
  const uid = session.userInfo()?.uid;
  return uid ? { author_uid: uid, page } : { page };
};

/** GET /novel/list/: the caller's own novels, newest first, 20 a page. */
export const listWorks = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<NovelPage>('/novel/list/', worksQuery(page), { signal });

/** SPEC.md section 4: the page counter starts at 1 and stops when a page returns fewer than 20. */
export const nextWorksPage = (last: NovelPage): number | undefined =>
  last.has_more && last.results.length >= PAGE_SIZE ? last.page + 1 : undefined;

export const worksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: novelKeys.works(),
    queryFn: ({ pageParam, signal }) => listWorks(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextWorksPage,
    // Fresh whenever the list is opened: a story started a moment ago must be on it.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.results.some((novel) => isInProgress(novel.generate_status))) ? WORKS_POLL_MS : false,
  });

export const useWorks = () => useInfiniteQuery(worksQueryOptions());
