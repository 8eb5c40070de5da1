import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, someIp } from '../../../test/accounts';
import { createTestContext, startPeer, type TestContext } from '../../../test/helpers';
import { storyRequest, waitFor } from '../../../test/novels';
import { LIMITS } from '../../lib/limits';
import { applyLedger } from '../wallet/service';

/**
 * Per-account limits of issue 11: open SSE streams (MAX_STREAMS_PER_USER, across processes), story
 * starts per hour (MAX_GENERATIONS_PER_HOUR), token refreshes, persona creation, and persona uses
 * counted once per account.
 */
let ctx: TestContext;
beforeAll(async () => {
  // No workers: a story stays `generating`, so its stream stays open until the reader leaves.
  ctx = await createTestContext({
    env: { GENERATION_WORKERS: '0', MAX_LIVE_JOBS_PER_USER: '0', MAX_STREAMS_PER_USER: '2', MAX_GENERATIONS_PER_HOUR: '3' },
  });
});
afterAll(() => ctx.close());

const grant = (uid: string, amount: number) =>
  ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: uid, kind: 'grant', amount }));
const balance = async (auth: Record<string, string>) =>
  (await ctx.request('GET', '/api/v1/user/info/', { headers: auth })).body.data.balance as number;
const generate = (auth: Record<string, string>) => ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: auth });

const persona = (i: number) => ({
  char_a_name: `Ines ${i}`,
  char_a_setting: 'a lighthouse keeper, 34',
  char_b_name: 'Tomas',
  char_b_setting: 'a shipwrecked cartographer, 31',
  plot: 'A storm strands him on her island.',
  description: `Card ${i}`,
  tags: 'romance',
  is_r18: 0,
  first_person: 0,
  dialogue_heavy: 0,
  language: 'en',
});

type OpenStream = { status: number; body: string; response: Response; close: () => void };

/**
 * Opens GET /novel/stream/ and returns once the answer's head (or, for a refusal, its body) is in.
 * The Response is kept with the stream: undici cancels an unread body whose Response was garbage
 * collected, which closes the connection and frees the stream's slot on the server (a GC during
 * a burst of opens once let a later open in, and the cap test saw 4 streams admitted of 2).
 */
