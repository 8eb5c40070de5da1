import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { readSse, type FakeLlm } from '../../test/fake-llm';
import { capturedLog, createModelTestContext, type TestContext } from '../../test/helpers';
import { novelDetails, novelFinished, storyRequest } from '../../test/novels';
import { ledgerTotals } from '../modules/wallet/service';

// The second opinion: MODERATION_PROVIDER=openai sends the input and the finished chapter to a real
// HTTP server on loopback speaking OpenAI's /moderations protocol (server/test/fake-llm.ts).
let llm: FakeLlm;
let ctx: TestContext;

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext({ MODERATION_PROVIDER: 'openai', GENERATION_WORKERS: '1' }));
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});
afterEach(() => {
  llm.script([{ chunks: ['Hello'] }]);
  llm.moderate({});
});

const balance = async (uid: string) => {
  const totals = await ledgerTotals(ctx.database.db, { userUid: uid });
  expect(totals.balance).toBe(totals.ledgerSum);
  return totals.balance;
};

describe('the moderation endpoint as a second opinion', () => {
  it('is reported by /health/', async () => {
    const res = await ctx.request('GET', '/api/v1/health/');
    expect(res.body.data).toMatchObject({ moderation: 'openai' });
  });

  it('refuses a request the endpoint marks sexual/minors, with the default model, before any charge', async () => {
    const me = await signUp(ctx, 'remote-input@example.com');
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
    // Words the local lists do not know: only the endpoint can refuse them.
    llm.moderate({ flagMinors: ['Marigold Vale'] });
    const chats = llm.requests.length;
    const body = storyRequest({ is_r18: 1, params: { ...storyRequest().params, plot: 'Ines meets Marigold Vale at the harbour.' } });
    const refused = await ctx.request('POST', '/api/v1/novel/generate/', { body, headers: me.auth });
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    const asked = llm.moderationRequests.at(-1)!;
    expect(asked.model).toBe('omni-moderation-latest');
    expect(JSON.stringify(asked.input)).toContain('Marigold Vale');
    expect(await balance(me.uid)).toBe(6);
    expect(llm.requests.length).toBe(chats);
  });

  it('removes a finished chapter the endpoint marks, charging only for what was shown', async () => {
    const me = await signUp(ctx, 'remote-output@example.com');
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
    llm.moderate({ flagMinors: ['Velvet Hollow'] });
    const words = Array.from({ length: 40 }, (_, i) => `wave${i} `);
    llm.script([{ chunks: [...words, 'then Velvet Hollow.'], delayMs: 5 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest({ is_r18: 1 }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) =>
      e.some((x) => x.event === 'error' || x.event === 'done'),
    );
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'safety', generate_status: 'failed' } });
    const res = await novelDetails(ctx, me.auth, uid);
    expect(res.body.data.novel).toMatchObject({ generate_status: 'failed', failure: 'safety', word_count: 0 });
    expect(res.body.data.chapters[0].content).toBe('');
    // About 290 of 1800 characters were shown: 6 × (1 − 290/1800) rounded down = 5 back, 1 paid.
    const shownChars = words.join('').length + 'then Velvet Hollow.'.length;
    expect(await balance(me.uid)).toBe(Math.floor(6 * (1 - shownChars / 1800)));
  });

  it('lets the local check stand alone when the endpoint fails', async () => {
    const me = await signUp(ctx, 'remote-down@example.com');
    llm.moderate({ status: 500 });
    llm.script([{ chunks: ['A quiet harbour.'] }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
    expect(started.status).toBe(200);
    const res = await novelFinished(ctx, me.auth, started.body.data.novel_uid);
    expect(res.body.data.novel).toMatchObject({ generate_status: 'done', failure: null });
    // ...and the local check still refuses on its own.
    const refused = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: storyRequest({ params: { ...storyRequest().params, plot: 'They had sex.' } }),
      headers: me.auth,
    });
    expect(refused.status).toBe(403);
  });
});

describe('an output check the endpoint never answers', () => {
  const log = capturedLog('warn');
  let slow: { llm: FakeLlm; ctx: TestContext };
  beforeAll(async () => {
    // A 4 s lease: the runner gives the endpoint half of it (2 s) to judge a finished chapter.
    slow = await createModelTestContext(
      { MODERATION_PROVIDER: 'openai', GENERATION_WORKERS: '1', GENERATION_LEASE_SECONDS: '4' },
      { logger: log.logger },
    );
  });
  afterAll(async () => {
    await slow.ctx.close();
    await slow.llm.close();
  });

  it('keeps the chapter, and logs that the check failed, naming the job', async () => {
    const { llm, ctx: app } = slow;
    const me = await signUp(app, 'remote-silent@example.com');
    // The request's own check is answered; the finished chapter's never is.
    llm.moderate({ stallOn: ['Lanternfish'] });
    llm.script([{ chunks: ['The Lanternfish ', 'glowed under the pier.'] }]);
    const started = await app.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
    expect(started.status).toBe(200);
    const uid = started.body.data.novel_uid;
    const res = await novelFinished(app, me.auth, uid);
    expect(res.body.data.novel).toMatchObject({ generate_status: 'done', failure: null });
    expect(res.body.data.chapters[0].content).toBe('The Lanternfish glowed under the pier.');
    expect(llm.moderationRequests.some((r) => JSON.stringify(r.input).includes('Lanternfish'))).toBe(true);

    const job = await app.database.pool.query<{ uid: string }>('select uid from generation_jobs where novel_uid = $1', [uid]);
    const lines = log.lines().filter((l) => l.msg === 'the moderation check of a finished chapter failed; the chapter was kept');
    expect(lines).toHaveLength(1);
    // pino's level 50 is "error": an operator's alert sees it.
    expect(lines[0]).toMatchObject({ level: 50, job: job.rows[0]!.uid });
    const totals = await ledgerTotals(app.database.db, { userUid: me.uid });
    expect(totals).toEqual({ balance: 0, debt: 0, ledgerSum: 0 });
  });
});
