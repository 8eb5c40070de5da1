import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { novelKeys } from './keys';
import type { NovelDetails } from './types';

export type SelectInput = { chapterIndex: number; version: number };

/**
 * POST /novel/select/: chooses which version of a chapter the story shows
 * (1-based), kept on the server; the chapters after it become the ones
 * written after that version. Answers the novel details.
 */
export const selectVersion = (uid: string, { chapterIndex, version }: SelectInput) =>
  api.post<NovelDetails>('/novel/select/', { novel_uid: uid, chapter_index: chapterIndex, version });

export function useSelectVersion(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SelectInput) => selectVersion(uid, input),
    scope: { id: `novels:job:${uid}` },
    onSuccess: (details) => {
      queryClient.setQueryData(novelKeys.detail(uid), details);
      void queryClient.invalidateQueries({ queryKey: novelKeys.works() });
    },
  });
}
