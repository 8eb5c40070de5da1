import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { openaiProvider } from '../../generation/providers/openai';
import { applyLedger } from '../wallet/service';

/**
 * Issue 49, the writer's room, with a loopback model of 4,096 tokens of context: codex entries reach the
 * prompt when named (or always), progressions follow the chosen versions, passages of chapters cut
 * from the recent text come back when the next chapter asks for them, and the context view adds up.
 */
const CONTEXT = 4096;
let llm: FakeLlm;
let ctx: TestContext;
type Auth = Record<string, string>;

beforeAll(async () => {
  llm = await startFakeLlm();
  ctx = await createTestContext({
    env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_CONTEXT_TOKENS: String(CONTEXT), MODERATION_PROVIDER: 'none' },
    provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 1, timeoutMs: 5000, contextTokens: CONTEXT }),
  });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const post = (auth: Auth, path: string, body: Record<string, unknown>) => ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
const get = (auth: Auth, path: string, query: string) => ctx.request('GET', `/api/v1/novel/${path}/?${query}`, { headers: auth });
/** The user message of the last story request. */
const lastPrompt = () => llm.requests.at(-1)!.messages.map((m) => m.content).join('\n');

async function writer(email: string) {
  const me = await signUp(ctx, email);
  await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 60 });
  return me;
}

async function story(auth: Auth, first: string) {
  llm.script([{ chunks: [first] }]);
  const uid = (await post(auth, 'generate', storyRequest())).body.data.novel_uid as string;
  await novelFinished(ctx, auth, uid);
  return uid;
}

async function next(auth: Auth, uid: string, text: string) {
  llm.script([{ chunks: [text] }]);
  expect((await post(auth, 'continuation', { novel_uid: uid })).status).toBe(200);
  await novelFinished(ctx, auth, uid);
}

const entry = (name: string, text: string, extra: Record<string, unknown> = {}) => ({ name, text, aliases: null, always: null, chapter_index: null, version: null, ...extra });

