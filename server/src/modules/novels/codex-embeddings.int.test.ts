import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { openaiProvider } from '../../generation/providers/openai';
import { queryTerms, searchTerms } from '../../generation/retrieval';
import { applyLedger } from '../wallet/service';

/**
 * Issue 49, passages ranked by meaning too (EMBEDDINGS_MODEL): a loopback OpenAI-compatible
 * /embeddings server whose vectors put "oilcloth" and "waxed parcel" side by side, so a note that
 * shares no word with a passage of chapter 0 still brings it back.
 */
const CONTEXT = 4096;
let llm: FakeLlm;
let ctx: TestContext;
let embeddings: http.Server;
const embedded: { model: string; input: string[] }[] = [];
const vector = (text: string) => [/oilcloth|waxed parcel/iu.test(text) ? 1 : 0, /gull|quay/iu.test(text) ? 1 : 0, 0.05];

beforeAll(async () => {
  embeddings = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const asked = JSON.parse(body) as { model: string; input: string[] };
      embedded.push(asked);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ object: 'list', model: asked.model, data: asked.input.map((text, index) => ({ object: 'embedding', index, embedding: vector(text) })), usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  await new Promise<void>((resolve) => embeddings.listen(0, '127.0.0.1', resolve));
  const embedUrl = `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}/v1`;
  llm = await startFakeLlm();
  ctx = await createTestContext({
    env: {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_CONTEXT_TOKENS: String(CONTEXT),
      MODERATION_PROVIDER: 'none',
      EMBEDDINGS_MODEL: 'fake-embed',
      EMBEDDINGS_BASE_URL: embedUrl,
    },
    provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 1, timeoutMs: 5000, contextTokens: CONTEXT }),
  });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
  await new Promise((resolve) => embeddings.close(resolve));
});

const filler = (n: number, p: number) =>
  `Scene ${n}.${p}: the sea rolled grey against the rocks while gulls wheeled and cried over the empty quay, and the wind pulled at the shutters of every house along the shore, rattling loose slates and sending spray across the harbour wall until the cobbles shone like wet glass under the low clouds that would not lift all day.`;
const chapter = (n: number, extra = '') => [extra, ...Array.from({ length: 10 }, (_, p) => filler(n, p))].filter(Boolean).join('\n\n');

describe('passages ranked by meaning (EMBEDDINGS_MODEL)', () => {
  it('brings back a passage of chapter 0 that shares no word with the note', async () => {
    const me = await signUp(ctx, 'codex-embeddings@example.com');
    await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 60 });
    const auth = me.auth;
    const post = (path: string, body: Record<string, unknown>) => ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
    const write = async (text: string, path: string, body: Record<string, unknown>) => {
      llm.script([{ chunks: [text] }]);
      const uid = (await post(path, body)).body.data.novel_uid as string;
      await novelFinished(ctx, auth, uid);
      return uid;
    };
    const hidden = 'Wrapped in oilcloth, it lay beneath the third stair.';
    const uid = await write(chapter(0, hidden), 'generate', storyRequest());
    for (const n of [1, 2, 3]) await write(chapter(n), 'continuation', { novel_uid: uid });
    const note = 'next: she opens the waxed parcel';
    // Text search alone could not find it: not one term in common.
    expect(queryTerms(note).filter((term) => searchTerms(hidden).includes(term))).toEqual([]);
    await post('memory', { novel_uid: uid, author_note: note });
    await write(chapter(4), 'continuation', { novel_uid: uid });
    const prompt = llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(`<earlier_in_story>\n${hidden}`);
    expect(embedded.every((request) => request.model === 'fake-embed')).toBe(true);
    expect(embedded.some((request) => request.input.some((text) => text.startsWith(hidden)))).toBe(true);
  });
});
