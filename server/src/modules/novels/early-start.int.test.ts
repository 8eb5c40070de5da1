import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse, type FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { runnerSettled, storyRequest, waitFor } from '../../../test/novels';
import { applyLedger, ledgerTotals } from '../wallet/service';

/**
 * A new story is asked of the model while its charge commits (docs/decisions/0039). Whatever the
 * model answers meanwhile is shown to no one until the charge, the novel and the job are durable;
 * a refused charge ends the request unread and leaves nothing behind.
 */
let llm: FakeLlm;
let ctx: TestContext;

beforeAll(async () => {
  // Enough workers that every story of the burst is asked before its commit.
  ({ llm, ctx } = await createModelTestContext({ GENERATION_WORKERS: '12', MAX_LIVE_JOBS_PER_USER: '0' }));
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const request = () => storyRequest({ language: 'en' });

async function authorRows(userUid: string) {
  const novels = await ctx.database.pool.query('select uid, generate_status from novels where author_uid = $1', [userUid]);
  const jobs = await ctx.database.pool.query(
    'select j.status from generation_jobs j join novels n on n.uid = j.novel_uid where n.author_uid = $1',
    [userUid],
  );
  return { novels: novels.rows as { uid: string; generate_status: string }[], jobs: jobs.rows as { status: string }[] };
}

describe('a story asked of the model before its charge commits', () => {
  it('a burst of ten on Butter for one: one story, nine refusals that show no text and leave no job, every slot back', async () => {
    const me = await signUp(ctx, 'burst@example.com');
    // The model answers at once: its text is there before most charges have committed.
    llm.script([{ chunks: ['The storm ', 'broke at ', 'midnight.'] }]);
    const asked = llm.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth })),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.body.base_resp.status_code).toBe(305001);
      expect(answer.body.data ?? null).toBeNull();
    }
    // Each was asked before its commit (the cached balance covered it); a refused one is cut off, often before it reaches the model.
    expect(llm.requests.length - asked).toBeGreaterThanOrEqual(1);

    const uid = accepted[0]!.body.data.novel_uid as string;
    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) => e.some((x) => x.event === 'done'));
    const shown = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(shown.join('')).toBe('The storm broke at midnight.');

    // Refused stories exist nowhere: one novel, one job, the Butter spent once.
    await runnerSettled(ctx);
    const rows = await authorRows(me.uid);
    expect(rows.novels).toEqual([{ uid, generate_status: 'done' }]);
    expect(rows.jobs).toEqual([{ status: 'done' }]);
    const totals = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    expect(totals).toMatchObject({ balance: 0, debt: 0, ledgerSum: 0 });

    // Every worker slot kept for the refused stories came back: a full set of stories runs again.
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 72 });
    llm.script([{ chunks: ['Again.'] }]);
    const again = await Promise.all(
      Array.from({ length: 12 }, () => ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth })),
    );
    expect(again.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
    await waitFor(
      () => authorRows(me.uid),
      (r) => r.jobs.length === 13 && r.jobs.every((j) => j.status === 'done'),
    );
  });

  it('an account without Butter costs no model call: nothing is asked, stored or charged', async () => {
    const me = await signUp(ctx, 'empty@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: -6 });
    await runnerSettled(ctx);
    const asked = llm.requests.length;
    const answer = await ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth });
    expect(answer.status).toBe(402);
    expect(answer.body.base_resp.status_code).toBe(305001);
    // Its money is read fresh before the early call (start.ts), so the model is never asked.
    await runnerSettled(ctx);
    expect(llm.requests.length).toBe(asked);
    expect(await authorRows(me.uid)).toEqual({ novels: [], jobs: [] });
    expect(await ledgerTotals(ctx.database.db, { userUid: me.uid })).toMatchObject({ balance: 0, debt: 0, ledgerSum: 0 });
  });

  it('answers a start call sent with Accept: text/event-stream with the story on the same request: head, text, done', async () => {
    const me = await signUp(ctx, 'one-trip@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 3 });
    llm.script([{ chunks: ['Rain on ', 'the lighthouse.'], delayMs: 20 }]);
    const until = (events: { event: string }[]) => events.some((e) => e.event === 'done' || e.event === 'error');
    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/generate/`, me.auth, until, 20_000, request());
    expect(events[0]!.event).toBe('head');
    const head = events[0]!.data;
    expect(head.base_resp.status_code).toBe(0);
    expect(head.data).toMatchObject({ generate_status: 'generating', balance: 3 });
    const text = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(text.join('')).toBe('Rain on the lighthouse.');
    expect(events.at(-1)).toEqual({ event: 'done', data: { generate_status: 'done', word_count: 4 } });

    // A continuation the same way: its chapter's text, after the head.
    await runnerSettled(ctx);
    llm.script([{ chunks: ['Morning came.'] }]);
    const more = await readSse(`${ctx.baseUrl}/api/v1/novel/continuation/`, me.auth, until, 20_000, { novel_uid: head.data.novel_uid });
    expect(more[0]).toMatchObject({ event: 'head', data: { data: { generate_status: 'continuing', balance: 0 } } });
    const deltas = more.filter((e) => e.event === 'delta');
    expect(deltas.every((e) => e.data.chapter === 1)).toBe(true);
    expect(deltas.map((e) => e.data.text as string).join('')).toBe('Morning came.');
    expect(more.at(-1)).toMatchObject({ event: 'done', data: { generate_status: 'done' } });

    // Refused before anything is charged: the JSON error, not a stream.
    const refused = await fetch(`${ctx.baseUrl}/api/v1/novel/generate/`, {
      method: 'POST',
      headers: { ...me.auth, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(request()),
    });
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await refused.json()) as { base_resp: { status_code: number } }).base_resp.status_code).toBe(305001);
  });
});
