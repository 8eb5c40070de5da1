import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { novelKeys } from './keys';
import type { NovelDetails } from './types';

export type EditInput = { chapterIndex: number; content: string };

/** POST /novel/edit/: saves one chapter's edited text of a finished novel and answers the novel details. */
export const editNovel = (uid: string, { chapterIndex, content }: EditInput) =>
  api.post<NovelDetails>('/novel/edit/', { novel_uid: uid, chapter_index: chapterIndex, content });

export function useEditNovel(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditInput) => editNovel(uid, input),
    scope: { id: `novels:job:${uid}` },
    onSuccess: (details) => {
      queryClient.setQueryData(novelKeys.detail(uid), details);
      void queryClient.invalidateQueries({ queryKey: novelKeys.works() });
    },
  });
}
