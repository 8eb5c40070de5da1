import { STATUS } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { novelKeys } from './keys';
import type { NovelDetails } from './types';

/** GET /novel/details/: the novel and its chapters; 404001 when unknown or taken down, 403001 when not for this reader. */
export const getNovel = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<NovelDetails>('/novel/details/', { novel_uid: uid }, { signal });

/** Answers that asking again will not change. */
export const isFinalError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === STATUS.notFound || error.code === STATUS.forbidden);

export const novelQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: novelKeys.detail(uid),
    queryFn: ({ signal }) => getNovel(uid, { signal }),
    // The text and its status change under the reader (generation, another tab): always ask on opening.
    staleTime: 0,
    retry: (failures, error) => !isFinalError(error) && failures < 1,
  });

export const useNovel = (uid: string) => useQuery(novelQueryOptions(uid));
