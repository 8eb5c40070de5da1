import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { readSse, type FakeLlm, type SseEvent } from '../../test/fake-llm';
import { capturedLog, createModelTestContext, type TestContext } from '../../test/helpers';
import { novelDetails, novelFinished, personaRequest, storyRequest } from '../../test/novels';
import { STRICT_RULE } from '../generation/prompts/build';
import { LIMITS } from '../lib/limits';
import { applyLedger, ledgerTotals } from '../modules/wallet/service';
import { JUDGE_PROMPT } from './judge';

/**
 * Issue 46: the judge on by default. A real model (LLM_PROVIDER=openai, the loopback fake) and no
 * MODERATION_* settings: the story model is the judge. The fake judges by words the local check knows
 * nothing of, so only the judge can refuse them:
 * - MARIGOLD and QUINCE together in one text are unsafe, either alone is safe (a plot and a pinned fact);
 * - ZEPHYRINE is unsafe (the model writes it mid-chapter);
 * - NEVERANSWER gets no answer;
 * - FLOODMARK is answered slowly (one account's flood of judged writes).
 */
let llm: FakeLlm;
let ctx: TestContext;
const log = capturedLog('info');
beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext(
    // '' is unset: the default a deployment gets.
    { MODERATION_PROVIDER: '', MODERATION_TIMEOUT: '2s', MODERATION_CONCURRENCY: '2' },
    { logger: log.logger },
  ));
  llm.answerBy((body) => {
    if (body.messages[0]?.content !== JUDGE_PROMPT) return undefined;
    const text = body.messages[1]?.content ?? '';
    if (text.includes('NEVERANSWER')) return { fault: 'silent' };
    if (text.includes('FLOODMARK')) return { chunks: ['safe'], firstDelayMs: 300 };
    const unsafe = (text.includes('MARIGOLD') && text.includes('QUINCE')) || text.includes('ZEPHYRINE');
    return { chunks: [unsafe ? 'unsafe\nS4' : 'safe'], firstDelayMs: 20 };
  });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});
beforeEach(() => llm.script([{ chunks: ['The tide came in. ', 'They watched it together.'], delayMs: 20 }]));

async function balanceOf(uid: string) {
  const totals = await ledgerTotals(ctx.database.db, { userUid: uid });
  expect(totals.balance).toBe(totals.ledgerSum);
  return totals.balance;
}
async function adult(email: string) {
  const me = await signUp(ctx, email);
  await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
  return me;
}
const adultStory = (plot: string) => storyRequest({ is_r18: 1, params: { ...storyRequest().params, plot } });
const streamUntilEnd = (auth: Record<string, string>, uid: string) =>
  readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, auth, (e) => e.some((x) => x.event === 'error' || x.event === 'done'));
const shown = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
const judgeRequests = () => llm.requests.filter((r) => r.messages[0]?.content === JUDGE_PROMPT);
const storyRequests = () => llm.requests.filter((r) => r.messages[0]?.content !== JUDGE_PROMPT);
const judged = (marker: string) => judgeRequests().filter((r) => r.messages[1]?.content.includes(marker));

