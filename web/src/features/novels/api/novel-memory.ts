import type { NovelMemory, SaveMemoryBody } from '@butterfic/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { novelKeys } from './keys';

/** GET /novel/memory/: the story memory, the author's note and the pinned facts (author only). */
export const useNovelMemory = (uid: string, enabled: boolean) =>
  useQuery({
    queryKey: novelKeys.memory(uid),
    queryFn: () => api.get<NovelMemory>('/novel/memory/', { novel_uid: uid }),
    enabled,
  });

/** POST /novel/memory/: saves what changed; the answer is the new state. */
export function useSaveMemory(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Omit<SaveMemoryBody, 'novel_uid'>) => api.post<NovelMemory>('/novel/memory/', { novel_uid: uid, ...changes }),
    onSuccess: (memory) => queryClient.setQueryData(novelKeys.memory(uid), memory),
  });
}
