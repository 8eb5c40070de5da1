import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from './keys';
import type { UserInfo } from './types';

/** GET /user/info/: the caller's profile with balance and invitation code. */
export const getUserInfo = ({ signal }: { signal?: AbortSignal } = {}) => api.get<UserInfo>('/user/info/', undefined, { signal });

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getUserInfo({ signal }),
  });

export const useUserInfo = () => useQuery(userInfoQueryOptions());
