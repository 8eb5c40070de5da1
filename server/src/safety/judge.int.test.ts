import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { readSse, type FakeLlm, type SseEvent } from '../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../test/helpers';
import { novelDetails, novelFinished, personaRequest, storyRequest } from '../../test/novels';
import { personas } from '../db/schema';
import { createLogger } from '../lib/logger';
import { ledgerTotals } from '../modules/wallet/service';
import { JUDGE_PROMPT } from './judge';

/**
 * Issue 28: MODERATION_PROVIDER=llm. The judge is the story model's own server here (no
 * MODERATION_BASE_URL), a loopback fake that answers "unsafe" to a text holding MARIGOLD (a word the
 * local check knows nothing of, so only the judge can refuse it) and never answers one holding QUIETUS.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let llm: FakeLlm;
let ctx: TestContext;
beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext(
    { MODERATION_PROVIDER: 'llm', MODERATION_TIMEOUT: '1s' },
    { logger: createLogger({ level: 'info', pretty: false, destination: sink }) },
  ));
  llm.answerBy((body) => {
    if (body.messages[0]?.content !== JUDGE_PROMPT) return undefined;
    const text = body.messages[1]?.content ?? '';
    if (text.includes('QUIETUS')) return { fault: 'silent' };
    return { chunks: [text.includes('MARIGOLD') ? 'unsafe' : 'safe'], firstDelayMs: 50 };
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
const withPlot = (plot: string, isR18: 0 | 1) => storyRequest({ is_r18: isR18, params: { ...storyRequest().params, plot } });
const streamUntilEnd = (auth: Record<string, string>, uid: string) =>
  readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, auth, (e) => e.some((x) => x.event === 'error' || x.event === 'done'));
const shown = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
const judged = (marker: string) =>
  llm.requests.filter((r) => r.messages[0]?.content === JUDGE_PROMPT && r.messages[1]?.content.includes(marker));

describe('the LLM judge (MODERATION_PROVIDER=llm)', () => {
  it('names its layers on /health/', async () => {
    const health = await ctx.request('GET', '/api/v1/health/');
    expect(health.body.data.safety_layers).toContain('llm-judge');
  });

  it('lets an adult story the judge finds safe through, whole', async () => {
    const me = await adult('judge-safe@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: withPlot('Two sailors, 30 and 32, weather a storm.', 1),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const done = await novelFinished(ctx, me.auth, started.body.data.novel_uid);
    expect(done.body.data.chapters[0].content).toBe('The tide came in. They watched it together.');
    expect(judged('weather a storm').length).toBeGreaterThan(0);
  });

  it('refuses an adult story the judge finds unsafe before the reader sees a word, and gives the Butter back', async () => {
    const me = await adult('judge-unsafe@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: withPlot('They meet at the MARIGOLD bus stop.', 1),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const events = await streamUntilEnd(me.auth, started.body.data.novel_uid);
    expect(shown(events)).toBe('');
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: 'safety', generate_status: 'failed' } });
    const details = await novelDetails(ctx, me.auth, started.body.data.novel_uid);
    expect(details.body.data.chapters[0].content).toBe('');
    expect(await balanceOf(me.uid)).toBe(6);
  });

  it('fails closed on an adult story when the judge does not answer: nothing shown, nothing charged', async () => {
    const me = await adult('judge-silent@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: withPlot('A QUIETUS evening on the pier.', 1),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const events = await streamUntilEnd(me.auth, started.body.data.novel_uid);
    expect(shown(events)).toBe('');
    expect(events.at(-1)?.event).toBe('error');
    const details = await novelDetails(ctx, me.auth, started.body.data.novel_uid);
    expect(details.body.data.novel.generate_status).toBe('failed');
    expect(await balanceOf(me.uid)).toBe(6);
  });

  it('fails open on a general story when the judge does not answer, with a log line', async () => {
    const me = await signUp(ctx, 'judge-silent-general@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: withPlot('A QUIETUS walk to the lighthouse.', 0),
      headers: me.auth,
    });
    const done = await novelFinished(ctx, me.auth, started.body.data.novel_uid);
    expect(done.body.data.novel.generate_status).toBe('done');
    expect(done.body.data.chapters[0].content).toBe('The tide came in. They watched it together.');
    expect(lines.some((line) => line.includes('the moderation judge did not answer; the local check stands alone'))).toBe(true);
  });

  it('judges an edit of an adult story on the request: unsafe is 403001, a silent judge is a retryable 503, and the text stays', async () => {
    const me = await adult('judge-edit@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: withPlot('Two sailors, 30 and 32.', 1),
      headers: me.auth,
    });
    const uid = started.body.data.novel_uid;
    await novelFinished(ctx, me.auth, uid);
    const unsafe = await ctx.request('POST', '/api/v1/novel/edit/', {
      body: { novel_uid: uid, content: 'The MARIGOLD uniform.' },
      headers: me.auth,
    });
    expect(unsafe.status).toBe(403);
    expect(unsafe.body.base_resp.status_code).toBe(403001);
    const silent = await ctx.request('POST', '/api/v1/novel/edit/', {
      body: { novel_uid: uid, content: 'A QUIETUS night.' },
      headers: me.auth,
    });
    expect(silent.status).toBe(503);
    expect(silent.headers.get('retry-after')).toBe('30');
    expect(silent.body.base_resp.status_code).toBe(500001);
    const after = await novelDetails(ctx, me.auth, uid);
    expect(after.body.data.chapters[0].content).toBe('The tide came in. They watched it together.');
    const fine = await ctx.request('POST', '/api/v1/novel/edit/', {
      body: { novel_uid: uid, content: 'A calm night at sea.' },
      headers: me.auth,
    });
    expect(fine.status).toBe(200);
  });

  it('refuses a spicy persona the judge finds unsafe, and creates nothing', async () => {
    const me = await adult('judge-persona@example.com');
    const persona = personaRequest({ plot: 'A storm strands him on her MARIGOLD island.', is_r18: 1 });
    const refused = await ctx.request('POST', '/api/v1/persona/create/', { body: persona, headers: me.auth });
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect(await ctx.database.db.select().from(personas).where(eq(personas.authorUid, me.uid))).toEqual([]);
  });
});
