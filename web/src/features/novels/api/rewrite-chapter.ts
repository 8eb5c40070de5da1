import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { handOver } from '../../../lib/story-stream';
import { novelKeys } from './keys';
import type { ContinueOutput, NovelDetails } from './types';

/**
 * POST /novel/rewrite/: queues a new version of one chapter for the price of a
 * continuation (305001 when the balance is short). The new version is written
 * from the chapters before it; the later chapters stay with the old version.
 */
export const rewriteChapter = (uid: string, chapterIndex: number) =>
  api.post<ContinueOutput>('/novel/rewrite/', { novel_uid: uid, chapter_index: chapterIndex }, { onStream: handOver });

/**
 * On success the cached novel shows at once what the server now has: the
 * chapters before the rewritten one, then its new, empty version (so the
 * stream fills it in place), and the novel turns "continuing".
 */
export function useRewriteChapter(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapterIndex: number) => rewriteChapter(uid, chapterIndex),
    scope: { id: `novels:job:${uid}` },
    onSuccess: ({ generate_status }, chapterIndex) => {
      queryClient.setQueryData<NovelDetails>(novelKeys.detail(uid), (details) => {
        if (!details) return details;
        const old = details.chapters.find((chapter) => chapter.index === chapterIndex);
        const versions = (old?.versions ?? 1) + 1;
        const fresh = { index: chapterIndex, content: '', created_time: Math.floor(Date.now() / 1000), version: versions, versions };
        return {
          novel: { ...details.novel, generate_status, failure: null, chapter_count: chapterIndex + 1 },
          chapters: [...details.chapters.filter((chapter) => chapter.index < chapterIndex), fresh],
        };
      });
      void queryClient.invalidateQueries({ queryKey: novelKeys.detail(uid) });
      void queryClient.invalidateQueries({ queryKey: novelKeys.works() });
    },
  });
}
