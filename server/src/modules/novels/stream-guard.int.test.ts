import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { followSse, type SseEvent } from '../../../test/fake-llm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { storyRequest, waitFor } from '../../../test/novels';

/** Open streams follow bans and takedowns (issue 46): the reader's account and the novel, heard by NOTIFY. */
let ctx: TestContext;
let adminAuth: Record<string, string>;
beforeAll(async () => {
  // No workers: the job stays queued, and the test plays the worker through the hub.
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0', ADMIN_EMAILS: 'guard-boss@example.com' } });
  adminAuth = (await signUp(ctx, 'guard-boss@example.com')).auth;
});
afterAll(() => ctx.close());

/** Opens a reader and resolves once its first event (the text so far) has arrived. */
async function openReader(novelUid: string, auth: Record<string, string>) {
  const events: SseEvent[] = [];
  const controller = new AbortController();
  let opened: () => void = () => undefined;
  const ready = new Promise<void>((r) => (opened = r));
  let ended = false;
  const done = followSse(
    `${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`,
    auth,
    (event) => {
      events.push(event);
      opened();
      return event.event === 'done' || event.event === 'error';
    },
    controller.signal,
  )
    .catch(() => undefined)
    .finally(() => (ended = true));
  await ready;
  return { events, done, abort: () => controller.abort(), ended: () => ended, text: () => textOf(events) };
}

const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => (e.data as { text: string }).text)
    .join('');

describe('open streams follow bans and takedowns', () => {
  it("ends a reader's stream when the reader is banned, then everyone's but the author's when the novel is taken down", async () => {
    const author = await signUp(ctx, 'guard-author@example.com');
    const banned = await signUp(ctx, 'guard-banned@example.com');
    const other = await signUp(ctx, 'guard-other@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: author.auth });
    expect(started.status).toBe(200);
    const novelUid = started.body.data.novel_uid as string;
    await ctx.database.pool.query(`update novels set is_public = true where uid = $1`, [novelUid]);

    // A job on this process writes; the author and two readers follow it.
    const hub = ctx.app.deps.hub;
    const token = hub.begin(novelUid, 0, '', false);
    hub.publish(novelUid, 'The storm ', token);
    const readers = {
      author: await openReader(novelUid, author.auth),
      banned: await openReader(novelUid, banned.auth),
      other: await openReader(novelUid, other.auth),
    };

    const ban = await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'ban', user_uid: banned.uid, reason: 'abuse' },
      headers: adminAuth,
    });
    expect(ban.status).toBe(200);
    await readers.banned.done;
    expect(readers.banned.events.at(-1)).toEqual({ event: 'error', data: { message: 'blocked', generate_status: 'generating' } });

    // Everyone else reads on.
    hub.publish(novelUid, 'broke at dawn. ', token);
    await waitFor(
      async () => [readers.author.text(), readers.other.text()],
      (texts) => texts.every((t) => t === 'The storm broke at dawn. '),
    );
    expect(readers.author.ended() || readers.other.ended()).toBe(false);
    expect(readers.banned.text()).toBe('The storm ');

    const down = await ctx.request('POST', '/api/v1/admin/content/', {
      body: { action: 'takedown', target_type: 'novel', target_uid: novelUid, reason: 'copied' },
      headers: adminAuth,
    });
    expect(down.status).toBe(200);
    await readers.other.done;
    expect(readers.other.events.at(-1)).toEqual({ event: 'error', data: { message: 'taken_down', generate_status: 'generating' } });

    // The author still sees their own novel (as its details show them): the stream goes on to the end.
    hub.publish(novelUid, 'The end.', token);
    hub.finish(novelUid, { type: 'done', novel: novelUid, status: 'done', wordCount: 7 }, token);
    await readers.author.done;
    expect(readers.author.text()).toBe('The storm broke at dawn. The end.');
    expect(readers.author.events.at(-1)?.event).toBe('done');
    expect(readers.other.text()).toBe('The storm broke at dawn. ');
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where novel_uid = $1`, [novelUid]);
  });

  it("ends the author's own stream when the author is suspended", async () => {
    const author = await signUp(ctx, 'guard-suspended@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: author.auth });
    const novelUid = started.body.data.novel_uid as string;
    const reader = await openReader(novelUid, author.auth);
    const suspend = await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'suspend', user_uid: author.uid, reason: 'cool down', days: 3 },
      headers: adminAuth,
    });
    expect(suspend.status).toBe(200);
    await reader.done;
    expect(reader.events.at(-1)).toEqual({ event: 'error', data: { message: 'blocked', generate_status: 'generating' } });
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where novel_uid = $1`, [novelUid]);
  });
});
