import type { Choices, Continuity, GenerateResult, NovelDetails } from '@butterfic/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { novelDetailsKey } from '../../../lib/novel-details';
import { handOver } from '../../../lib/story-stream';

type Started = ReturnType<(typeof GenerateResult)['parse']>;

/** POST /novel/choices/: three directions for the next chapter (free). */
export const useChoices = (novelUid: string) =>
  useMutation({ mutationFn: () => api.post<Choices>('/novel/choices/', { novel_uid: novelUid }) });

/**
 * POST /novel/continuation/ with a direction and beats: the next chapter streams in the reader as a
 * plain continuation does (its answer is handed to the reader's stream).
 */
export function useSteeredContinuation(novelUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, beats }: { direction: string; beats: string[] }) =>
      api.post<Started>(
        '/novel/continuation/',
        { novel_uid: novelUid, ...(direction && { direction }), ...(beats.length && { beats }) },
        { onStream: handOver },
      ),
    scope: { id: `novels:job:${novelUid}` },
    onSuccess: ({ generate_status }) => {
      queryClient.setQueryData<NovelDetails>(novelDetailsKey(novelUid), (details) =>
        details ? { ...details, novel: { ...details.novel, generate_status, failure: null } } : details,
      );
      void queryClient.invalidateQueries({ queryKey: novelDetailsKey(novelUid) });
      void queryClient.invalidateQueries({ queryKey: ['novels', 'works'] });
    },
  });
}

/** GET /novel/continuity/ of one chapter text (keyed by its length too: an edit asks again). */
export const useContinuity = (novelUid: string, chapterIndex: number, textLength: number, enabled: boolean) =>
  useQuery({
    queryKey: ['novels', 'continuity', novelUid, chapterIndex, textLength] as const,
    queryFn: ({ signal }) => api.get<Continuity>('/novel/continuity/', { novel_uid: novelUid, chapter_index: chapterIndex }, { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
