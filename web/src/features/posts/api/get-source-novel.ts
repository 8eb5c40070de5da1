import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './keys';
import type { NovelDetails } from './types';

/** The novel a post is bound to (GET /novel/details/), to prefill the post form with its title and text. */
export const sourceNovelQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: postKeys.source(uid),
    queryFn: ({ signal }) => api.get<NovelDetails>('/novel/details/', { novel_uid: uid }, { signal }),
    staleTime: 0,
    retry: false,
  });

export const useSourceNovel = (uid: string | undefined) => useQuery({ ...sourceNovelQueryOptions(uid ?? ''), enabled: Boolean(uid) });

/** The novel's whole text, chapters separated by a blank line. */
export const novelText = (details: NovelDetails): string =>
  details.chapters
    .map((chapter) => chapter.content.trim())
    .filter(Boolean)
    .join('\n\n');
