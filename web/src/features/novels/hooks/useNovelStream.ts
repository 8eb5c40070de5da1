import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { novelKeys } from '../api/keys';
import type { NovelDetails } from '../api/types';
import { withLiveChapter, type LiveChapter } from '../format';
import { followNovelStream } from '../stream/follow-stream';

export type NovelStream = {
  /** The chapter being written as streamed so far; null before the first delta and once the job is over. */
  live: LiveChapter | null;
  /** The connection broke and the next attempt is waiting. */
  reconnecting: boolean;
};

/**
 * Reads the chapter being written (GET /novel/stream/, Server-Sent Events,
 * through fetch so the bearer header goes along) while `enabled`: the novel
 * is generating or continuing. Reconnecting and token refresh live in
 * `followNovelStream`.
 *
 * When the job is over, the final text and status go into the cached novel
 * details at once (so nothing flickers), then the details and the works list
 * are refetched. A refusal (gone, forbidden, logged out) refetches the details
 * through the API client, which shows the right state or sends to /login.
 */
export function useNovelStream(uid: string, enabled: boolean): NovelStream {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveChapter | null>(null);
  const [reconnecting, setReconnecting] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const key = novelKeys.detail(uid);
    followNovelStream(uid, controller.signal, {
      onText: setLive,
      onReconnecting: setReconnecting,
      onSettled: (status, patch, last) => {
        queryClient.setQueryData<NovelDetails>(key, (details) =>
          details
            ? { novel: { ...details.novel, generate_status: status, ...patch }, chapters: withLiveChapter(details.chapters, last) }
            : details,
        );
        setLive(null);
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: novelKeys.works() });
      },
      onRefused: () => {
        setLive(null);
        void queryClient.invalidateQueries({ queryKey: key });
      },
    }).catch(() => {
      // Aborted: no longer live here, or the screen closed. Stale text must not linger for the next job.
      setLive(null);
      setReconnecting(false);
    });
    return () => controller.abort();
  }, [uid, enabled, queryClient]);

  return { live: enabled ? live : null, reconnecting: enabled && reconnecting };
}
