import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import type { FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { applyLedger, ledgerTotals } from '../wallet/service';

/**
 * Every kind of job starts through one path (start.ts) and is charged, and refunded when the model
 * fails, by the wallet alone (wallet_move, migration 0031; docs/decisions/0051): one ledger row per
 * charge and per refund, referring to its job, each row's balance after it the running sum of the rows.
 */
let llm: FakeLlm;
let ctx: TestContext;

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext());
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

type Row = { kind: string; amount: number; balance_after: number; debt_after: number; ref: string | null };
const ledgerOf = async (uid: string) =>
  (
    await ctx.database.pool.query<Row>('select kind, amount, balance_after, debt_after, ref from ledger where user_uid = $1 order by id', [
      uid,
    ])
  ).rows;
const lastJob = async (novelUid: string) =>
  (
    await ctx.database.pool.query<{ uid: string; kind: string; status: string }>(
      'select uid, kind, status from generation_jobs where novel_uid = $1 order by created_at desc, uid limit 1',
      [novelUid],
    )
  ).rows[0]!;

describe('starting a story, a continuation and a rewrite', () => {
  it('books each charge, and each refund of a failed job, as one ledger row, and the balance is the ledger', async () => {
    const me = await signUp(ctx, 'one-path@example.com');
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 60 }));
    const post = (path: string, body: Record<string, unknown>) => ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: me.auth });
    const before = (await ledgerOf(me.uid)).length;
    /** Starts one job, waits for its end, and answers what the wallet wrote for it. */
    const run = async (path: string, body: Record<string, unknown>, novelUid?: string) => {
      const started = await post(path, body);
      expect(started.status).toBe(200);
      const uid = novelUid ?? (started.body.data.novel_uid as string);
      await novelFinished(ctx, me.auth, uid, 30_000);
      const job = await lastJob(uid);
      const rows = (await ledgerOf(me.uid)).filter((r) => r.ref === job.uid);
      return { uid, job, rows, balance: started.body.data.balance as number };
    };

    llm.script([{ chunks: ['The harbour ', 'was quiet.'] }]);
    const story = await run('generate', storyRequest());
    expect(story.balance).toBe(60);
    expect(story.rows.map((r) => [r.kind, r.amount])).toEqual([['generate', -6]]);
    const next = await run('continuation', { novel_uid: story.uid }, story.uid);
    expect(next.job).toMatchObject({ kind: 'continue', status: 'done' });
    expect(next.rows.map((r) => [r.kind, r.amount])).toEqual([['continue', -3]]);
    const again = await run('rewrite', { novel_uid: story.uid, chapter_index: 0 }, story.uid);
    expect(again.job).toMatchObject({ kind: 'rewrite', status: 'done' });
    // A rewrite is priced and booked like a continuation (CONTRACT.md section 5).
    expect(again.rows.map((r) => [r.kind, r.amount])).toEqual([['continue', -3]]);
    expect(again.balance).toBe(54);

    // The model fails every try: each job is charged once, then refunded once after its third try.
    llm.script([{ status: 500 }]);
    const failedStory = await run('generate', storyRequest());
    expect(failedStory.job).toMatchObject({ kind: 'generate', status: 'failed' });
    expect(failedStory.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['generate', -6],
      ['refund', 6],
    ]);
    const failedNext = await run('continuation', { novel_uid: story.uid }, story.uid);
    expect(failedNext.job).toMatchObject({ kind: 'continue', status: 'failed' });
    expect(failedNext.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['continue', -3],
      ['refund', 3],
    ]);
    const failedAgain = await run('rewrite', { novel_uid: story.uid, chapter_index: 0 }, story.uid);
    expect(failedAgain.job).toMatchObject({ kind: 'rewrite', status: 'failed' });
    expect(failedAgain.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['continue', -3],
      ['refund', 3],
    ]);

    // Nothing else moved Butter, every row's balance after it is the running sum, and the balance is the ledger's sum.
    const rows = (await ledgerOf(me.uid)).slice(before);
    expect(rows).toHaveLength(3 + 6);
    let sum = (await ledgerOf(me.uid)).slice(0, before).reduce((total, r) => total + r.amount, 0);
    for (const row of rows) {
      sum += row.amount;
      expect(row.balance_after - row.debt_after).toBe(sum);
    }
    const totals = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    expect(totals).toEqual({ balance: 54, debt: 0, ledgerSum: 54 });
  }, 120_000);
});
