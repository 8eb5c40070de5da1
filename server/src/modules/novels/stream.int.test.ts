import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { followSse, readSse, type SseEvent } from '../../../test/fake-llm';
import { capturedLog, createTestContext, type TestContext } from '../../../test/helpers';
import { storyRequest, waitFor } from '../../../test/novels';

/** GET /novel/stream/ under many readers (issue 13): one watchdog, coalesced writes, gone clients. */
let ctx: TestContext;
const log = capturedLog('warn');
beforeAll(async () => {
  // No workers: jobs stay queued, and the tests play the worker through the hub or the database.
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' }, logger: log.logger });
});
afterAll(() => ctx.close());

async function queuedStory(email: string) {
  const me = await signUp(ctx, email);
  const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
  expect(started.status).toBe(200);
  return { auth: me.auth, novelUid: started.body.data.novel_uid as string };
}

/** Opens a reader and resolves once its first event (the text so far) has arrived. */
async function openReader(url: string, auth: Record<string, string>) {
  const events: SseEvent[] = [];
  const controller = new AbortController();
  let opened: () => void = () => undefined;
  const ready = new Promise<void>((r) => (opened = r));
  const done = followSse(
    url,
    auth,
    (event) => {
      events.push(event);
      opened();
      return event.event === 'done' || event.event === 'error';
    },
    controller.signal,
  ).catch(() => undefined);
  await ready;
  return { events, done, abort: () => controller.abort() };
}

describe('the stream watchdog', () => {
  it('checks the database once per round for every reader of every novel, and ends them all when the job ended unheard', async () => {
    const { auth, novelUid } = await queuedStory('watch@example.com');
    const url = `${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`;
    const readers = await Promise.all(Array.from({ length: 6 }, () => openReader(url, auth)));

    // Count the watchdog's queries (the novels of all open streams, by uid list) over more than one 3 s round.
    const pool = ctx.database.pool;
    const original = pool.query.bind(pool);
    let watchdogQueries = 0;
    pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('"novels"."uid" in')) watchdogQueries++;
      return original(...args);
    }) as typeof pool.query;
    try {
      // The first round, 3 s after the first reader came.
      await waitFor(
        async () => watchdogQueries,
        (n) => n >= 1,
      );
      // Nothing to wait for: this proves no more queries come with that round (six readers polling on
      // their own would each query within milliseconds of each other).
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      pool.query = original;
    }
    // Six readers polling on their own would have made at least six.
    expect(watchdogQueries).toBeGreaterThanOrEqual(1);
    expect(watchdogQueries).toBeLessThanOrEqual(2);

    // The job ends on a process whose NOTIFY never reaches us: every reader learns it from the watchdog.
    await ctx.database.pool.query(`update chapters set content = 'Written elsewhere.' where novel_uid = $1`, [novelUid]);
    await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1`, [novelUid]);
    await ctx.database.pool.query(`update novels set generate_status = 'done', word_count = 2 where uid = $1`, [novelUid]);
    await Promise.all(readers.map((r) => r.done));
    for (const reader of readers) {
      const text = reader.events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(text).toBe('Written elsewhere.');
      expect(reader.events.at(-1)).toEqual({ event: 'done', data: { generate_status: 'done', word_count: 2 } });
    }
  }, 20_000);

  it('logs a round whose read of the novels fails, and the next round still ends the readers', async () => {
    const { auth, novelUid } = await queuedStory('watch-fails@example.com');
    const reader = await openReader(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, auth);
    // The watchdog's query (the novels of all open streams) fails once, as on a dropped connection.
    const pool = ctx.database.pool;
    const original = pool.query.bind(pool);
    let failed = 0;
    pool.query = ((...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('"novels"."uid" in') && failed === 0) {
        failed++;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return original(...args);
    }) as typeof pool.query;
    const watchdogLines = () => log.lines().filter((l) => l.msg === 'the stream watchdog could not read novels; trying again');
    try {
      await waitFor(
        async () => watchdogLines().length,
        (n) => n > 0,
      );
    } finally {
      pool.query = original;
    }
    // pino's level 40 is "warn"; the line carries the failed query and why it failed.
    expect(watchdogLines()[0]).toMatchObject({ level: 40, err: { message: expect.stringContaining('"novels"."uid" in') } });
    expect(JSON.stringify(watchdogLines()[0])).toContain('Connection terminated unexpectedly');

    // The job ends unheard; the next round reads the database again and tells the reader.
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where novel_uid = $1`, [novelUid]);
    await ctx.database.pool.query(`update novels set generate_status = 'failed', failure = 'model' where uid = $1`, [novelUid]);
    await reader.done;
    expect(reader.events.at(-1)).toEqual({ event: 'error', data: { message: 'model', generate_status: 'failed' } });
  }, 20_000);
});

describe('writing to readers', () => {
  it('sends deltas published in one tick as one event, and the outcome right after', async () => {
    const { auth, novelUid } = await queuedStory('coalesce@example.com');
    const reader = await openReader(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, auth);
    expect(reader.events).toEqual([{ event: 'delta', data: { chapter: 0, text: '' } }]);

    // A job on this process writes three pieces at once, then finishes.
    const hub = ctx.app.deps.hub;
    const token = hub.begin(novelUid, 0, '', false);
    hub.publish(novelUid, 'One ', token);
    hub.publish(novelUid, 'two ', token);
    hub.publish(novelUid, 'three.', token);
    await waitFor(
      async () => reader.events.length,
      (n) => n > 1,
    );
    hub.finish(novelUid, { type: 'done', novel: novelUid, status: 'done', wordCount: 3 }, token);
    await reader.done;
    expect(reader.events).toEqual([
      { event: 'delta', data: { chapter: 0, text: '' } },
      { event: 'delta', data: { chapter: 0, text: 'One two three.' } },
      { event: 'done', data: { generate_status: 'done', word_count: 3 } },
    ]);
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where novel_uid = $1`, [novelUid]);
  });

  it('lets go of a reader whose client went away', async () => {
    const { auth, novelUid } = await queuedStory('gone@example.com');
    const before = ctx.app.deps.openStreams.size;
    const reader = await openReader(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, auth);
    expect(ctx.app.deps.openStreams.size).toBe(before + 1);
    reader.abort();
    await waitFor(
      async () => ctx.app.deps.openStreams.size,
      (n) => n === before,
    );
    // A finished novel still answers a new reader at once.
    await ctx.database.pool.query(`update novels set generate_status = 'failed', failure = 'stopped' where uid = $1`, [novelUid]);
    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, auth, (e) =>
      e.some((x) => x.event === 'error'),
    );
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'stopped', generate_status: 'failed' } });
  });
});
