import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse, type FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest } from '../../../test/novels';
import { applyLedger, ledgerTotals } from '../wallet/service';

/**
 * Issue 50, co-writing in place: revise a selection into variants (a loopback model), accept one,
 * and find the text before and after in the chapter's history, where a restore brings it back.
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

const CHAPTER = 'The storm came at dusk. Ines lit the lamp and waited.\n\nTomas knocked twice. She opened the door.';
const SENTENCE = 'Ines lit the lamp and waited.';

const post = (auth: Auth, path: string, body: Record<string, unknown>) =>
  ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
const history = (auth: Auth, uid: string, index = 0) =>
  ctx.request('GET', `/api/v1/novel/history/?novel_uid=${uid}&chapter_index=${index}`, { headers: auth });

async function writer(email: string, butter = 20) {
  const me = await signUp(ctx, email);
  await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: butter });
  return me;
}

async function story(auth: Auth): Promise<string> {
  llm.answerBy(null);
  llm.script([{ chunks: [CHAPTER] }]);
  const uid = (await post(auth, 'generate', storyRequest())).body.data.novel_uid as string;
  await novelFinished(ctx, auth, uid);
  return uid;
}

const selection = (content: string) => ({ start: content.indexOf(SENTENCE), end: content.indexOf(SENTENCE) + SENTENCE.length });
const isRevision = (body: FakeLlm['requests'][number]) => body.messages[0]?.content.startsWith('You are a careful fiction editor') === true;

describe('revising a selection', () => {
  it('answers three variants from the model, which was sent the selection, its surroundings and the instruction; 1 Butter', async () => {
    const me = await writer('revise-three@example.com');
    const uid = await story(me.auth);
    const before = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    const asked: string[] = [];
    llm.answerBy((body) => {
      if (!isRevision(body)) return undefined;
      const take = /take (\d) of 3/u.exec(body.messages[1]!.content)?.[1];
      asked.push(body.messages[1]!.content);
      return { chunks: [`Take ${take}: `, 'she lit the lamp.'] };
    });
    const res = await post(me.auth, 'revise', { novel_uid: uid, chapter_index: 0, ...selection(CHAPTER), instruction: 'more melancholy' });
    expect(res.status).toBe(200);
    expect(res.body.data.variants.map((v: { text: string }) => v.text).sort()).toEqual([
      'Take 1: she lit the lamp.',
      'Take 2: she lit the lamp.',
      'Take 3: she lit the lamp.',
    ]);
    expect(asked).toHaveLength(3);
    expect(asked[0]).toContain(`<selection>\n${SENTENCE}\n</selection>`);
    expect(asked[0]).toContain('<before>\nThe storm came at dusk. \n</before>');
    expect(asked[0]).toContain('Tomas knocked twice');
    expect(asked[0]).toContain('"more melancholy"');
    expect(res.body.data.balance).toBe(before.balance - 1);
    const rows = await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: me.auth });
    expect(rows.body.data.results[0]).toMatchObject({ kind: 'revise', amount: -1 });
  });

  it('streams each variant as `variant` events, then `done`', async () => {
    const me = await writer('revise-stream@example.com');
    const uid = await story(me.auth);
    llm.answerBy((body) => (isRevision(body) ? { chunks: ['One ', 'two.'] } : undefined));
    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/revise/`, me.auth, (list) => list.at(-1)?.event === 'done', 20_000, {
      novel_uid: uid,
      chapter_index: 0,
      ...selection(CHAPTER),
      instruction: 'shorter',
      variants: 2,
    });
    expect(events[0]).toMatchObject({ event: 'head', data: { base_resp: { status_code: 0 }, data: { balance: expect.any(Number) } } });
    const pieces = events.filter((e) => e.event === 'variant');
    expect(new Set(pieces.map((e) => e.data.index))).toEqual(new Set([0, 1]));
    expect(
      pieces
        .filter((e) => e.data.index === 1)
        .map((e) => e.data.text)
        .join(''),
    ).toBe('One two.');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { variants: [{ text: 'One two.' }, { text: 'One two.' }] } });
  });

  it('gives the Butter back when the model fails, and the ledger shows both rows', async () => {
    const me = await writer('revise-refund@example.com');
    const uid = await story(me.auth);
    const before = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    llm.answerBy((body) => (isRevision(body) ? { status: 400 } : undefined));
    const res = await post(me.auth, 'revise', { novel_uid: uid, chapter_index: 0, ...selection(CHAPTER), instruction: 'darker' });
    expect(res.status).toBeGreaterThanOrEqual(500);
    const after = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    expect(after.balance).toBe(before.balance);
    expect(after.ledgerSum).toBe(after.balance);
    const rows = (await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: me.auth })).body.data.results;
    expect(rows.slice(0, 2).map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['refund', 1],
      ['revise', -1],
    ]);
  });

  it('accepting replaces exactly the selection; the history holds before and after; restore brings the earlier text back', async () => {
    const me = await writer('revise-accept@example.com');
    const uid = await story(me.auth);
    const range = selection(CHAPTER);
    const accepted = await post(me.auth, 'revise/accept', {
      novel_uid: uid,
      chapter_index: 0,
      ...range,
      original: SENTENCE,
      text: 'Ines lit the lamp, and the dark leaned closer.',
    });
    expect(accepted.status).toBe(200);
    const revised = CHAPTER.replace(SENTENCE, 'Ines lit the lamp, and the dark leaned closer.');
    expect(accepted.body.data.chapters[0].content).toBe(revised);

    // The offsets are stale now: the same request answers 409 and changes nothing.
    const stale = await post(me.auth, 'revise/accept', { novel_uid: uid, chapter_index: 0, ...range, original: SENTENCE, text: 'x' });
    expect(stale.status).toBe(409);

    const entries = (await history(me.auth, uid)).body.data.entries as { uid: string; source: string; content: string }[];
    expect(entries.map((e) => [e.source, e.content])).toEqual([
      ['revise', revised],
      ['model', CHAPTER],
    ]);
    const restored = await post(me.auth, 'history/restore', { novel_uid: uid, chapter_index: 0, uid: entries[1]!.uid });
    expect(restored.status).toBe(200);
    expect(restored.body.data.chapters[0].content).toBe(CHAPTER);
    const again = (await history(me.auth, uid)).body.data.entries as { uid: string; source: string }[];
    expect(again.map((e) => e.source)).toEqual(['restore', 'revise', 'model']);
    // Undo of the undo: the revision comes back.
    const redo = await post(me.auth, 'history/restore', { novel_uid: uid, chapter_index: 0, uid: again[1]!.uid });
    expect(redo.body.data.chapters[0].content).toBe(revised);
  });

  it('keeps hand edits in the history too', async () => {
    const me = await writer('revise-edit@example.com');
    const uid = await story(me.auth);
    await post(me.auth, 'edit', { novel_uid: uid, chapter_index: 0, content: 'By hand.' });
    const entries = (await history(me.auth, uid)).body.data.entries as { source: string; content: string }[];
    expect(entries.map((e) => [e.source, e.content])).toEqual([
      ['edit', 'By hand.'],
      ['model', CHAPTER],
    ]);
  });

  it('refuses every call to another account, and a selection outside the chapter', async () => {
    const me = await writer('revise-owner@example.com');
    const other = await writer('revise-other@example.com');
    const uid = await story(me.auth);
    const range = selection(CHAPTER);
    const before = await ledgerTotals(ctx.database.db, { userUid: other.uid });
    expect((await post(other.auth, 'revise', { novel_uid: uid, chapter_index: 0, ...range, instruction: 'x' })).status).toBe(403);
    expect(
      (await post(other.auth, 'revise/accept', { novel_uid: uid, chapter_index: 0, ...range, original: SENTENCE, text: 'x' })).status,
    ).toBe(403);
    expect((await history(other.auth, uid)).status).toBe(403);
    const entry = (await history(me.auth, uid)).body.data.entries[0].uid;
    expect((await post(other.auth, 'history/restore', { novel_uid: uid, chapter_index: 0, uid: entry })).status).toBe(403);
    expect((await ledgerTotals(ctx.database.db, { userUid: other.uid })).balance).toBe(before.balance);
    const outside = await post(me.auth, 'revise', {
      novel_uid: uid,
      chapter_index: 0,
      start: 0,
      end: CHAPTER.length + 5,
      instruction: 'x',
    });
    expect(outside.status).toBe(400);
    expect(outside.body.data.fields.end).toBeTruthy();
  });
});
