import type { ConfirmAdultResult } from '@butterfic/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { accountKeys } from './keys';

type ConfirmAdultOutput = ReturnType<(typeof ConfirmAdultResult)['parse']>;

/** POST /user/confirm-adult/: the account confirms it is 18 or older; adult content is shown to it from then on. */
export const confirmAdult = () => api.post<ConfirmAdultOutput>('/user/confirm-adult/', { confirm: true });

export function useConfirmAdult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAdult,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}
