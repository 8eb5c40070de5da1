import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import type { FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest, waitFor } from '../../../test/novels';
import { applyLedger, ledgerTotals } from '../wallet/service';

/**
 * Issue 29, story memory: after each chapter the same model (a loopback fake here) is asked for the
 * memory of the story so far; a continuation carries it, with the author's note and pinned facts.
 */
let llm: FakeLlm;
let ctx: TestContext;
type Auth = Record<string, string>;
const storyRequests = () => llm.requests;
const memoryRequests = () => llm.memoryRequests;
const setMemoryAnswer = (behaviour: { chunks?: string[]; status?: number }) => llm.memory(behaviour);

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext());
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const post = (auth: Auth, path: string, body: Record<string, unknown>) =>
  ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
const memoryOf = (auth: Auth, uid: string) => ctx.request('GET', `/api/v1/novel/memory/?novel_uid=${uid}`, { headers: auth });
const memoryFor = (auth: Auth, uid: string, chapters: number) =>
  waitFor(
    () => memoryOf(auth, uid),
    (res) => res.body.data?.memory_chapters === chapters,
  );

async function writer(email: string, adult = false) {
  const me = await signUp(ctx, email);
  await applyLedger(ctx.database.db, { userUid: me.uid, kind: 'grant', amount: 30 });
  if (adult) await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
  return me;
}

async function story(auth: Auth, overrides: Record<string, unknown> = {}) {
  llm.script([{ chunks: ['林在港口等他。风很大。\n\n灯还亮着。'] }]);
  const uid = (await post(auth, 'generate', storyRequest({ language: 'zh-CN', ...overrides }))).body.data.novel_uid as string;
  await novelFinished(ctx, auth, uid);
  return uid;
}

