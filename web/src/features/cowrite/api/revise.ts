import type { History, NovelDetails, ReviseResult } from '@butterfic/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/account/keys';
import { novelDetailsKey } from '../../../lib/novel-details';
import type { EventMessages } from '../../../lib/story-stream';

/** What a revision is about: a chapter of a novel and the UTF-16 range of its `content` the author selected. */
export type Selection = { novelUid: string; chapterIndex: number; start: number; end: number; text: string };

export const cowriteKeys = {
  history: (uid: string, chapterIndex: number) => ['novels', 'history', uid, chapterIndex] as const,
};

/** The model's run ended in an `error` event: the Butter was given back when `refunded`. */
export class RevisionFailed extends Error {
  constructor(readonly refunded: boolean) {
    super('revision failed');
  }
}

/**
 * POST /novel/revise/ with `Accept: text/event-stream`: `onText` hears each variant grow
 * (`variant` events), and the answer is the `done` event's variants and balance. A server that
 * answers JSON instead (no stream) gives the variants at once.
 */
export async function streamRevision(
  selection: Selection,
  { instruction, variants, signal, onText }: { instruction: string; variants: number; signal: AbortSignal; onText: (index: number, text: string) => void },
): Promise<ReviseResult> {
  let rest: EventMessages | null = null;
  const body = { novel_uid: selection.novelUid, chapter_index: selection.chapterIndex, start: selection.start, end: selection.end, instruction, variants };
  const head = await api.post<ReviseResult>('/novel/revise/', body, { signal, onStream: (_data, messages) => (rest = messages) });
  const messages = rest as EventMessages | null;
  if (!messages) return head;
  const stop = () => messages.cancel();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (let message = await messages.next(); message; message = await messages.next()) {
      const data = JSON.parse(message.data) as Record<string, unknown>;
      if (message.event === 'variant') onText(data.index as number, data.text as string);
      if (message.event === 'done') return data as ReviseResult;
      if (message.event === 'error') throw new RevisionFailed(Boolean(data.refunded));
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  throw new ApiError(0, NETWORK_ERROR, 'network');
}

/** POST /novel/revise/accept/: the selection replaced by `text` (409 when the chapter moved since). */
export function useAcceptRevision(selection: Selection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<NovelDetails>('/novel/revise/accept/', {
        novel_uid: selection.novelUid,
        chapter_index: selection.chapterIndex,
        start: selection.start,
        end: selection.end,
        original: selection.text,
        text,
      }),
    scope: { id: `novels:job:${selection.novelUid}` },
    onSuccess: (details) => {
      queryClient.setQueryData(novelDetailsKey(selection.novelUid), details);
      void queryClient.invalidateQueries({ queryKey: cowriteKeys.history(selection.novelUid, selection.chapterIndex) });
    },
  });
}

/** GET /novel/history/: a chapter's texts, newest first. */
export function useChapterHistory(novelUid: string, chapterIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: cowriteKeys.history(novelUid, chapterIndex),
    queryFn: ({ signal }) => api.get<History>('/novel/history/', { novel_uid: novelUid, chapter_index: chapterIndex }, { signal }),
    enabled,
    // Every accept, edit and restore changes it: ask each time the panel opens.
    staleTime: 0,
  });
}

/** POST /novel/history/restore/: an earlier text back, as a new entry. */
export function useRestoreHistory(novelUid: string, chapterIndex: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => api.post<NovelDetails>('/novel/history/restore/', { novel_uid: novelUid, chapter_index: chapterIndex, uid }),
    scope: { id: `novels:job:${novelUid}` },
    onSuccess: (details) => {
      queryClient.setQueryData(novelDetailsKey(novelUid), details);
      void queryClient.invalidateQueries({ queryKey: cowriteKeys.history(novelUid, chapterIndex) });
    },
  });
}

/** The balance moved (a revision was paid or given back). */
export function useBalanceChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
}
