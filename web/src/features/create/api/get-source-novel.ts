import type { NovelDetails } from '@butterfic/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isFinalError } from './errors';
import { createKeys } from './keys';

/** GET /novel/details/: the earlier novel whose options prefill /article/create/{id}. */
export const getSourceNovel = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<NovelDetails>('/novel/details/', { novel_uid: uid }, { signal });

export const sourceNovelQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: createKeys.sourceNovel(uid),
    queryFn: ({ signal }) => getSourceNovel(uid, { signal }),
    retry: (failures, error) => !isFinalError(error) && failures < 1,
  });

export const useSourceNovel = (uid: string) => useQuery(sourceNovelQueryOptions(uid));
