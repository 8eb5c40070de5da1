import type { GenerateStatus } from '@butterfic/contract';
import { STATUS } from '@butterfic/contract/client';
import { API_BASE } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { eventMessages, takeHandedStory, type EventMessages } from '../../../lib/story-stream';

export type StreamHandlers = {
  /** `replace`: the text is the chapter's whole text so far (first delta of a connection, or a new chapter). */
  onDelta: (chapter: number, text: string, replace: boolean) => void;
  onDone: (data: { generate_status: GenerateStatus; word_count: number }) => void;
  onError: (data: { message: string; generate_status: GenerateStatus }) => void;
};

/** How one connection ended. */
export type StreamOutcome =
  /** `done` or `error` arrived: the job is over. */
  | { kind: 'finished' }
  /** The connection broke (network, server restart, 5xx, 429) before the end: connect again. */
  | { kind: 'dropped'; received: boolean }
  /** 401 with 301005: refresh the access token, then connect again. */
  | { kind: 'expired' }
  /** Any other refusal (404001, 403001, 301003…): asking again will not help. */
  | { kind: 'refused'; status: number; code: number };

async function refusal(response: Response): Promise<StreamOutcome> {
  let code: number = STATUS.internal;
  try {
    const payload = (await response.json()) as { base_resp?: { status_code?: number } };
    code = payload.base_resp?.status_code ?? code;
  } catch {
    // Not an envelope (a proxy's error page): keep the generic code.
  }
  if (response.status === 401 && code === STATUS.tokenExpired) return { kind: 'expired' };
  if (response.status >= 500 || response.status === 429) return { kind: 'dropped', received: false };
  return { kind: 'refused', status: response.status, code };
}

/**
 * One connection to GET /novel/stream/ read with fetch (EventSource cannot
 * send the bearer header), or the story its start call handed over (the same
 * events on the start call's own response). Resolves with how it ended;
 * rejects only when `signal` aborts it.
 */
export async function readNovelStream(uid: string, signal: AbortSignal, handlers: StreamHandlers): Promise<StreamOutcome> {
  let received = false;
  let messages: EventMessages | null = takeHandedStory(uid);
  try {
    if (!messages) {
      const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': currentLanguage() };
      const token = storage.get(STORAGE_KEYS.accessToken);
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`${API_BASE}/novel/stream/?novel_uid=${encodeURIComponent(uid)}`, {
        headers,
        signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) return await refusal(response);
      messages = eventMessages(response.body);
    }
    const stream = messages;
    const stop = () => stream.cancel();
    signal.addEventListener('abort', stop, { once: true });
    try {
      let chapter: number | null = null;
      for (;;) {
        const message = await stream.next();
        if (signal.aborted) throw signal.reason as Error;
        if (!message) return { kind: 'dropped', received };
        if (message.event === 'delta') {
          const data = JSON.parse(message.data) as { chapter: number; text: string };
          handlers.onDelta(data.chapter, data.text, chapter !== data.chapter);
          chapter = data.chapter;
          received = true;
        } else if (message.event === 'done') {
          handlers.onDone(JSON.parse(message.data) as Parameters<StreamHandlers['onDone']>[0]);
          stream.cancel();
          return { kind: 'finished' };
        } else if (message.event === 'error') {
          handlers.onError(JSON.parse(message.data) as Parameters<StreamHandlers['onError']>[0]);
          stream.cancel();
          return { kind: 'finished' };
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'dropped', received };
  }
}