describe('the judge on by default with a real model (issue 46)', () => {
  it('is the story model: /health/ says llm, with no warning', async () => {
    const health = await ctx.request('GET', '/api/v1/health/');
    expect(health.body.data).toMatchObject({ llm: 'openai', moderation: 'llm', warnings: [] });
    expect(health.body.data.safety_layers).toContain('llm-judge');
  });

  it('reads an adult story start: the whole prompt the model is sent, fenced by a code the text cannot know', async () => {
    const me = await adult('default-judge@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: adultStory('Two sailors, 30 and 32, weather a PELICAN storm.'),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const done = await novelFinished(ctx, me.auth, started.body.data.novel_uid);
    expect(done.body.data.chapters[0].content).toBe('The tide came in. They watched it together.');
    const [input] = judged('PELICAN');
    expect(input).toBeDefined();
    const story = storyRequests().find((r) => r.messages[1]?.content.includes('PELICAN'))!;
    // Every message the model was sent is in the text the judge read.
    for (const message of story.messages) expect(input!.messages[1]!.content).toContain(message.content);
    const fence = /^<<<BEGIN TEXT ([0-9a-f]{24})>>>\n[\s\S]*\n<<<END TEXT \1>>>$/u;
    expect(input!.messages[1]!.content).toMatch(fence);
    // The output was judged too, before the reader saw it.
    expect(judged('They watched it together.').length).toBeGreaterThan(0);
  });

  it('refuses a continuation whose plot and pinned fact are unsafe only together: nothing shown, refunded', async () => {
    const me = await adult('default-judge-pinned@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 30 });
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: adultStory('They meet at the MARIGOLD inn, both 30.'),
      headers: me.auth,
    });
    const uid = started.body.data.novel_uid;
    expect((await novelFinished(ctx, me.auth, uid)).body.data.novel.generate_status).toBe('done');
    // Judged alone when saved: safe.
    const pinned = await ctx.request('POST', '/api/v1/novel/memory/', {
      body: { novel_uid: uid, pinned_facts: ['Ines keeps a QUINCE tree.'] },
      headers: me.auth,
    });
    expect(pinned.status).toBe(200);
    expect(judged('QUINCE').length).toBeGreaterThan(0);
    const before = await balanceOf(me.uid);
    llm.script([{ chunks: ['Morning came. ', 'The inn was quiet.'], delayMs: 30 }]);
    const events = await readSse(
      `${ctx.baseUrl}/api/v1/novel/continuation/`,
      me.auth,
      (e) => e.some((x) => x.event === 'error' || x.event === 'done'),
      20_000,
      { novel_uid: uid },
    );
    expect(shown(events)).toBe('');
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: 'safety' } });
    // The judge read both words in the one prompt of the continuation.
    expect(judged('QUINCE').some((r) => r.messages[1]!.content.includes('MARIGOLD'))).toBe(true);
    const details = await novelDetails(ctx, me.auth, uid);
    expect(details.body.data.chapters.map((c: { content: string }) => c.content).join('')).not.toContain('The inn was quiet');
    expect(await balanceOf(me.uid)).toBe(before);
  });

  it('never shows a word the judge refuses mid-chapter, stores none of it, writes the chapter again once more strictly, then refunds', async () => {
    const me = await adult('default-judge-output@example.com');
    const storiesBefore = storyRequests().length;
    const balance = await balanceOf(me.uid);
    const opening = 'The harbour lay still under a low grey sky, and the two of them walked the length of the pier without a word. '.repeat(
      4,
    );
    llm.script([
      { chunks: [opening, 'Then the ZEPHYRINE lanterns swayed ', 'over the water.'], delayMs: 300 },
      { chunks: ['Again the ZEPHYRINE ', 'lanterns.'], delayMs: 20 },
    ]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: adultStory('Two sailors, 30 and 32, on a pier.'),
      headers: me.auth,
    });
    const uid = started.body.data.novel_uid;
    const events = await streamUntilEnd(me.auth, uid);
    const seen = shown(events);
    expect(seen).not.toContain('ZEPHYRINE');
    // The first window was judged safe and shown; the one with the word was not.
    expect(seen).toBe(opening);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { message: 'safety' } });
    // Written again once, from what was shown, with the stricter instruction.
    const tries = storyRequests().slice(storiesBefore);
    expect(tries).toHaveLength(2);
    expect(tries[0]!.messages[0]!.content).not.toContain(STRICT_RULE);
    expect(tries[1]!.messages[0]!.content).toContain(STRICT_RULE);
    expect(tries[1]!.messages.find((m) => m.role === 'assistant')?.content).toBe(opening);
    const details = await novelDetails(ctx, me.auth, uid);
    expect(details.body.data.chapters[0].content).toBe(opening);
    expect(JSON.stringify(details.body.data)).not.toContain('ZEPHYRINE');
    // Charged 6, refunded for what was not shown (docs/decisions/0016): 6 × (1 − 452/1800), rounded down.
    expect(await balanceOf(me.uid)).toBe(balance - 6 + Math.floor(6 * (1 - Array.from(opening).length / 1800)));
    expect(log.text()).toContain('writing the chapter again, more strictly');
  });

  it('refunds all of a chapter the judge refuses twice before a word was shown', async () => {
    const me = await adult('default-judge-output-early@example.com');
    const balance = await balanceOf(me.uid);
    llm.script([{ chunks: ['The lanterns. ', 'ZEPHYRINE. ', 'The end.'], delayMs: 20 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: adultStory('Two sailors, 30 and 32.'), headers: me.auth });
    const uid = started.body.data.novel_uid;
    const events = await streamUntilEnd(me.auth, uid);
    expect(shown(events)).toBe('');
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'safety', generate_status: 'failed' } });
    const details = await novelDetails(ctx, me.auth, uid);
    expect(details.body.data.chapters[0].content).toBe('');
    expect(await balanceOf(me.uid)).toBe(balance);
  });

  it('fails an adult start before any text when the judge never answers, and charges nothing', async () => {
    const me = await adult('default-judge-silent@example.com');
    const balance = await balanceOf(me.uid);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: adultStory('A NEVERANSWER evening on the pier.'),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const events = await streamUntilEnd(me.auth, started.body.data.novel_uid);
    expect(shown(events)).toBe('');
    expect(events.at(-1)?.event).toBe('error');
    const details = await novelDetails(ctx, me.auth, started.body.data.novel_uid);
    expect(details.body.data.novel.generate_status).toBe('failed');
    expect(details.body.data.chapters[0].content).toBe('');
    expect(await balanceOf(me.uid)).toBe(balance);
  });

  it("serves another account's adult story in turn while one account floods the judge with writes", async () => {
    const flooder = await adult('default-judge-flood@example.com');
    const reader = await adult('default-judge-flooded@example.com');
    const flood = Array.from({ length: 16 }, (_, i) =>
      ctx.request('POST', '/api/v1/persona/create/', {
        body: personaRequest({ plot: `A FLOODMARK storm, take ${i}.`, is_r18: 1 }),
        headers: flooder.auth,
      }),
    );
    // The flood is queued (two calls at a time, 300 ms each) before the story asks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: adultStory('Two sailors, 30 and 32, see an OSPREY.'),
      headers: reader.auth,
    });
    const done = await novelFinished(ctx, reader.auth, started.body.data.novel_uid);
    expect(done.body.data.novel.generate_status).toBe('done');
    expect(done.body.data.chapters[0].content).toBe('The tide came in. They watched it together.');
    // Served in turn: the story's prompt reached the judge after a few of the flood's calls, not after all sixteen.
    const order = judgeRequests().map((r) => r.messages[1]!.content);
    const storyAt = order.findIndex((text) => text.includes('OSPREY'));
    const floodBefore = order.slice(0, storyAt).filter((text) => text.includes('FLOODMARK')).length;
    expect(floodBefore).toBeLessThan(8);
    const answers = await Promise.all(flood);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
  });
});

