import type { NovelDetails } from '@butterfic/contract';
import { STATUS } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api-client';

/**
 * A novel's details (GET /novel/details/) are one resource cached under one key, whoever reads
 * them: the readers, the post form that prefills from a novel, the generation form that prefills
 * from an earlier story. An edit, a continuation or a new version refreshes every one of them.
 */
export const novelDetailsKey = (uid: string) => ['novels', 'detail', uid] as const;

/** GET /novel/details/: the novel and its chapters; 404001 when unknown or taken down, 403001 when not for this reader. */
export const getNovelDetails = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<NovelDetails>('/novel/details/', { novel_uid: uid }, { signal });

/** Answers that asking again will not change (gone, or not this viewer's to see). */
export const isFinalError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === STATUS.notFound || error.code === STATUS.forbidden);

export const novelDetailsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: novelDetailsKey(uid),
    queryFn: ({ signal }) => getNovelDetails(uid, { signal }),
    // The text and its status change under the reader (generation, another tab): always ask on opening.
    staleTime: 0,
    retry: (failures, error) => !isFinalError(error) && failures < 1,
  });

export const useNovelDetails = (uid: string | undefined) => useQuery({ ...novelDetailsQueryOptions(uid ?? ''), enabled: Boolean(uid) });
