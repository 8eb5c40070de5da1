import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/account/keys';
import { walletKeys } from './keys';
import type { CodeOutcome } from './types';

/** POST /redeem/redeem/: 302001–302003 with the server's message on a bad code. */
export const redeemCode = (code: string) => api.post<CodeOutcome>('/redeem/redeem/', { redeem_code: code });

/** POST /user/invitation/: +8 for both accounts; 302001, 302004, 302005 otherwise. */
export const acceptInvitation = (code: string) => api.post<CodeOutcome>('/user/invitation/', { invitation_code: code });

function useCodeMutation(mutationFn: (code: string) => Promise<CodeOutcome>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.transactions() }),
      ]);
    },
  });
}

export const useRedeemCode = () => useCodeMutation(redeemCode);
export const useAcceptInvitation = () => useCodeMutation(acceptInvitation);