describe('judged writes per account (issue 46)', () => {
  it('counts every write the judge reads: past judgedWritesPerAccount, 429001 with Retry-After, nothing judged', async () => {
    const me = await adult('default-judge-writes@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: adultStory('Two sailors, 30 and 32.'), headers: me.auth });
    const uid = started.body.data.novel_uid;
    await novelFinished(ctx, me.auth, uid);
    const save = (i: number) =>
      ctx.request('POST', '/api/v1/novel/memory/', {
        body: { novel_uid: uid, author_note: `note ${i} of the CORMORANT` },
        headers: me.auth,
      });
    for (let i = 0; i < LIMITS.judgedWritesPerAccount.max; i++) expect((await save(i)).status).toBe(200);
    const judgedBefore = judged('CORMORANT').length;
    const over = await save(LIMITS.judgedWritesPerAccount.max);
    expect(over.status).toBe(429);
    expect(over.body.base_resp.status_code).toBe(429001);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(judged('CORMORANT').length).toBe(judgedBefore);
  });
});

describe('the judge turned off (MODERATION_PROVIDER=none)', () => {
  let off: { llm: FakeLlm; ctx: TestContext };
  beforeAll(async () => {
    off = await createModelTestContext({ MODERATION_PROVIDER: 'none' });
  });
  afterAll(async () => {
    await off.ctx.close();
    await off.llm.close();
  });

  it('is reported on /health/ as none, with a warning, and asks no judge', async () => {
    const health = await off.ctx.request('GET', '/api/v1/health/');
    expect(health.body.data).toMatchObject({ moderation: 'none', warnings: ['moderation-off'] });
    expect(off.llm.requests.filter((r) => r.messages[0]?.content === JUDGE_PROMPT)).toEqual([]);
  });
});