describe('story memory', () => {
  it('is written after each chapter in the story’s language and carried by the next continuation', async () => {
    const me = await writer('memory-flow@example.com');
    setMemoryAnswer({ chunks: ['林和他在港口重逢。', 'MEMORY-ONE'] });
    const uid = await story(me.auth);
    const first = await memoryFor(me.auth, uid, 1);
    expect(first.body.data).toMatchObject({
      memory: '林和他在港口重逢。MEMORY-ONE',
      memory_source: 'generated',
      chapters: 1,
      author_note: '',
      pinned_facts: [],
    });
    const asked = memoryRequests().at(-1)!;
    // The whole memory prompt is in the story's language, its facts heading too (issue 48).
    expect(asked.messages[0]!.content).toContain('用简体中文写出');
    expect(asked.messages[0]!.content).toContain('“关键事实：”');
    expect(asked.messages[1]!.content).toContain('新的一章（引用的资料）：');
    expect(asked.messages[1]!.content).toContain('林在港口等他');

    llm.script([{ chunks: ['第二章。'] }]);
    expect((await post(me.auth, 'continuation', { novel_uid: uid })).status).toBe(200);
    await novelFinished(ctx, me.auth, uid);
    const sent = storyRequests().at(-1)!;
    expect(sent.messages[1]!.content).toContain('<story_memory>\n林和他在港口重逢。MEMORY-ONE\n</story_memory>');
    expect(sent.messages[0]!.content).not.toContain('MEMORY-ONE');
  });

  it('carries the author’s edited memory, note and pinned facts as quoted data, and goes back to the generated memory on reset', async () => {
    const me = await writer('memory-steer@example.com');
    setMemoryAnswer({ chunks: ['MEMORY-GENERATED'] });
    const uid = await story(me.auth);
    await memoryFor(me.auth, uid, 1);
    const saved = await post(me.auth, 'memory', {
      novel_uid: uid,
      memory: 'MEMORY-EDITED: 林 is a lighthouse keeper.',
      author_note: 'next: they finally talk about the letter',
      pinned_facts: ['Lin is allergic to cats', 'they met at the 2019 festival'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      memory: 'MEMORY-EDITED: 林 is a lighthouse keeper.',
      generated_memory: 'MEMORY-GENERATED',
      memory_source: 'edited',
    });

    llm.script([{ chunks: ['第二章。'] }]);
    await post(me.auth, 'continuation', { novel_uid: uid });
    await novelFinished(ctx, me.auth, uid);
    const [system, user] = storyRequests().at(-1)!.messages;
    expect(user!.content).toContain('MEMORY-EDITED: 林 is a lighthouse keeper.');
    expect(user!.content).not.toContain('MEMORY-GENERATED');
    expect(user!.content).toContain(JSON.stringify('next: they finally talk about the letter'));
    expect(user!.content).toContain(JSON.stringify(['Lin is allergic to cats', 'they met at the 2019 festival']));
    for (const text of ['MEMORY-EDITED', 'the letter', 'allergic']) expect(system!.content).not.toContain(text);
    // The next memory is built on the author's version.
    await memoryFor(me.auth, uid, 2);
    expect(memoryRequests().at(-1)!.messages[1]!.content).toContain('MEMORY-EDITED');

    const reset = await post(me.auth, 'memory', { novel_uid: uid, memory: null });
    expect(reset.body.data).toMatchObject({ memory: 'MEMORY-GENERATED', memory_source: 'generated', memory_chapters: 2 });
  });

  it('refuses a note about a minor in an adult story, saving nothing and charging nothing', async () => {
    const me = await writer('memory-minor@example.com', true);
    const uid = await story(me.auth, { is_r18: 1 });
    const before = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    const refused = await post(me.auth, 'memory', { novel_uid: uid, author_note: 'next: she is 15 and they kiss' });
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect((await memoryOf(me.auth, uid)).body.data.author_note).toBe('');
    expect((await ledgerTotals(ctx.database.db, { userUid: me.uid })).balance).toBe(before.balance);
  });

  it('is the author’s alone', async () => {
    const me = await writer('memory-owner@example.com');
    const uid = await story(me.auth);
    const other = await signUp(ctx, 'memory-other@example.com');
    expect((await memoryOf(other.auth, uid)).body.base_resp.status_code).toBe(403001);
    expect((await post(other.auth, 'memory', { novel_uid: uid, author_note: 'mine now' })).body.base_resp.status_code).toBe(403001);
    expect((await memoryOf(me.auth, 'no-such-novel')).body.base_resp.status_code).toBe(404001);
    expect((await ctx.request('GET', `/api/v1/novel/memory/?novel_uid=${uid}`)).status).toBe(401);
  });

  it('lets the next continuation run and charge once when the memory request fails', async () => {
    const me = await writer('memory-fails@example.com');
    setMemoryAnswer({ status: 500 });
    const uid = await story(me.auth);
    await waitFor(
      async () => memoryRequests().filter((r) => r.messages[1]!.content.includes('林在港口等他')).length,
      (n) => n > 0,
    );
    const before = (await ledgerTotals(ctx.database.db, { userUid: me.uid })).balance;
    llm.script([{ chunks: ['第二章。'] }]);
    expect((await post(me.auth, 'continuation', { novel_uid: uid })).status).toBe(200);
    const done = await novelFinished(ctx, me.auth, uid);
    expect(done.body.data.chapters).toHaveLength(2);
    const after = await ledgerTotals(ctx.database.db, { userUid: me.uid });
    expect(after.balance).toBe(before - 3);
    expect(after.balance).toBe(after.ledgerSum);
    expect(storyRequests().at(-1)!.messages[1]!.content).not.toContain('<story_memory>');
    setMemoryAnswer({ chunks: ['MEMORY-ONE'] });
  });

  it('follows the chosen version: a rewritten chapter brings its own memory, choosing the old version brings back the old one', async () => {
    const me = await writer('memory-versions@example.com');
    setMemoryAnswer({ chunks: ['MEMORY-V1'] });
    const uid = await story(me.auth);
    await memoryFor(me.auth, uid, 1);
    setMemoryAnswer({ chunks: ['MEMORY-V2'] });
    llm.script([{ chunks: ['另一个版本。'] }]);
    expect((await post(me.auth, 'rewrite', { novel_uid: uid, chapter_index: 0 })).status).toBe(200);
    await novelFinished(ctx, me.auth, uid);
    await waitFor(
      () => memoryOf(me.auth, uid),
      (res) => res.body.data.memory === 'MEMORY-V2',
    );
    expect((await post(me.auth, 'select', { novel_uid: uid, chapter_index: 0, version: 1 })).status).toBe(200);
    expect((await memoryOf(me.auth, uid)).body.data.memory).toBe('MEMORY-V1');
  });
});
