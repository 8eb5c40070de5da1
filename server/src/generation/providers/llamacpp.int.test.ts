import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse } from '../../../test/fake-llm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest, waitFor } from '../../../test/novels';
import { writeTinyGguf } from '../../../test/tiny-gguf';
import { eq } from 'drizzle-orm';
import { chapters } from '../../db/schema';
import { isMemoryRequest } from '../prompts/languages';
import { applyLedger } from '../../modules/wallet/service';
import { llamacppProvider, type LlamacppProvider } from './llamacpp';

/**
 * The local-model path end to end: a tiny GGUF written at test time, loaded
 * by node-llama-cpp's prebuilt CPU binary, driven by the real engine, read
 * over SSE. The model writes nonsense; what is checked is what a reader and
 * an operator would notice.
 */
const modelDir = path.join(os.tmpdir(), 'butterfic-tiny-gguf');
// A real model on a shared 2-core machine: chapters take seconds, more when other test files run beside it.
vi.setConfig({ testTimeout: 90_000 });
let ctx: TestContext;
let provider: LlamacppProvider;

async function start(bias: 'printable' | 'none'): Promise<{ ctx: TestContext; provider: LlamacppProvider }> {
  const modelPath = writeTinyGguf(modelDir, { bias });
  const provider = await llamacppProvider({ modelPath, threads: 1 });
  const ctx = await createTestContext({
    env: { LLM_PROVIDER: 'llamacpp', LLM_MODEL_PATH: modelPath, GENERATION_WORKERS: '2', MODERATION_PROVIDER: 'none' },
    provider,
  });
  return { ctx, provider };
}

