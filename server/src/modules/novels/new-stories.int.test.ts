import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { storyRequest } from '../../../test/novels';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { applyLedger, ledgerTotals } from '../wallet/service';
import { insertNewStories, type NewStoryRow } from './new-stories';

/** Many new stories in one statement, each settled on its own (docs/decisions/0039). */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' } });
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
const row = (userUid: string, charge = 6): NewStoryRow => {
  n++;
  return {
    userUid,
    novelUid: `batch-novel-${n}`,
    jobUid: `batch-job-${n}`,
    charge,
    novel: {
      title: `Story ${n}`,
      description: '',
      tags: ['notR18', 'thirdPerson', 'description'],
      params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
      isR18: false,
      dialogueHeavy: false,
      firstPerson: 0,
      language: 'en',
      model: 'v1',
      writtenBy: 'offline',
      personaUid: null,
    },
  };
};

async function storiesOf(userUid: string) {
  const result = await ctx.database.pool.query(
    `select n.uid, n.path, j.status, j.charge, c.id as chapter_id from novels n
     join generation_jobs j on j.novel_uid = n.uid join chapters c on c.id = j.chapter_id
     where n.author_uid = $1 order by n.uid`,
    [userUid],
  );
  return result.rows as { uid: string; path: string[]; status: string; charge: number; chapter_id: string }[];
}

describe('a batch of new stories', () => {
  it('settles each story on its own: the money, the debt, the cap on live jobs and a missing account, in the order they came', async () => {
    const rich = await signUp(ctx, 'batch-rich@example.com'); // 6 + 6 = 12: two stories
    await applyLedger(ctx.database.db, { userUid: rich.uid, kind: 'grant', amount: 6 });
    const owing = await signUp(ctx, 'batch-owing@example.com'); // 6 − 10: owes 4
    await applyLedger(ctx.database.db, { userUid: owing.uid, kind: 'chargeback', amount: -10 });
    const busy = await signUp(ctx, 'batch-busy@example.com'); // 60 Butter, two live jobs already: room for one more
    await applyLedger(ctx.database.db, { userUid: busy.uid, kind: 'grant', amount: 54 });
    await insertNewStories(ctx.database.db, [row(busy.uid), row(busy.uid)], 3);
    const pass = await signUp(ctx, 'batch-pass@example.com'); // a pass: charge 0, whatever the balance
    await applyLedger(ctx.database.db, { userUid: pass.uid, kind: 'grant', amount: -6 });

    const rows = [
      row(rich.uid),
      row(busy.uid),
      row(owing.uid),
      row(rich.uid),
      row('no-such-account'),
      row(busy.uid),
      row(rich.uid),
      row(pass.uid, 0),
      row(pass.uid, 0),
    ];
    const outcomes = await insertNewStories(ctx.database.db, rows, 3);
    expect(outcomes.map((o) => o.kind)).toEqual(['ok', 'ok', 'debt', 'ok', 'missing', 'cap', 'short', 'ok', 'ok']);
    expect(outcomes[0]).toMatchObject({ balance: 6 });
    expect(outcomes[3]).toMatchObject({ balance: 0 });
    expect(outcomes[2]).toEqual({ kind: 'debt', debt: 4 });

    // Every balance equals its ledger; each written story has its novel, first chapter on its path, and job.
    for (const [who, balance, debt, stories] of [
      [rich, 0, 0, 2],
      [owing, 0, 4, 0],
      [busy, 42, 0, 3],
      [pass, 0, 0, 2],
    ] as const) {
      const totals = await ledgerTotals(ctx.database.db, { userUid: who.uid });
      expect(totals).toEqual({ balance, debt, ledgerSum: balance - debt });
      const written = await storiesOf(who.uid);
      expect(written).toHaveLength(stories);
      for (const story of written) {
        expect(story.path.map(String)).toEqual([String(story.chapter_id)]);
        expect(story.status).toBe('queued');
      }
    }
    // The ledger reads in the order the stories came: 12 → 6 → 0.
    const ledger = await ctx.database.pool.query(
      `select amount, balance_after from ledger where user_uid = $1 and kind = 'generate' order by id`,
      [rich.uid],
    );
    expect(ledger.rows).toEqual([
      { amount: -6, balance_after: 6 },
      { amount: -6, balance_after: 0 },
    ]);
  });

  it('writes a story claimed by a worker as running, and a queued one with a wake-up', async () => {
    const me = await signUp(ctx, 'batch-claimed@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 6 });
    const claimed = { ...row(me.uid), claimedBy: { workerId: 'worker-1', leaseSeconds: 30 } };
    const outcomes = await insertNewStories(ctx.database.db, [claimed, row(me.uid)], 0);
    expect(outcomes.map((o) => o.kind)).toEqual(['ok', 'ok']);
    const jobs = await ctx.database.pool.query(
      `select uid, status, attempts, worker_id, lease_until > now() as leased from generation_jobs where uid = any($1) order by uid`,
      [[claimed.jobUid, `batch-job-${n}`]],
    );
    expect(jobs.rows).toEqual([
      { uid: claimed.jobUid, status: 'running', attempts: 1, worker_id: 'worker-1', leased: true },
      { uid: `batch-job-${n}`, status: 'queued', attempts: 0, worker_id: null, leased: null },
    ]);
  });

  it('refuses a NUL or half a surrogate pair in any field with 400001, while the good starts sent beside it are written', async () => {
    const writers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => signUp(ctx, `batch-text-${i}@example.com`)));
    const bad = [
      storyRequest({ params: { ...storyRequest().params, plot: 'A storm\u0000 strands him.' } }),
      storyRequest({ params: { ...storyRequest().params, char_a_name: 'In\ud800es' } }),
    ];
    const answers = await Promise.all(
      writers.map((w, i) => ctx.request('POST', '/api/v1/novel/generate/', { headers: w.auth, body: i < 2 ? bad[i] : storyRequest() })),
    );
    expect(answers.map((a) => [a.status, a.body.base_resp.status_code])).toEqual([
      [400, 400001],
      [400, 400001],
      [200, 0],
      [200, 0],
      [200, 0],
      [200, 0],
    ]);
    expect(answers[0]!.body.data.fields).toHaveProperty(['params.plot']);
    expect(answers[0]!.body.base_resp.status_msg).toContain('params.plot');
    expect(answers[1]!.body.data.fields).toHaveProperty(['params.char_a_name']);
    // The refused accounts were charged nothing and have no story; the others have theirs.
    for (const [i, w] of writers.entries()) {
      const info = await ctx.request('GET', '/api/v1/user/info/', { headers: w.auth });
      expect(info.body.data.balance).toBe(i < 2 ? 6 : 0);
      expect(await storiesOf(w.uid)).toHaveLength(i < 2 ? 0 : 1);
    }
    // A query string and a path are read too.
    const query = await ctx.request('GET', '/api/v1/post/list/?page=1&language=en%00');
    expect([query.status, query.body.base_resp.status_code]).toEqual([400, 400001]);
  });
});
