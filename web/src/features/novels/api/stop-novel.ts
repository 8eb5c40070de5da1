import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StopOutput } from './types';

/** POST /novel/stop/: stops the running job and keeps the text so far (refunded when nothing was written). */
export const stopNovel = (uid: string) => api.post<StopOutput>('/novel/stop/', { novel_uid: uid });

/**
 * The cache is left alone on purpose: the open stream ends with its own
 * `done` event once the writer has saved the text it kept, and the reader
 * settles from that (a refetch now could still miss the last words).
 */
export function useStopNovel(uid: string) {
  return useMutation({
    mutationFn: () => stopNovel(uid),
    scope: { id: `novels:job:${uid}` },
  });
}