const deltaText = (events: { event: string; data: { text?: string } }[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text ?? '')
    .join('');

// The model provider is this file's subject, not the database: the external pass (PostgreSQL 15) skips it, as
// server/test/faults.int.test.ts skips its process faults; both passes run the engine's database work elsewhere.
describe.skipIf(inject('dbKind') === 'external')('the local model', () => {
  beforeAll(async () => {
    ({ ctx, provider } = await start('printable'));
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  describe('LLM_PROVIDER=llamacpp on a tiny GGUF model', () => {
    it('streams a story to an SSE reader, ends done and saves exactly what was streamed', async () => {
      const me = await signUp(ctx, 'local-reader@example.com');
      const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
      expect(started.body.data).toMatchObject({ generate_status: 'generating', balance: 0 });
      const uid = started.body.data.novel_uid;
      const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) =>
        e.some((x) => ['done', 'error'].includes(x.event)),
      );
      expect(events.at(-1)?.event).toBe('done');
      const streamed = deltaText(events);
      expect(streamed.length).toBeGreaterThan(50);
      const saved = (await novelFinished(ctx, me.auth, uid)).body.data;
      expect(saved.novel).toMatchObject({ generate_status: 'done', written_by: 'llamacpp' });
      expect(saved.chapters[0].content).toBe(streamed);
      // The story memory of the chapter is written with the model too, a moment later (generation/memory.ts).
      await ctx.app.deps.runner.memory.idle();
      expect(provider.state().openContexts).toBe(0);
    });

    it('continues a finished story with a second chapter', async () => {
      const me = await signUp(ctx, 'local-sequel@example.com');
      await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 3 }));
      const uid = (await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth })).body.data.novel_uid;
      await novelFinished(ctx, me.auth, uid, 60_000);
      const cont = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
      expect(cont.body.data).toMatchObject({ generate_status: 'continuing', balance: 0 });
      const res = (await novelFinished(ctx, me.auth, uid, 60_000)).body.data;
      expect(res.novel.generate_status).toBe('done');
      expect(res.chapters).toHaveLength(2);
      expect(res.chapters[1].content.length).toBeGreaterThan(50);
    });

    it('continues a story far longer than its context (byte tokens, 4,096 of context): the prompt is fitted and the chapter finishes', async () => {
      const me = await signUp(ctx, 'local-long@example.com');
      await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 3 }));
      const uid = (await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth })).body.data.novel_uid;
      await novelFinished(ctx, me.auth, uid, 60_000);
      // A first chapter of 12,000 characters: 12,000 byte tokens, three times the context.
      const long = Array.from({ length: 60 }, (_, i) =>
        `Paragraph ${i}: the harbour lights came on one by one, and she counted the boats coming home. `.repeat(2),
      ).join('\n\n');
      await ctx.database.db
        .update(chapters)
        .set({ content: long.slice(0, 12_000) })
        .where(eq(chapters.novelUid, uid));
      expect(provider.countTokens!(long.slice(0, 12_000))).toBeGreaterThan(provider.contextTokens!);
      // What the engine hands the model, counted by the model's own tokenizer.
      const asked: { tokens: number; user: string }[] = [];
      await ctx.app.deps.runner.memory.idle();
      const stream = provider.stream.bind(provider);
      provider.stream = (input) => {
        // Story requests only (the memory request after the chapter has its own budget).
        if (isMemoryRequest(input.messages)) return stream(input);
        const tokens = input.messages.reduce((sum, m) => sum + provider.countTokens!(m.content), 0) + input.maxTokens;
        asked.push({ tokens, user: input.messages[1]?.content ?? '' });
        return stream(input);
      };
      const cont = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
      expect(cont.status).toBe(200);
      const res = (await novelFinished(ctx, me.auth, uid, 60_000)).body.data;
      provider.stream = stream;
      expect(asked).toHaveLength(1);
      expect(asked[0]!.tokens).toBeLessThanOrEqual(provider.contextTokens!);
      // The model continues from the end of the story (how much of it fits depends on the story memory's length).
      const soFar = /<story_so_far>\n([\s\S]*)\n<\/story_so_far>/u.exec(asked[0]!.user)?.[1] ?? '';
      expect(soFar.trim().length).toBeGreaterThan(10);
      expect(long.slice(0, 12_000).endsWith(soFar)).toBe(true);
      expect(res.novel).toMatchObject({ generate_status: 'done', failure: null });
      expect(res.chapters).toHaveLength(2);
      expect(res.chapters[1].content.length).toBeGreaterThan(50);
    });

    it('runs two stories at once, each in its own context, and both finish', async () => {
      const [a, b] = await Promise.all([signUp(ctx, 'local-a@example.com'), signUp(ctx, 'local-b@example.com')]);
      const [ua, ub] = await Promise.all(
        [a, b].map(
          async (u) =>
            (await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: u.auth })).body.data.novel_uid,
        ),
      );
      const seen = await waitFor(
        async () => provider.state().openContexts,
        (n) => n === 2,
        30_000,
      ).catch(() => 1);
      const [ra, rb] = await Promise.all([novelFinished(ctx, a.auth, ua, 60_000), novelFinished(ctx, b.auth, ub, 60_000)]);
      for (const r of [ra, rb]) {
        expect(r.body.data.novel.generate_status).toBe('done');
        expect(r.body.data.chapters[0].content.length).toBeGreaterThan(50);
      }
      expect(seen).toBe(2);
      await ctx.app.deps.runner.memory.idle();
      expect(provider.state().openContexts).toBe(0);
    });

    it('a stop a moment after the first text keeps exactly what the reader saw, charged, and frees the context', async () => {
      const me = await signUp(ctx, 'local-stop@example.com');
      // Japanese asks for the longest chapter (CJK text budgets more tokens), so the stop lands mid-stream.
      const uid = (await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest({ language: 'ja' }), headers: me.auth })).body
        .data.novel_uid;
      let stopped: { generate_status: string; refunded: boolean } | null = null;
      const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) => {
        if (!stopped && deltaText(e).length > 0) {
          stopped = { generate_status: 'pending', refunded: false };
          // A reader presses stop a moment after the first words appear.
          setTimeout(() => {
            void ctx
              .request('POST', '/api/v1/novel/stop/', { body: { novel_uid: uid }, headers: me.auth })
              .then((r) => (stopped = r.body.data));
          }, 200);
        }
        return e.some((x) => ['done', 'error'].includes(x.event));
      });
      await waitFor(
        async () => stopped?.generate_status,
        (s) => s === 'done',
      );
      expect(stopped).toMatchObject({ generate_status: 'done', refunded: false });
      const saved = (await novelFinished(ctx, me.auth, uid)).body.data;
      expect(saved.chapters[0].content).toBe(deltaText(events));
      await waitFor(
        async () => provider.state().openContexts,
        (n) => n === 0,
      );
    });

    it('ends the model run and frees its context as soon as the engine aborts, mid-chapter', async () => {
      await ctx.app.deps.runner.memory.idle();
      const controller = new AbortController();
      const messages = [
        { role: 'system' as const, content: 'You write stories.' },
        { role: 'user' as const, content: 'Write the first chapter.' },
      ];
      let text = '';
      for await (const chunk of provider.stream({ story: {} as never, messages, maxTokens: 3000, signal: controller.signal })) {
        text += chunk;
        if (!controller.signal.aborted) {
          expect(provider.state().openContexts).toBe(1);
          controller.abort();
        }
      }
      // A full run writes about one character per token; the abort cut it off near the start.
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThan(1000);
      expect(provider.state().openContexts).toBe(0);
    });
  });

  describe('LLM_PROVIDER=llamacpp with a model that writes invalid UTF-8', () => {
    let bytes: { ctx: TestContext; provider: LlamacppProvider };
    beforeAll(async () => {
      bytes = await start('none');
    }, 60_000);

    it('never streams or saves replacement characters, control characters or broken surrogates', async () => {
      const me = await signUp(bytes.ctx, 'local-bytes@example.com');
      const uid = (await bytes.ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth })).body.data
        .novel_uid;
      const events = await readSse(`${bytes.ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) =>
        e.some((x) => ['done', 'error'].includes(x.event)),
      );
      const saved = (await novelFinished(bytes.ctx, me.auth, uid)).body.data;
      for (const text of [deltaText(events), saved.chapters[0].content as string]) {
        expect(text).not.toMatch(/\uFFFD/);
        // eslint-disable-next-line no-control-regex -- asserting there are none
        expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
        expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text); // no lone surrogates
      }
      expect(saved.novel.generate_status).toBe('done');
    });

    it('closing the app disposes the model', async () => {
      expect(bytes.provider.state().modelDisposed).toBe(false);
      await bytes.ctx.close();
      expect(bytes.provider.state().modelDisposed).toBe(true);
      expect(bytes.provider.state().openContexts).toBe(0);
    });
  });
});