describe('the codex', () => {
  it('starts with the two characters, reaches the prompt when an alias stands in the note or always, and stays out when named nowhere', async () => {
    const me = await writer('codex-triggers@example.com');
    const uid = await story(me.auth, 'The storm came in at dusk.\n\nThe lamp held.');
    const seeded = await get(me.auth, 'codex', `novel_uid=${uid}`);
    expect(seeded.body.data.entries.map((e: { name: string }) => e.name)).toEqual(['Ines', 'Tomas']);
    const saved = await post(me.auth, 'codex', {
      novel_uid: uid,
      entries: [
        ...seeded.body.data.entries,
        entry('Marrow Key', 'CODEX-KEY: a brass key that opens the lamp room.', { aliases: ['the brass key'] }),
        entry('Old Harbour', 'CODEX-HARBOUR: the village below the cliff.', { always: true }),
        entry('Zephyrine', 'CODEX-NOWHERE: a ship never mentioned.'),
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.entries).toHaveLength(5);
    await post(me.auth, 'memory', { novel_uid: uid, author_note: 'next: Tomas finds THE BRASS KEY under the stairs' });
    await next(me.auth, uid, 'He climbed the stairs.');
    const prompt = lastPrompt();
    expect(prompt).toContain('CODEX-KEY');
    expect(prompt).toContain('CODEX-HARBOUR');
    expect(prompt).not.toContain('CODEX-NOWHERE');
    expect(llm.requests.at(-1)!.messages[0]!.content).not.toContain('CODEX-');

    const context = await get(me.auth, 'context', `novel_uid=${uid}&chapter_index=1`);
    expect(context.status).toBe(200);
    const data = context.body.data as { context_tokens: number; total_tokens: number; parts: { kind: string; label: string; tokens: number; text: string }[] };
    expect(data.context_tokens).toBe(CONTEXT);
    expect(data.parts.reduce((sum, p) => sum + p.tokens, 0)).toBe(data.total_tokens);
    expect(data.total_tokens).toBeGreaterThan(0);
    expect(data.total_tokens + (llm.requests.at(-1)!.max_tokens ?? 0)).toBeLessThanOrEqual(CONTEXT);
    expect(data.parts.filter((p) => p.kind === 'codex').map((p) => p.label)).toEqual(expect.arrayContaining(['Marrow Key', 'Old Harbour']));
    expect(data.parts.some((p) => p.label === 'Zephyrine')).toBe(false);
    // The parts are the prompt, in order: stable first (the always-entry before the story), the note last but the ask.
    expect(data.parts.map((p) => p.text).join('')).toBe(llm.requests.at(-1)!.messages.map((m) => m.content).join(''));
    const kinds = data.parts.map((p) => p.label);
    expect(kinds.indexOf('Old Harbour')).toBeLessThan(kinds.indexOf('story'));
    expect(kinds.indexOf('story')).toBeLessThan(kinds.indexOf('Marrow Key'));
    expect(kinds.indexOf('note')).toBe(kinds.length - 2);
  });

  it('starts with a card’s character book after the two characters when the form sends one', async () => {
    const me = await writer('codex-book@example.com');
    llm.script([{ chunks: ['A quiet night.'] }]);
    const book = [{ name: 'Lamp Room', aliases: ['the lamp'], text: 'Where the light turns.', always: true }];
    const uid = (await post(me.auth, 'generate', storyRequest({ codex: book }))).body.data.novel_uid as string;
    await novelFinished(ctx, me.auth, uid);
    const codex = await get(me.auth, 'codex', `novel_uid=${uid}`);
    expect(codex.body.data.entries.map((e: { name: string }) => e.name)).toEqual(['Ines', 'Tomas', 'Lamp Room']);
    expect(codex.body.data.entries[2]).toMatchObject({ aliases: ['the lamp'], always: true, chapter_index: null, version: null });
  });

  it('refuses the codex and the context view to other accounts, and a pin to a version that does not exist', async () => {
    const me = await writer('codex-owner@example.com');
    const stranger = await writer('codex-stranger@example.com');
    const uid = await story(me.auth, 'A quiet night.');
    expect((await get(stranger.auth, 'codex', `novel_uid=${uid}`)).status).toBe(403);
    expect((await get(stranger.auth, 'context', `novel_uid=${uid}&chapter_index=0`)).status).toBe(403);
    expect((await post(stranger.auth, 'codex', { novel_uid: uid, entries: [] })).status).toBe(403);
    expect((await get(me.auth, 'context', `novel_uid=${uid}&chapter_index=0`)).status).toBe(200);
    const badPin = await post(me.auth, 'codex', { novel_uid: uid, entries: [entry('Pin', 'x', { chapter_index: 0, version: 4 })] });
    expect(badPin.status).toBe(400);
    expect(badPin.body.base_resp.status_code).toBe(400001);
    expect((await get(me.auth, 'codex', `novel_uid=${uid}`)).body.data.entries).toHaveLength(2);
  });

  it('applies a progression only on paths through its chapter version: gone after a swipe to version 2, back after the swipe back', async () => {
    const me = await writer('codex-progression@example.com');
    const uid = await story(me.auth, 'Chapter one.');
    await next(me.auth, uid, 'Chapter two, first take.');
    const saved = await post(me.auth, 'codex', {
      novel_uid: uid,
      entries: [entry('Ines', 'PROGRESSION-V1: Ines has lost her sight.', { always: true, chapter_index: 1, version: 1 })],
    });
    expect(saved.body.data.entries[0]).toMatchObject({ chapter_index: 1, version: 1 });

    llm.script([{ chunks: ['Chapter two, second take.'] }]);
    expect((await post(me.auth, 'rewrite', { novel_uid: uid, chapter_index: 1 })).status).toBe(200);
    await novelFinished(ctx, me.auth, uid);
    await next(me.auth, uid, 'Chapter three after the second take.');
    expect(lastPrompt()).toContain('second take');
    expect(lastPrompt()).not.toContain('PROGRESSION-V1');

    expect((await post(me.auth, 'select', { novel_uid: uid, chapter_index: 1, version: 1 })).status).toBe(200);
    await next(me.auth, uid, 'Chapter three after the first take.');
    expect(lastPrompt()).toContain('first take');
    expect(lastPrompt()).toContain('PROGRESSION-V1');
  });
});

describe('old chapters that come back', () => {
  const filler = (n: number, p: number) =>
    `Scene ${n}.${p}: the sea rolled grey against the rocks while gulls wheeled and cried over the empty quay, and the wind pulled at the shutters of every house along the shore, rattling loose slates and sending spray across the harbour wall until the cobbles shone like wet glass under the low clouds that would not lift all day.`;
  const chapter = (n: number, extra = '') => [extra, ...Array.from({ length: 10 }, (_, p) => filler(n, p))].filter(Boolean).join('\n\n');

  it('brings back a passage of chapter 0 that no longer fits when the note asks for it, and only then', async () => {
    const me = await writer('codex-retrieval@example.com');
    const uid = await story(me.auth, chapter(0, 'The ledger lay hidden beneath the third stair, wrapped in oilcloth.'));
    await next(me.auth, uid, chapter(1));
    await next(me.auth, uid, chapter(2));
    await next(me.auth, uid, chapter(3));
    // Chapter 0 no longer fits, and nothing asks for it.
    expect(lastPrompt()).toContain('Scene 2.9');
    expect(lastPrompt()).not.toContain('Scene 0.9');
    expect(lastPrompt()).not.toContain('third stair');
    await post(me.auth, 'memory', { novel_uid: uid, author_note: 'next: they search for the ledger under the third stair' });
    await next(me.auth, uid, chapter(4));
    const prompt = lastPrompt();
    expect(prompt).toMatch(/<earlier_in_story>\nThe ledger lay hidden beneath the third stair, wrapped in oilcloth\./u);
    const storySoFar = prompt.slice(prompt.indexOf('<story_so_far>'), prompt.indexOf('</story_so_far>'));
    expect(storySoFar).not.toContain('third stair');
    const context = await get(me.auth, 'context', `novel_uid=${uid}&chapter_index=4`);
    expect(context.body.data.parts.filter((p: { kind: string }) => p.kind === 'retrieved').map((p: { label: string }) => p.label)).toContain('chapter 1');
  });
});
