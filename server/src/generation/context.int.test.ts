import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm';
import { createTestContext, type TestContext } from '../../test/helpers';
import { novelDetails, novelFinished, storyRequest } from '../../test/novels';
import { chapters } from '../db/schema';
import { applyLedger, ledgerTotals } from '../modules/wallet/service';
import { estimateTokens } from './prompts/tokens';
import { openaiProvider } from './providers/openai';

/** Issue 29, prompts that fit: an OpenAI-compatible model with a 2,048-token context (LLM_CONTEXT_TOKENS). */
const CONTEXT = 2048;
let llm: FakeLlm;
let ctx: TestContext;
beforeAll(async () => {
  llm = await startFakeLlm();
  ctx = await createTestContext({
    env: {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_CONTEXT_TOKENS: String(CONTEXT),
      MODERATION_PROVIDER: 'none',
    },
    provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0, timeoutMs: 5000, contextTokens: CONTEXT }),
  });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const chapterText = (n: number) =>
  Array.from(
    { length: 10 },
    (_, p) => `第${n}章第${p}段。林在港口等他，风很大，灯还亮着。“你还记得那封信吗？”她问。他没有回答，只是看着海。`,
  ).join('\n\n');
const sent = (request: FakeLlm['requests'][number]) =>
  request.messages.reduce((sum, m) => sum + estimateTokens(m.content) + 8, 0) + (request.max_tokens ?? 0);

describe('a long Chinese story on a model with a 2,048-token context', () => {
  it('sends every continuation within the context, with the latest text, and finishes each', async () => {
    const me = await signUp(ctx, 'context-long@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, amount: 30, kind: 'grant', note: 'test' });
    llm.script([{ chunks: [chapterText(1)] }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest({ language: 'zh-CN' }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    await novelFinished(ctx, me.auth, uid);
    const before = llm.requests.length;
    for (let n = 2; n <= 6; n++) {
      llm.script([{ chunks: [chapterText(n)] }]);
      const next = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
      expect(next.status).toBe(200);
      const done = await novelFinished(ctx, me.auth, uid);
      expect(done.body.data.novel.generate_status).toBe('done');
      const request = llm.requests.at(-1)!;
      expect(sent(request)).toBeLessThanOrEqual(CONTEXT);
      // The end of the chapter before is what the model continues from.
      expect(request.messages[1]!.content).toContain(`第${n - 1}章第9段`);
    }
    expect(llm.requests.length - before).toBe(5);
    expect((await novelDetails(ctx, me.auth, uid)).body.data.chapters).toHaveLength(6);
  });

  it('fails a story whose settings alone do not fit on the first try, asks the model nothing and gives the Butter back', async () => {
    const me = await signUp(ctx, 'context-settings@example.com');
    const before = llm.requests.length;
    const plot = '林和他在港口重逢，风很大，灯还亮着，她想起那封没有寄出的信，他想起那年冬天的海。'.repeat(25).slice(0, 1000);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: storyRequest({ language: 'zh-CN', params: { ...storyRequest().params, plot, char_a_setting: plot, char_b_setting: plot } }),
      headers: me.auth,
    });
    expect(started.status).toBe(200);
    const done = await novelFinished(ctx, me.auth, started.body.data.novel_uid);
    expect(done.body.data.novel.generate_status).toBe('failed');
    expect(llm.requests.length).toBe(before);
    const totals = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    expect(totals.balance).toBe(6);
    expect(totals.balance).toBe(totals.ledgerSum);
    const rows = await ctx.database.db.select().from(chapters).where(eq(chapters.novelUid, started.body.data.novel_uid));
    expect(rows.map((r) => r.content)).toEqual(['']);
  });
});
