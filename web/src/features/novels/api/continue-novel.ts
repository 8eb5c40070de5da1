import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { handOver } from '../../../lib/story-stream';
import { novelKeys } from './keys';
import type { ContinueOutput, NovelDetails } from './types';

/** POST /novel/continuation/: queues the next chapter for 3 Butter (305001 when the balance is short). */
export const continueNovel = (uid: string) => api.post<ContinueOutput>('/novel/continuation/', { novel_uid: uid }, { onStream: handOver });

/**
 * On success the cached novel turns "continuing" at once, so the reader
 * starts streaming the new chapter; the details are then refetched for the
 * new (empty) chapter and the works list follows.
 */
export function useContinueNovel(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => continueNovel(uid),
    scope: { id: `novels:job:${uid}` },
    onSuccess: ({ generate_status }) => {
      queryClient.setQueryData<NovelDetails>(novelKeys.detail(uid), (details) =>
        details ? { ...details, novel: { ...details.novel, generate_status, failure: null } } : details,
      );
      void queryClient.invalidateQueries({ queryKey: novelKeys.detail(uid) });
      void queryClient.invalidateQueries({ queryKey: novelKeys.works() });
    },
  });
}
