import { STATUS } from '@butterfic/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { postKeys } from './keys';
import type { Post } from './types';

/** GET /post/details/: one post; 404001 for unknown posts and others' drafts, 403001 for adult posts without 18+. */
export const getPost = (uid: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<Post>('/post/details/', { post_uid: uid }, { signal });

export const isFinalPostError = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === STATUS.notFound || error.code === STATUS.forbidden);

export const postQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: postKeys.detail(uid),
    queryFn: ({ signal }) => getPost(uid, { signal }),
    // Each opening is a view and may show a newer count or edit; a minute keeps back-and-forth cheap.
    staleTime: 60_000,
    retry: (failures, error) => !isFinalPostError(error) && failures < 1,
  });

export const usePost = (uid: string) => useQuery(postQueryOptions(uid));