async function openStream(base: string, novel: string, headers: Record<string, string>): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/novel/stream/?novel_uid=${novel}`, { headers, signal: controller.signal });
  const body = response.status === 200 ? '' : await response.text();
  return { status: response.status, body, response, close: () => controller.abort() };
}

/** A full garbage collection, as may come at any moment on a busy machine. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const slotsOf = async (uid: string) =>
  (await ctx.database.pool.query(`select count(*)::int as n from stream_slots where user_uid = $1`, [uid])).rows[0].n as number;

describe('MAX_STREAMS_PER_USER', () => {
  it('refuses a third open stream of one account with 429001 in its language, and a closed stream makes room', async () => {
    const me = await signUp(ctx, 'reader-of-many@example.com');
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    const first = await openStream(ctx.baseUrl, novel, me.auth);
    const second = await openStream(ctx.baseUrl, novel, me.auth);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await slotsOf(me.uid)).toBe(2);

    const third = await fetch(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${novel}`, {
      headers: { ...me.auth, 'accept-language': 'ko' },
    });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const envelope = (await third.json()) as { base_resp: { status_code: number; status_msg: string } };
    expect(envelope.base_resp.status_code).toBe(429001);
    expect(envelope.base_resp.status_msg).toContain('이야기 2개');

    // Someone else's streams are not counted against this account.
    const other = await signUp(ctx, 'other-reader@example.com');
    const theirs = (await generate(other.auth)).body.data.novel_uid as string;
    const otherStream = await openStream(ctx.baseUrl, theirs, other.auth);
    expect(otherStream.status).toBe(200);
    otherStream.close();

    first.close();
    await waitFor(
      () => slotsOf(me.uid),
      (n) => n === 1,
    );
    const again = await openStream(ctx.baseUrl, novel, me.auth);
    expect(again.status).toBe(200);
    again.close();
    second.close();
    await waitFor(
      () => slotsOf(me.uid),
      (n) => n === 0,
    );
  });

  it('admits exactly the cap when many streams of one account open at once', async () => {
    const me = await signUp(ctx, 'reader-at-once@example.com');
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    const opened = await Promise.all(Array.from({ length: 8 }, () => openStream(ctx.baseUrl, novel, me.auth)));
    // The admitted streams stay open through a collection (the client keeps their answers).
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Read together, so that a failure says whether more were admitted at once (rows) or a slot was
    // freed early (fewer rows than admitted streams), with the rows' holders and times.
    const held = await ctx.database.pool.query(`select id, holder, seen_at from stream_slots where user_uid = $1`, [me.uid]);
    const seen = { statuses: opened.map((o) => o.status), rows: held.rows };
    expect(
      seen.statuses.filter((s) => s === 200),
      JSON.stringify(seen),
    ).toHaveLength(2);
    expect(
      seen.statuses.filter((s) => s === 429),
      JSON.stringify(seen),
    ).toHaveLength(6);
    expect(held.rows, JSON.stringify(seen)).toHaveLength(2);
    for (const o of opened) o.close();
    await waitFor(
      () => slotsOf(me.uid),
      (n) => n === 0,
    );
  });

  it('counts the streams an account holds on every app process, and a process that stops frees its own', async () => {
    const me = await signUp(ctx, 'two-servers@example.com');
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    const peer = await startPeer(ctx, { env: { GENERATION_WORKERS: '0', MAX_STREAMS_PER_USER: '2' } });
    let peerOpen = true;
    try {
      const here = await openStream(ctx.baseUrl, novel, me.auth);
      const there = await openStream(peer.baseUrl, novel, me.auth);
      expect([here.status, there.status]).toEqual([200, 200]);
      expect((await openStream(peer.baseUrl, novel, me.auth)).status).toBe(429);
      expect((await openStream(ctx.baseUrl, novel, me.auth)).status).toBe(429);
      here.close();
      peerOpen = false;
      await peer.close();
      // The peer ended its stream and deleted its rows on the way out.
      await waitFor(
        () => slotsOf(me.uid),
        (n) => n === 0,
      );
    } finally {
      if (peerOpen) await peer.close();
    }
  });

  it('stops counting the streams of a process that died without closing them once their lease lapses', async () => {
    const me = await signUp(ctx, 'crashed-server@example.com');
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    // Two streams held by a process that was killed a while ago: never renewed since.
    await ctx.database.pool.query(
      `insert into stream_slots (id, user_uid, holder, seen_at) values ('dead-1', $1, 'gone', now() - interval '5 minutes'), ('dead-2', $1, 'gone', now() - interval '5 minutes')`,
      [me.uid],
    );
    const stream = await openStream(ctx.baseUrl, novel, me.auth);
    expect(stream.status).toBe(200);
    const left = await ctx.database.pool.query(`select holder from stream_slots where user_uid = $1`, [me.uid]);
    expect(left.rows.map((r) => r.holder)).toEqual([ctx.app.deps.streamSlots.holder]);
    stream.close();
  });

  it('keeps no count at all with MAX_STREAMS_PER_USER=0 (unlimited)', async () => {
    const open = await createTestContext({ env: { GENERATION_WORKERS: '0', MAX_STREAMS_PER_USER: '0' } });
    try {
      const me = await signUp(open, 'unlimited@example.com');
      const novel = (await open.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth })).body.data
        .novel_uid as string;
      const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(open.baseUrl, novel, me.auth)));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const rows = await open.database.pool.query(`select count(*)::int as n from stream_slots`);
      expect(rows.rows[0].n).toBe(0);
      for (const s of streams) s.close();
    } finally {
      await open.close();
    }
  });
});

describe('MAX_GENERATIONS_PER_HOUR', () => {
  it('refuses the fourth story start of the hour with 429001, charging nothing; continuations count too; others are not affected', async () => {
    const me = await signUp(ctx, 'prolific@example.com');
    await grant(me.uid, 60);
    const started: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await generate(me.auth);
      expect(answer.status).toBe(200);
      started.push(answer.body.data.novel_uid as string);
    }
    const before = await balance(me.auth);
    const refused = await generate(me.auth);
    expect(refused.status).toBe(429);
    expect(refused.body.base_resp.status_code).toBe(429001);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeGreaterThan(0);

    // A finished story cannot be continued either this hour.
    await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1`, [started[0]]);
    await ctx.database.pool.query(`update novels set generate_status = 'done' where uid = $1`, [started[0]]);
    const continuation = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: started[0] }, headers: me.auth });
    expect(continuation.body.base_resp.status_code).toBe(429001);

    expect(await balance(me.auth)).toBe(before);
    const novels = await ctx.database.pool.query(`select count(*)::int as n from novels where author_uid = $1`, [me.uid]);
    expect(novels.rows[0].n).toBe(3);
    const chapters = await ctx.database.pool.query(`select count(*)::int as n from chapters where novel_uid = $1`, [started[0]]);
    expect(chapters.rows[0].n).toBeLessThanOrEqual(1);

    const neighbour = await signUp(ctx, 'neighbour@example.com');
    expect((await generate(neighbour.auth)).status).toBe(200);

    // Next hour (the window moved back), the account may start again.
    await ctx.database.pool.query(`update rate_limits set window_start = now() - interval '61 minutes' where key = $1`, [
      `generate:user:${me.uid}`,
    ]);
    expect((await generate(me.auth)).status).toBe(200);
  });
});

describe('MAX_GENERATIONS_PER_HOUR and rewrites', () => {
  it('refuses a rewrite over the hourly cap with 429001, charging nothing and adding no version; the next hour it goes through', async () => {
    const me = await signUp(ctx, 'rewriter@example.com');
    await grant(me.uid, 60);
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    // The story is finished (no workers here): one chapter with text.
    await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1`, [novel]);
    await ctx.database.pool.query(`update chapters set content = 'Once upon a time.' where novel_uid = $1`, [novel]);
    await ctx.database.pool.query(`update novels set generate_status = 'done', word_count = 4 where uid = $1`, [novel]);
    for (let i = 0; i < 2; i++) expect((await generate(me.auth)).status).toBe(200);

    const before = await balance(me.auth);
    const rewrite = () => ctx.request('POST', '/api/v1/novel/rewrite/', { body: { novel_uid: novel, chapter_index: 0 }, headers: me.auth });
    const refused = await rewrite();
    expect(refused.status).toBe(429);
    expect(refused.body.base_resp.status_code).toBe(429001);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await balance(me.auth)).toBe(before);
    const versions = async () =>
      (await ctx.database.pool.query(`select count(*)::int as n from chapters where novel_uid = $1`, [novel])).rows[0].n as number;
    expect(await versions()).toBe(1);
    const status = await ctx.database.pool.query(`select generate_status from novels where uid = $1`, [novel]);
    expect(status.rows[0].generate_status).toBe('done');

    await ctx.database.pool.query(`update rate_limits set window_start = now() - interval '61 minutes' where key = $1`, [
      `generate:user:${me.uid}`,
    ]);
    const accepted = await rewrite();
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.balance).toBe(before - 3);
    expect(await versions()).toBe(2);
  });
});

