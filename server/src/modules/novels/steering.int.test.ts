import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import type { FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { applyLedger } from '../wallet/service';

/**
 * Issue 50: beats and a direction steer a continuation or a rewrite (they reach the prompt, in
 * order); the model offers the next chapter's choices; a continuity check names contradictions.
 */
let llm: FakeLlm;
let ctx: TestContext;
type Auth = Record<string, string>;

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext());
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const CHAPTER = 'Ines wore her red coat to the harbour. Tomas had a scar on his left hand.';
const post = (auth: Auth, path: string, body: Record<string, unknown>) => ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
const firstLine = (body: FakeLlm['requests'][number]) => body.messages[0]?.content ?? '';
const storyPrompts = () => llm.requests.filter((r) => firstLine(r).startsWith('You are a skilled fan-fiction novelist'));

async function writer(email: string) {
  const me = await signUp(ctx, email);
  await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 30 });
  return me;
}

async function story(auth: Auth): Promise<string> {
  llm.answerBy(null);
  llm.script([{ chunks: [CHAPTER] }]);
  const uid = (await post(auth, 'generate', storyRequest())).body.data.novel_uid as string;
  await novelFinished(ctx, auth, uid);
  return uid;
}

describe('beats and a direction', () => {
  it('reach a continuation’s prompt in order, after the settings, and a rewrite’s too', async () => {
    const me = await writer('steer-continue@example.com');
    const uid = await story(me.auth);
    llm.script([{ chunks: ['Chapter two.'] }]);
    const beats = ['They find the letter', 'Tomas reads it aloud', 'The lamp goes out'];
    const res = await post(me.auth, 'continuation', { novel_uid: uid, beats, direction: 'towards a quiet reconciliation' });
    expect(res.status).toBe(200);
    await novelFinished(ctx, me.auth, uid);
    const prompt = storyPrompts().at(-1)!.messages[1]!.content;
    const at = beats.map((beat) => prompt.indexOf(beat));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(prompt).toContain('"towards a quiet reconciliation"');
    expect(prompt.indexOf('The lamp goes out')).toBeGreaterThan(prompt.indexOf('<story_so_far>'));

    llm.script([{ chunks: ['Chapter two, again.'] }]);
    expect((await post(me.auth, 'rewrite', { novel_uid: uid, chapter_index: 1, direction: 'a storm breaks' })).status).toBe(200);
    await novelFinished(ctx, me.auth, uid);
    expect(storyPrompts().at(-1)!.messages[1]!.content).toContain('"a storm breaks"');
    // A continuation without them is as before: no beats, no direction.
    llm.script([{ chunks: ['Chapter three.'] }]);
    await post(me.auth, 'continuation', { novel_uid: uid });
    await novelFinished(ctx, me.auth, uid);
    expect(storyPrompts().at(-1)!.messages[1]!.content).not.toContain('The beats this chapter must cover');
  });

  it('refuses more than 12 beats or a beat over 200 characters', async () => {
    const me = await writer('steer-limits@example.com');
    const uid = await story(me.auth);
    const many = await post(me.auth, 'continuation', { novel_uid: uid, beats: Array.from({ length: 13 }, (_, i) => `beat ${i}`) });
    expect(many.status).toBe(400);
    const long = await post(me.auth, 'continuation', { novel_uid: uid, beats: ['x'.repeat(201)] });
    expect(long.status).toBe(400);
  });
});

describe('the next chapter’s choices', () => {
  it('answers three directions from the model’s numbered list, free', async () => {
    const me = await writer('choices@example.com');
    const uid = await story(me.auth);
    llm.answerBy((body) =>
      firstLine(body).startsWith('You help an author decide') ? { chunks: ['1. They sail at dawn.\n2. ', 'The letter is a forgery.\n3. Ines leaves the island.\n'] } : undefined,
    );
    const balance = (await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth })).body.data.balance;
    const res = await post(me.auth, 'choices', { novel_uid: uid });
    expect(res.status).toBe(200);
    expect(res.body.data.choices).toEqual(['They sail at dawn.', 'The letter is a forgery.', 'Ines leaves the island.']);
    const asked = llm.requests.filter((r) => firstLine(r).startsWith('You help an author decide')).at(-1)!;
    expect(asked.messages[1]!.content).toContain('red coat');
    expect((await ctx.request('GET', '/api/v1/user/info/', { headers: me.auth })).body.data.balance).toBe(balance);
  });
});

describe('continuity warnings', () => {
  it('answers the contradictions the model names, with a quote from the chapter and the fact it breaks; none when it finds none', async () => {
    const me = await writer('continuity@example.com');
    const uid = await story(me.auth);
    await post(me.auth, 'memory', { novel_uid: uid, pinned_facts: ['Ines never wears red'] });
    llm.answerBy((body) =>
      firstLine(body).startsWith('You check a story chapter')
        ? {
            chunks: [
              '{"warnings": [{"quote": "Ines wore her red coat", "kind": "pinned", "established": "Ines never wears red", "explanation": "She wears red."},',
              ' {"quote": "words that are not in the chapter", "kind": "memory", "established": "x", "explanation": "made up"}]}',
            ],
          }
        : undefined,
    );
    const res = await ctx.request('GET', `/api/v1/novel/continuity/?novel_uid=${uid}&chapter_index=0`, { headers: me.auth });
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual([
      { quote: 'Ines wore her red coat', conflicts_with: { kind: 'pinned', text: 'Ines never wears red' }, explanation: 'She wears red.' },
    ]);
    const asked = llm.requests.filter((r) => firstLine(r).startsWith('You check a story chapter')).at(-1)!;
    expect(asked.messages[1]!.content).toContain('Ines never wears red');
    expect(asked.messages[1]!.content).toContain('<chapter>\nInes wore her red coat');

    llm.answerBy((body) => (firstLine(body).startsWith('You check a story chapter') ? { chunks: ['{"warnings": []}'] } : undefined));
    const none = await ctx.request('GET', `/api/v1/novel/continuity/?novel_uid=${uid}&chapter_index=0`, { headers: me.auth });
    expect(none.body.data.warnings).toEqual([]);
  });
});

describe('another account', () => {
  it('is refused choices, continuity and a steered continuation of someone else’s story', async () => {
    const me = await writer('steer-owner@example.com');
    const other = await writer('steer-other@example.com');
    const uid = await story(me.auth);
    expect((await post(other.auth, 'choices', { novel_uid: uid })).status).toBe(403);
    expect((await ctx.request('GET', `/api/v1/novel/continuity/?novel_uid=${uid}&chapter_index=0`, { headers: other.auth })).status).toBe(403);
    expect((await post(other.auth, 'continuation', { novel_uid: uid, beats: ['a'] })).status).toBe(403);
  });
});
