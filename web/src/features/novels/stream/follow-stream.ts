import type { GenerateStatus } from '@butterfic/contract';
import { refreshAccessToken } from '../../../lib/api-client';
import type { LiveChapter } from '../format';
import { readNovelStream } from './read-stream';

/** Waits before connecting again: 1 s, 2 s, 4 s … up to 15 s, with a little jitter. */
export const reconnectDelay = (attempt: number): number => Math.min(15_000, 1000 * 2 ** attempt) + Math.floor(Math.random() * 250);

/**
 * Error messages that end a stream because this reader may no longer read it (issue 46): their account
 * was suspended or banned, or the novel taken down. Not an outcome of the job: the caller asks the API
 * client, which shows why (the blocked account, the gone story) as for a refused connection.
 */
const ACCESS_ENDED = new Set(['blocked', 'taken_down']);

/** How often in a row a fresh access token may be refused before following gives up. */
const MAX_REFRESHES = 2;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    // The abort listener goes with the wait, so a reader that reconnects for hours keeps none behind.
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export type FollowCallbacks = {
  /** The chapter being written, as far as it has arrived. */
  onText: (live: LiveChapter) => void;
  /** The connection broke and the next attempt is waiting (false again with the next text). */
  onReconnecting: (waiting: boolean) => void;
  /** The job is over: its final status, and the last text that arrived (null when none did). */
  onSettled: (status: GenerateStatus, patch: { word_count?: number; failure?: string }, live: LiveChapter | null) => void;
  /**
   * Refused for good (gone, forbidden, logged out), or ended mid-stream by a ban or a takedown: the caller
   * asks the API client, which knows what to show.
   */
  onRefused: () => void;
};

/**
 * Follows the chapter being written until the job is over or `signal`
 * aborts (then it rejects). Every connection's first delta carries the
 * chapter's whole text so far and replaces it; later ones append. A dropped
 * connection is opened again after `delay(attempt)`; 301005 refreshes the
 * access token first.
 */
export async function followNovelStream(
  uid: string,
  signal: AbortSignal,
  callbacks: FollowCallbacks,
  { delay = reconnectDelay, refresh = refreshAccessToken }: { delay?: (attempt: number) => number; refresh?: () => Promise<boolean> } = {},
): Promise<void> {
  let current: LiveChapter | null = null;
  let attempt = 0;
  let refreshes = 0;
  let accessEnded = false;
  for (;;) {
    if (signal.aborted) throw signal.reason as Error;
    const outcome = await readNovelStream(uid, signal, {
      onDelta: (chapter, text, replace) => {
        current = replace || !current || current.chapter !== chapter ? { chapter, text } : { chapter, text: current.text + text };
        callbacks.onText(current);
        callbacks.onReconnecting(false);
      },
      onDone: ({ generate_status, word_count }) => callbacks.onSettled(generate_status, { word_count }, current),
      onError: ({ message, generate_status }) => {
        if (ACCESS_ENDED.has(message)) accessEnded = true;
        else callbacks.onSettled(generate_status, { failure: message }, current);
      },
    });
    if (outcome.kind === 'finished') {
      if (accessEnded) callbacks.onRefused();
      return;
    }
    if (outcome.kind === 'expired' && refreshes < MAX_REFRESHES && (await refresh())) {
      refreshes++;
      continue;
    }
    if (outcome.kind === 'expired' || outcome.kind === 'refused') {
      callbacks.onRefused();
      return;
    }
    refreshes = 0;
    if (outcome.received) attempt = 0;
    callbacks.onReconnecting(true);
    await sleep(delay(attempt++), signal);
  }
}
