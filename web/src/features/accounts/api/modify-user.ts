import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { accountKeys } from '../../../lib/account/keys';
import type { ModifyUserInput, UserInfo } from '../../../lib/account/types';

/** POST /user/modify/: the e-mail is sent back unchanged; answers the whole user info. */
export const modifyUser = (body: ModifyUserInput) => api.post<UserInfo>('/user/modify/', body);

/** Saves profile changes on the server and mirrors them into the cache and the stored user info. */
export function useModifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyUser,
    // One at a time, in order: the last choice is the one that stays.
    scope: { id: 'accounts:modify-user' },
    onSuccess: (info) => {
      queryClient.setQueryData(accountKeys.me(), info);
      session.saveUserInfo(info);
    },
  });
}
