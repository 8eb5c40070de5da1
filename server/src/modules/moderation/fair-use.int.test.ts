import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { storyRequest } from '../../../test/novels';
import { pruneRateLimits } from '../../lib/rate-limit';
import { applyLedger } from '../wallet/service';

/** Per-account fairness: live jobs per account, claim order across accounts, pruned counters. */
let ctx: TestContext;
beforeAll(async () => {
  // No workers: queued jobs stay queued, and the test claims them itself.
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0', MAX_LIVE_JOBS_PER_USER: '3' } });
});
afterAll(() => ctx.close());

const generate = (auth: Record<string, string>) => ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: auth });
const grant = (uid: string, amount: number) =>
  ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: uid, kind: 'grant', amount }));
const balance = async (auth: Record<string, string>) =>
  (await ctx.request('GET', '/api/v1/user/info/', { headers: auth })).body.data.balance as number;

describe('MAX_LIVE_JOBS_PER_USER', () => {
  it('refuses a fourth live job with 429001 and charges nothing; a finished job makes room', async () => {
    const me = await signUp(ctx, 'busy@example.com');
    await grant(me.uid, 60);
    const answers = await Promise.all([generate(me.auth), generate(me.auth), generate(me.auth), generate(me.auth), generate(me.auth)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) expect(answer.body.base_resp.status_code).toBe(429001);
    expect(await balance(me.auth)).toBe(66 - 3 * 6);
    const novels = await ctx.database.pool.query(`select count(*)::int as n from novels where author_uid = $1`, [me.uid]);
    expect(novels.rows[0].n).toBe(3);

    await ctx.database.pool.query(
      `update generation_jobs set status = 'done' where uid = (select j.uid from generation_jobs j join novels n on n.uid = j.novel_uid where n.author_uid = $1 limit 1)`,
      [me.uid],
    );
    expect((await generate(me.auth)).status).toBe(200);
  });
});

describe('MAX_LIVE_JOBS_PER_USER and rewrites', () => {
  it('refuses a rewrite while the account has its live jobs with 429001, charging nothing and adding no version', async () => {
    const me = await signUp(ctx, 'rewrites@example.com');
    await grant(me.uid, 60);
    const novel = (await generate(me.auth)).body.data.novel_uid as string;
    await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1`, [novel]);
    await ctx.database.pool.query(`update chapters set content = 'Once upon a time.' where novel_uid = $1`, [novel]);
    await ctx.database.pool.query(`update novels set generate_status = 'done', word_count = 4 where uid = $1`, [novel]);
    const others: string[] = [];
    for (let i = 0; i < 3; i++) others.push((await generate(me.auth)).body.data.novel_uid as string);

    const before = await balance(me.auth);
    const rewrite = () => ctx.request('POST', '/api/v1/novel/rewrite/', { body: { novel_uid: novel, chapter_index: 0 }, headers: me.auth });
    const refused = await rewrite();
    expect(refused.status).toBe(429);
    expect(refused.body.base_resp.status_code).toBe(429001);
    expect(await balance(me.auth)).toBe(before);
    const versions = async () =>
      (await ctx.database.pool.query(`select count(*)::int as n from chapters where novel_uid = $1`, [novel])).rows[0].n as number;
    expect(await versions()).toBe(1);

    await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1`, [others[0]]);
    const accepted = await rewrite();
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.balance).toBe(before - 3);
    expect(await versions()).toBe(2);
  });
});

describe('claim order', () => {
  it('serves the account with the fewest running jobs first, then the oldest job', async () => {
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where status in ('queued', 'running')`);
    const heavy = await signUp(ctx, 'heavy@example.com');
    const light = await signUp(ctx, 'light@example.com');
    await grant(heavy.uid, 60);
    const heavyJobs: string[] = [];
    for (let i = 0; i < 3; i++) heavyJobs.push((await generate(heavy.auth)).body.data.novel_uid as string);
    const lightJob = (await generate(light.auth)).body.data.novel_uid as string;
    const runner = ctx.app.deps.runner;
    const first = await runner.claim();
    const second = await runner.claim();
    const third = await runner.claim();
    // First-in-first-out would have given the heavy account every worker before the light one got any.
    expect([first?.novelUid, second?.novelUid, third?.novelUid]).toEqual([heavyJobs[0], lightJob, heavyJobs[1]]);
  });

  it('keeps that order in a queue of hundreds, and passes over a job another worker holds', async () => {
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where status in ('queued', 'running')`);
    const heavy = await signUp(ctx, 'queue-heavy@example.com');
    const light = await signUp(ctx, 'queue-light@example.com');
    const late = await signUp(ctx, 'queue-late@example.com');
    await grant(heavy.uid, 20);
    const model = (await generate(heavy.auth)).body.data.novel_uid as string;
    // The heavy account's story, and 300 more copied from it by SQL, queued an hour before the others':
    // first in, first out would hand them every worker.
    await ctx.database.pool.query(`update generation_jobs set created_at = created_at - interval '1 hour' where novel_uid = $1`, [model]);
    await ctx.database.pool.query(
      `insert into novels select (jsonb_populate_record(null::novels, to_jsonb(n) || jsonb_build_object('uid', n.uid || '-' || g, 'seq', n.seq * 1000 + g))).*
         from novels n, generate_series(1, 300) g where n.uid = $1`,
      [model],
    );
    await ctx.database.pool.query(
      `insert into generation_jobs select (jsonb_populate_record(null::generation_jobs, to_jsonb(j) ||
         jsonb_build_object('uid', j.uid || '-' || g, 'novel_uid', j.novel_uid || '-' || g, 'created_at', j.created_at + make_interval(secs => g)))).*
         from generation_jobs j, generate_series(1, 300) g where j.novel_uid = $1`,
      [model],
    );
    const lightJob = (await generate(light.auth)).body.data.novel_uid as string;
    const lateJob = (await generate(late.auth)).body.data.novel_uid as string;
    const queued = await ctx.database.pool.query(`select count(*)::int as n from generation_jobs where status = 'queued'`);
    expect(queued.rows[0].n).toBe(303);

    // Another worker holds the light account's job: it is passed over, not waited for.
    const holder = await ctx.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from generation_jobs where novel_uid = $1 for update`, [lightJob]);
      const claimed = await ctx.app.deps.runner.claimMany(3);
      // The first turn of each account whose job is free, then the heavy account's second (in any order);
      // first in, first out would have given three of the heavy account's.
      expect(claimed.map((j) => j.novelUid).sort()).toEqual([model, lateJob, `${model}-1`].sort());
      expect(claimed.every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    // Released, it is next: its account runs nothing yet.
    expect((await ctx.app.deps.runner.claim())?.novelUid).toBe(lightJob);
  });
});

describe('rate_limits', () => {
  it('prunes counters whose window ended long ago and keeps live ones', async () => {
    await ctx.database.pool.query(
      `insert into rate_limits (key, window_start, count) values ('old', now() - interval '3 days', 5), ('live', now(), 1)`,
    );
    expect(await pruneRateLimits(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const keys = (await ctx.database.pool.query(`select key from rate_limits where key in ('old', 'live')`)).rows.map((r) => r.key);
    expect(keys).toEqual(['live']);
  });
});
