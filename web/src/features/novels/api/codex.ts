import type { CodexEntryInput, CodexList, NovelContext } from '@butterfic/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { novelKeys } from './keys';

export type { CodexEntry, CodexList, ContextPart, NovelContext } from '@butterfic/contract';

const codexKey = (uid: string) => [...novelKeys.all, 'codex', uid] as const;
const contextKey = (uid: string, chapter: number, version: number) => [...novelKeys.all, 'context', uid, chapter, version] as const;

/** GET /novel/codex/: the story's codex (author only). */
export const useCodex = (uid: string, enabled: boolean) =>
  useQuery({ queryKey: codexKey(uid), queryFn: () => api.get<CodexList>('/novel/codex/', { novel_uid: uid }), enabled });

/** POST /novel/codex/: the whole list; the answer is the new state. */
export function useSaveCodex(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: CodexEntryInput[]) => api.post<CodexList>('/novel/codex/', { novel_uid: uid, entries }),
    onSuccess: (codex) => queryClient.setQueryData(codexKey(uid), codex),
  });
}

/**
 * GET /novel/context/: what the model was given for the chosen version of a chapter; null when it was
 * not kept (a chapter written before the context was kept answers 404001).
 */
export const useNovelContext = (uid: string, chapter: number, version: number, enabled: boolean) =>
  useQuery({
    queryKey: contextKey(uid, chapter, version),
    queryFn: async () => {
      try {
        return await api.get<NovelContext>('/novel/context/', { novel_uid: uid, chapter_index: chapter });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
