import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { session } from '../session';
import { accountKeys } from './keys';
import type { UserInfo } from './types';

/** The query of GET /user/info/: SPEC.md section 7 sends the account's own uid (when the stored user info has it). */
export const userInfoQuery = (): { uid?: string } => {
  const uid = session.userInfo()?.uid;
  return uid ? { uid } : {};
};

/** GET /user/info/: the caller's profile with balance and invitation code. */
export const getUserInfo = ({ signal }: { signal?: AbortSignal } = {}) => api.get<UserInfo>('/user/info/', userInfoQuery(), { signal });

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getUserInfo({ signal }),
  });

export const useUserInfo = () => useQuery(userInfoQueryOptions());