describe('token refreshes', () => {
  it('allows 60 refreshes of one account in 10 minutes; the 61st answers 429001 and leaves its token usable', async () => {
    const me = await signUp(ctx, 'refresher@example.com');
    let token = me.refresh;
    const { max } = LIMITS.refreshPerAccount;
    // The login's token and the ones after it: one account, however many tabs.
    for (let i = 0; i < max; i++) {
      const answer = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token } });
      expect(answer.status).toBe(200);
      token = answer.body.data.refresh;
    }
    const refused = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token } });
    expect(refused.status).toBe(429);
    expect(refused.body.base_resp.status_code).toBe(429001);

    // Another account refreshes as usual.
    const other = await signUp(ctx, 'calm@example.com');
    expect((await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: other.refresh } })).status).toBe(200);

    await ctx.database.pool.query(`update rate_limits set window_start = now() - interval '11 minutes' where key = $1`, [
      `refresh:user:${me.uid}`,
    ]);
    const later = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token } });
    expect(later.status).toBe(200);
  });
});

describe('persona creation', () => {
  it('allows 30 new personas an hour per account; the 31st answers 429001 and publishes nothing', async () => {
    const me = await signUp(ctx, 'card-maker@example.com');
    const { max } = LIMITS.personaCreatePerAccount;
    for (let i = 0; i < max; i++) {
      const created = await ctx.request('POST', '/api/v1/persona/create/', { body: persona(i), headers: me.auth });
      expect(created.status).toBe(200);
    }
    const refused = await ctx.request('POST', '/api/v1/persona/create/', { body: persona(max), headers: me.auth });
    expect(refused.status).toBe(429);
    expect(refused.body.base_resp.status_code).toBe(429001);
    const rows = await ctx.database.pool.query(`select count(*)::int as n from personas where author_uid = $1`, [me.uid]);
    expect(rows.rows[0].n).toBe(max);
  });
});

describe('persona uses', () => {
  it('counts a persona once per account, and once a day per visitor address', async () => {
    const author = await signUp(ctx, 'popular-author@example.com');
    const made = await ctx.request('POST', '/api/v1/persona/create/', { body: persona(1), headers: author.auth });
    const target = made.body.data as { uid: string; used_count: number };
    const use = (headers: Record<string, string>) =>
      ctx.request('POST', '/api/v1/persona/addused/', { body: { persona_uid: target.uid }, headers });
    const me = await signUp(ctx, 'clicker@example.com');
    const first = await use(me.auth);
    expect(first.status).toBe(200);
    expect(first.body.data.used_count).toBe(target.used_count + 1);
    for (let i = 0; i < 5; i++) expect((await use(me.auth)).body.data.used_count).toBe(target.used_count + 1);

    const friend = await signUp(ctx, 'friend-clicker@example.com');
    expect((await use(friend.auth)).body.data.used_count).toBe(target.used_count + 2);

    const visitor = { 'x-forwarded-for': someIp() };
    expect((await use(visitor)).body.data.used_count).toBe(target.used_count + 3);
    expect((await use(visitor)).body.data.used_count).toBe(target.used_count + 3);
    expect((await use({ 'x-forwarded-for': someIp() })).body.data.used_count).toBe(target.used_count + 4);

    // Unknown personas are still 404001, and nothing is recorded for them.
    const unknown = await ctx.request('POST', '/api/v1/persona/addused/', { body: { persona_uid: 'no-such-persona' }, headers: me.auth });
    expect(unknown.body.base_resp.status_code).toBe(404001);
  });
});
