import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SendCodeOutput } from '../../../lib/account/types';

/** POST /user/send-reset-code/: mails a reset code; the same answer and cooldown whether or not the address has an account. */
export const sendResetCode = (email: string) => api.post<SendCodeOutput>('/user/send-reset-code/', { email }, { anonymous: true });

/** POST /user/reset-password/: 301008 when the code is wrong or expired; every session of the account ends. */
export const resetPassword = (body: { email: string; code: string; password: string }) =>
  api.post<Record<string, never>>('/user/reset-password/', body, { anonymous: true });

/** POST /user/change-password/: 301001 when the old password is wrong; the other sessions end, this one stays. */
export const changePassword = (body: { old_password: string; new_password: string }) =>
  api.post<Record<string, never>>('/user/change-password/', body);

export const useSendResetCode = () => useMutation({ mutationFn: sendResetCode });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
