import type { GenerateBody, GenerateResult, UserInfo } from '@butterfic/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/account/keys';
import { api } from '../../../lib/api-client';
import { handOver } from '../../../lib/story-stream';
import { NOVELS_ROOT_KEY } from './keys';

type GenerateOutput = ReturnType<(typeof GenerateResult)['parse']>;

/**
 * POST /novel/generate/: queues the story and charges 6 Butter. 305001 (402)
 * not enough Butter, 403001 adult content the account may not request,
 * 400001 with data.fields for invalid fields.
 */
export const generateNovel = (body: GenerateBody) => api.post<GenerateOutput>('/novel/generate/', body, { onStream: handOver });

export function useGenerateNovel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateNovel,
    onSuccess: ({ balance }) => {
      queryClient.setQueryData<UserInfo>(accountKeys.me(), (user) => (user ? { ...user, balance } : user));
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
      void queryClient.invalidateQueries({ queryKey: NOVELS_ROOT_KEY });
    },
  });
}
