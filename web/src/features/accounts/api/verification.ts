import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SendCodeOutput, VerifyCodeInput, VerifyCodeOutput } from '../../../lib/account/types';

/** POST /user/send-verification-code/: mails a 6-digit code; answers the resend cooldown in seconds. */
export const sendVerificationCode = (email: string) =>
  api.post<SendCodeOutput>('/user/send-verification-code/', { email }, { anonymous: true });

/** POST /user/verify-code/: 301008 when the code is wrong or expired. */
export const verifyCode = (body: VerifyCodeInput) => api.post<VerifyCodeOutput>('/user/verify-code/', body, { anonymous: true });

export const useSendVerificationCode = () => useMutation({ mutationFn: sendVerificationCode });

export const useVerifyCode = () => useMutation({ mutationFn: verifyCode });
