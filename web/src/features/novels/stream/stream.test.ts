import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveChapter } from '../format';
import { api } from '../../../lib/api-client';
import { handOver } from '../../../lib/story-stream';
import { followNovelStream, type FollowCallbacks } from './follow-stream';

const sse = (...events: [string, unknown][]) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** A streamed 200 answer whose body arrives in the given pieces (split mid-event on purpose). */
function streamed(pieces: string[]): Response {
  const joined = pieces.join('');
  const cut = Math.floor(joined.length / 2);
  const chunks = [joined.slice(0, cut), joined.slice(cut)];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const refusal = (status: number, code: number) =>
  new Response(JSON.stringify({ base_resp: { status_code: code, status_msg: 'no' } }), { status });

function recorder() {
  const texts: LiveChapter[] = [];
  const settled: Parameters<FollowCallbacks['onSettled']>[] = [];
  let refused = 0;
  const callbacks: FollowCallbacks = {
    onText: (live) => texts.push(live),
    onReconnecting: () => undefined,
    onSettled: (...args) => settled.push(args),
    onRefused: () => refused++,
  };
  return { texts, settled, callbacks, refused: () => refused };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What the API client reads of the page: its origin and no stored session. */
function stubPage() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
  vi.stubGlobal('window', { localStorage, location: { origin: 'http://app.test', pathname: '/' } });
  vi.stubGlobal('navigator', { languages: ['en'] });
}

describe('following a novel stream', () => {
  it('reads the story on the response of the call that started it: one request from Generate to text', async () => {
    const head = { base_resp: { status_code: 0, status_msg: 'ok' }, data: { novel_uid: 'n9', generate_status: 'generating', balance: 4 } };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        streamed(
          sse(
            ['head', head],
            ['delta', { chapter: 0, text: '' }],
            ['delta', { chapter: 0, text: 'Rain' }],
            ['delta', { chapter: 0, text: ' fell' }],
            ['done', { generate_status: 'done', word_count: 2 }],
          ),
        ),
      );
    vi.stubGlobal('fetch', fetch);
    stubPage();
    const started = await api.post('/novel/generate/', { plot: 'x' }, { onStream: handOver });
    expect(started).toEqual(head.data);
    expect((fetch.mock.calls[0]![1] as RequestInit).headers).toMatchObject({ Accept: 'text/event-stream, application/json;q=0.9' });
    const { texts, settled, callbacks } = recorder();
    await followNovelStream('n9', new AbortController().signal, callbacks, { delay: () => 0 });
    expect(texts.at(-1)).toEqual({ chapter: 0, text: 'Rain fell' });
    expect(settled).toEqual([['done', { word_count: 2 }, { chapter: 0, text: 'Rain fell' }]]);
    // No second request: the stream came with the start call.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads a JSON answer to a start call as before, and an error as an error', async () => {
    stubPage();
    const json = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json(200, { base_resp: { status_code: 0, status_msg: 'ok' }, data: { novel_uid: 'n8' } }))
        .mockResolvedValueOnce(json(402, { base_resp: { status_code: 305001, status_msg: 'short' } })),
    );
    await expect(api.post('/novel/generate/', {}, { onStream: handOver })).resolves.toEqual({ novel_uid: 'n8' });
    await expect(api.post('/novel/generate/', {}, { onStream: handOver })).rejects.toMatchObject({ status: 402, code: 305001 });
  });

  it('appends deltas to the first one and settles on done', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        streamed(
          sse(
            ['delta', { chapter: 0, text: 'Once' }],
            ['delta', { chapter: 0, text: ' upon' }],
            ['done', { generate_status: 'done', word_count: 2 }],
          ),
        ),
      );
    vi.stubGlobal('fetch', fetch);
    const { texts, settled, callbacks } = recorder();
    await followNovelStream('n1', new AbortController().signal, callbacks, { delay: () => 0 });
    expect(texts.at(-1)).toEqual({ chapter: 0, text: 'Once upon' });
    expect(settled).toEqual([['done', { word_count: 2 }, { chapter: 0, text: 'Once upon' }]]);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/v1/novel/stream/?novel_uid=n1');
  });

  it('reconnects after a drop and replaces the chapter with the first delta of the new connection', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(streamed(sse(['delta', { chapter: 1, text: 'Hello' }], ['delta', { chapter: 1, text: ' wor' }])))
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(refusal(503, 500001))
      .mockResolvedValueOnce(
        streamed(
          sse(
            ['delta', { chapter: 1, text: 'Hello world' }],
            ['delta', { chapter: 1, text: ', again.' }],
            ['error', { message: 'model gone', generate_status: 'done' }],
          ),
        ),
      );
    vi.stubGlobal('fetch', fetch);
    const { texts, settled, callbacks } = recorder();
    const delays: number[] = [];
    await followNovelStream('n1', new AbortController().signal, callbacks, {
      delay: (attempt) => {
        delays.push(attempt);
        return 0;
      },
    });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([0, 1, 2]);
    expect(texts.map((t) => t.text)).toEqual(['Hello', 'Hello wor', 'Hello world', 'Hello world, again.']);
    expect(settled).toEqual([['done', { failure: 'model gone' }, { chapter: 1, text: 'Hello world, again.' }]]);
  });

  it('keeps no abort listener behind from its waits between reconnects', async () => {
    const drops = Array.from({ length: 5 }, () => streamed(sse(['delta', { chapter: 0, text: 'x' }])));
    const fetch = vi.fn();
    for (const drop of drops) fetch.mockResolvedValueOnce(drop);
    fetch.mockResolvedValueOnce(streamed(sse(['done', { generate_status: 'done', word_count: 1 }])));
    vi.stubGlobal('fetch', fetch);
    const { signal } = new AbortController();
    const live = new Set<unknown>();
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
      if (type === 'abort') live.add(listener);
      add(type, listener, options);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, listener: EventListener) => {
      if (type === 'abort') live.delete(listener);
      remove(type, listener);
    }) as typeof signal.removeEventListener;
    const { callbacks } = recorder();
    await followNovelStream('n1', signal, callbacks, { delay: () => 0 });
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(live.size).toBe(0);
  });

  it('starts a new chapter when a delta names one', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          streamed(
            sse(
              ['delta', { chapter: 0, text: 'End.' }],
              ['delta', { chapter: 1, text: 'Next' }],
              ['delta', { chapter: 1, text: ' one' }],
              ['done', { generate_status: 'done', word_count: 3 }],
            ),
          ),
        ),
    );
    const { texts, callbacks } = recorder();
    await followNovelStream('n1', new AbortController().signal, callbacks, { delay: () => 0 });
    expect(texts.at(-1)).toEqual({ chapter: 1, text: 'Next one' });
  });

  it('refreshes an expired access token and connects again; other refusals end it', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(refusal(401, 301005))
        .mockResolvedValueOnce(streamed(sse(['done', { generate_status: 'done', word_count: 0 }]))),
    );
    const refresh = vi.fn().mockResolvedValue(true);
    const first = recorder();
    await followNovelStream('n1', new AbortController().signal, first.callbacks, { delay: () => 0, refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(first.settled).toHaveLength(1);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(refusal(404, 404001)));
    const gone = recorder();
    await followNovelStream('n1', new AbortController().signal, gone.callbacks, { delay: () => 0, refresh });
    expect(gone.refused()).toBe(1);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(refusal(401, 301005)));
    const loggedOut = recorder();
    await followNovelStream('n1', new AbortController().signal, loggedOut.callbacks, { delay: () => 0, refresh: async () => false });
    expect(loggedOut.refused()).toBe(1);
  });

  it('hands a stream ended by a ban or a takedown to the API client, not as the outcome of the job', async () => {
    for (const message of ['blocked', 'taken_down']) {
      const fetch = vi
        .fn()
        .mockResolvedValueOnce(
          streamed(sse(['delta', { chapter: 0, text: 'Once' }], ['error', { message, generate_status: 'generating' }])),
        );
      vi.stubGlobal('fetch', fetch);
      const { settled, callbacks, refused } = recorder();
      await followNovelStream('n1', new AbortController().signal, callbacks, { delay: () => 0 });
      expect(settled).toEqual([]);
      expect(refused()).toBe(1);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('rejects when aborted while waiting to reconnect', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('network')));
    const controller = new AbortController();
    const { callbacks } = recorder();
    const following = followNovelStream('n1', controller.signal, callbacks, { delay: () => 60_000 });
    setTimeout(() => controller.abort(), 10);
    await expect(following).rejects.toBeDefined();
  });
});
