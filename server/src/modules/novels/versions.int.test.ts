import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse, type FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, type TestContext } from '../../../test/helpers';
import { runnerSettled, storyRequest, waitFor } from '../../../test/novels';
import { applyLedger, ledgerTotals } from '../wallet/service';

let llm: FakeLlm;
let ctx: TestContext;

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext());
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

type Auth = Record<string, string>;
type Chapter = { index: number; content: string; version: number; versions: number };

const details = (auth: Auth, uid: string) => ctx.request('GET', `/api/v1/novel/details/?novel_uid=${uid}`, { headers: auth });
const finished = (auth: Auth, uid: string, timeoutMs?: number) =>
  waitFor(
    () => details(auth, uid),
    (res) => !['generating', 'continuing'].includes(res.body.data.novel.generate_status),
    timeoutMs,
  );
const post = (auth: Auth, path: string, body: Record<string, unknown>) =>
  ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: auth });
const rewrite = (auth: Auth, uid: string, chapterIndex: number) => post(auth, 'rewrite', { novel_uid: uid, chapter_index: chapterIndex });
const select = (auth: Auth, uid: string, chapterIndex: number, version: number) =>
  post(auth, 'select', { novel_uid: uid, chapter_index: chapterIndex, version });
const texts = (chapters: Chapter[]) => chapters.map((c) => c.content);
const shape = (chapters: Chapter[]) => chapters.map((c) => `${c.version}/${c.versions}`);
const grant = (uid: string, amount: number) =>
  ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: uid, kind: 'grant', amount }));
const lastPrompt = () =>
  llm.requests
    .at(-1)!
    .messages.map((m) => m.content)
    .join('\n');

async function balanceOf(uid: string) {
  const totals = await ledgerTotals(ctx.database.db, { userUid: uid });
  expect(totals.balance).toBe(totals.ledgerSum);
  return totals.balance;
}

/** The stored tree of a novel is well-formed: the path follows parents, versions of a chapter are 1…n. */
async function expectConsistent(uid: string) {
  const { rows: novel } = await ctx.database.pool.query('select path, word_count from novels where uid = $1', [uid]);
  const path = (novel[0].path as string[]).map(Number);
  const { rows } = await ctx.database.pool.query(
    'select id, index, parent_id, version, next_id from chapters where novel_uid = $1 order by index, parent_id, version',
    [uid],
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  path.forEach((id, i) => {
    const row = byId.get(id)!;
    expect(row.index).toBe(i);
    expect(row.parent_id === null ? null : Number(row.parent_id)).toBe(i === 0 ? null : path[i - 1]);
    if (i > 0) expect(Number(byId.get(path[i - 1]!)!.next_id)).toBe(id);
  });
  expect(byId.get(path.at(-1)!)!.next_id).toBeNull();
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.index}:${r.parent_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r.version]);
  }
  for (const versions of groups.values()) expect(versions).toEqual(versions.map((_, i) => i + 1));
  const shown = (await details(await ownerAuth(uid), uid)).body.data;
  expect(shown.novel.chapter_count).toBe(path.length);
  return { path, chapters: rows.length };
}

const owners = new Map<string, Auth>();
const ownerAuth = async (uid: string) => owners.get(uid)!;

/** A finished story of `chapters` chapters (A0, A1, …), written by a fresh account with `butter` extra. */
async function story(email: string, chapters: number, butter = 30) {
  const me = await signUp(ctx, email);
  if (butter > 0) await grant(me.uid, butter);
  llm.script([{ chunks: ['A0 the storm. '] }]);
  const uid = (await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth })).body.data
    .novel_uid as string;
  owners.set(uid, me.auth);
  await finished(me.auth, uid);
  for (let i = 1; i < chapters; i++) {
    llm.script([{ chunks: [`A${i} more words. `] }]);
    expect((await post(me.auth, 'continuation', { novel_uid: uid })).status).toBe(200);
    await finished(me.auth, uid);
  }
  return { me, uid };
}

describe('rewriting a chapter', () => {
  it('writes a new version from the chapters before it, streams it like a continuation and charges 3 Butter', async () => {
    const { me, uid } = await story('rewrite@example.com', 3);
    const before = await balanceOf(me.uid);
    expect(texts((await details(me.auth, uid)).body.data.chapters)).toEqual(['A0 the storm. ', 'A1 more words. ', 'A2 more words. ']);

    const pieces = Array.from({ length: 12 }, (_, i) => `b${i} `);
    llm.script([{ chunks: pieces, delayMs: 40 }]);
    const started = await rewrite(me.auth, uid, 1);
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({ novel_uid: uid, generate_status: 'continuing', balance: before - 3 });

    // While it is written: the path ends at the new, empty version; the later chapters are kept with the old one.
    const during = (await details(me.auth, uid)).body.data;
    expect(during.novel.generate_status).toBe('continuing');
    expect(during.chapters.map((c: Chapter) => c.index)).toEqual([0, 1]);
    expect(shape(during.chapters)).toEqual(['1/1', '2/2']);

    const events = await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`, me.auth, (e) => e.some((x) => x.event === 'done'));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.every((e) => e.data.chapter === 1)).toBe(true);
    expect(deltas.map((e) => e.data.text).join('')).toBe(pieces.join(''));

    const after = (await finished(me.auth, uid)).body.data;
    expect(texts(after.chapters)).toEqual(['A0 the storm. ', pieces.join('')]);
    expect(shape(after.chapters)).toEqual(['1/1', '2/2']);
    expect(after.novel).toMatchObject({ generate_status: 'done', word_count: 3 + 12, chapter_count: 2 });
    expect(events.at(-1)).toEqual({ event: 'done', data: { generate_status: 'done', word_count: 15 } });

    // From the setup and the story before chapter 2, not from the version it replaces or the chapters after it.
    const prompt = lastPrompt();
    expect(prompt).toContain('A0 the storm.');
    expect(prompt).toContain('Ines');
    expect(prompt).not.toContain('A1 more words');
    expect(prompt).not.toContain('A2 more words');
    expect(await balanceOf(me.uid)).toBe(before - 3);
    const ledger = await ctx.database.pool.query(`select kind, amount from ledger where user_uid = $1 order by id desc limit 1`, [me.uid]);
    expect(ledger.rows).toEqual([{ kind: 'continue', amount: -3 }]);
    await expectConsistent(uid);
  });

  it('rewrites the first chapter too, and chooses back the whole first path with its own later chapters', async () => {
    const { me, uid } = await story('rewrite-first@example.com', 2);
    llm.script([{ chunks: ['Z0 another opening.'] }]);
    expect((await rewrite(me.auth, uid, 0)).status).toBe(200);
    const after = (await finished(me.auth, uid)).body.data;
    expect(texts(after.chapters)).toEqual(['Z0 another opening.']);
    expect(shape(after.chapters)).toEqual(['2/2']);
    expect(lastPrompt()).not.toContain('A0 the storm');

    const back = await select(me.auth, uid, 0, 1);
    expect(back.status).toBe(200);
    expect(texts(back.body.data.chapters)).toEqual(['A0 the storm. ', 'A1 more words. ']);
    expect(shape(back.body.data.chapters)).toEqual(['1/2', '1/1']);
    expect(back.body.data.novel.word_count).toBe(6);
    await expectConsistent(uid);
  });

  it('is free during a pass, and refunded when the model keeps failing (the chosen version comes back)', async () => {
    const { me, uid } = await story('rewrite-pass@example.com', 2, 3);
    const start = await balanceOf(me.uid);
    await ctx.database.pool.query(`update users set pass_expires_at = now() + interval '1 day' where uid = $1`, [me.uid]);
    llm.script([{ chunks: ['P1 free words.'] }]);
    expect((await rewrite(me.auth, uid, 1)).body.data.balance).toBe(start);
    expect(texts((await finished(me.auth, uid)).body.data.chapters)).toEqual(['A0 the storm. ', 'P1 free words.']);
    await ctx.database.pool.query(`update users set pass_expires_at = null where uid = $1`, [me.uid]);
    await grant(me.uid, 3);

    const shown = (await details(me.auth, uid)).body.data;
    llm.script([{ status: 500 }]);
    const failing = await rewrite(me.auth, uid, 1);
    expect(failing.body.data.balance).toBe(start);
    const failed = (
      await waitFor(
        () => details(me.auth, uid),
        (r) => r.body.data.novel.failure === 'tries',
        30_000,
      )
    ).body.data;
    expect(failed.novel.generate_status).toBe('done');
    expect(failed.chapters).toEqual(shown.chapters);
    expect(failed.novel.word_count).toBe(shown.novel.word_count);
    expect(await balanceOf(me.uid)).toBe(start + 3);
    await expectConsistent(uid);
  }, 40_000);

  it('refuses what it cannot do: busy, unknown chapter, someone else', async () => {
    const { me, uid } = await story('rewrite-refusals@example.com', 1);
    expect((await rewrite(me.auth, uid, 1)).body.base_resp.status_code).toBe(404001);
    expect((await rewrite(me.auth, uid, -1)).body.base_resp.status_code).toBe(400001);
    const stranger = await signUp(ctx, 'rewrite-stranger@example.com');
    expect((await rewrite(stranger.auth, uid, 0)).body.base_resp.status_code).toBe(403001);
    llm.script([{ chunks: ['slow'], firstDelayMs: 1500 }]);
    expect((await rewrite(me.auth, uid, 0)).status).toBe(200);
    expect((await rewrite(me.auth, uid, 0)).body.base_resp.status_code).toBe(400001);
    expect((await select(me.auth, uid, 0, 1)).body.base_resp.status_code).toBe(400001);
    expect((await post(me.auth, 'continuation', { novel_uid: uid })).body.base_resp.status_code).toBe(400001);
    await finished(me.auth, uid);
    await balanceOf(me.uid);
  });
});

describe('choosing versions and branches', () => {
  it('swipes between versions, keeps each version its own later chapters, and continues after the chosen one', async () => {
    const { me, uid } = await story('branches@example.com', 3);
    llm.script([{ chunks: ['B1 second take.'] }]);
    await rewrite(me.auth, uid, 1);
    await finished(me.auth, uid);

    const first = await select(me.auth, uid, 1, 1);
    expect(first.status).toBe(200);
    expect(texts(first.body.data.chapters)).toEqual(['A0 the storm. ', 'A1 more words. ', 'A2 more words. ']);
    expect(shape(first.body.data.chapters)).toEqual(['1/1', '1/2', '1/1']);
    expect(first.body.data.novel).toMatchObject({ word_count: 9, chapter_count: 3 });
    // The choice is kept on the server (a reload shows it).
    expect(texts((await details(me.auth, uid)).body.data.chapters)).toHaveLength(3);
    const list = await ctx.request('GET', '/api/v1/novel/list/?page=1', { headers: me.auth });
    expect(list.body.data.results[0]).toMatchObject({ uid, chapter_count: 3, word_count: 9 });

    const second = await select(me.auth, uid, 1, 2);
    expect(texts(second.body.data.chapters)).toEqual(['A0 the storm. ', 'B1 second take.']);
    expect(second.body.data.novel.word_count).toBe(6);

    // Continuing writes after the chosen version, from the chosen path.
    llm.script([{ chunks: ['C2 after the second take.'] }]);
    expect((await post(me.auth, 'continuation', { novel_uid: uid })).status).toBe(200);
    const continued = (await finished(me.auth, uid)).body.data;
    expect(texts(continued.chapters)).toEqual(['A0 the storm. ', 'B1 second take.', 'C2 after the second take.']);
    expect(shape(continued.chapters)).toEqual(['1/1', '2/2', '1/1']);
    expect(lastPrompt()).toContain('B1 second take.');
    expect(lastPrompt()).not.toContain('A1 more words');

    // Back and forth: each version brings back its own later chapters; nothing was deleted.
    expect(texts((await select(me.auth, uid, 1, 1)).body.data.chapters)).toEqual(['A0 the storm. ', 'A1 more words. ', 'A2 more words. ']);
    expect(texts((await select(me.auth, uid, 1, 2)).body.data.chapters)).toEqual([
      'A0 the storm. ',
      'B1 second take.',
      'C2 after the second take.',
    ]);
    // The same choice again changes nothing.
    expect(texts((await select(me.auth, uid, 1, 2)).body.data.chapters)).toHaveLength(3);
    const { chapters } = await expectConsistent(uid);
    expect(chapters).toBe(5);

    // A rewrite of a later chapter on a branch is a version of that branch's chapter only.
    llm.script([{ chunks: ['D2 third chapter again.'] }]);
    await rewrite(me.auth, uid, 2);
    const branched = (await finished(me.auth, uid)).body.data;
    expect(shape(branched.chapters)).toEqual(['1/1', '2/2', '2/2']);
    expect(lastPrompt()).toContain('B1 second take.');
    expect(shape((await select(me.auth, uid, 1, 1)).body.data.chapters)).toEqual(['1/1', '1/2', '1/1']);
    // The choice made inside a branch is remembered there.
    expect(texts((await select(me.auth, uid, 1, 2)).body.data.chapters)).toEqual([
      'A0 the storm. ',
      'B1 second take.',
      'D2 third chapter again.',
    ]);
  });

  it('edits only the chosen version; unknown versions and strangers are refused', async () => {
    const { me, uid } = await story('edit-version@example.com', 2);
    llm.script([{ chunks: ['B1 rewritten.'] }]);
    await rewrite(me.auth, uid, 1);
    await finished(me.auth, uid);
    const edited = await post(me.auth, 'edit', { novel_uid: uid, chapter_index: 1, content: 'B1 edited by hand here.' });
    expect(texts(edited.body.data.chapters)).toEqual(['A0 the storm. ', 'B1 edited by hand here.']);
    expect(edited.body.data.novel.word_count).toBe(8);
    expect(texts((await select(me.auth, uid, 1, 1)).body.data.chapters)).toEqual(['A0 the storm. ', 'A1 more words. ']);

    expect((await select(me.auth, uid, 1, 3)).body.base_resp.status_code).toBe(404001);
    expect((await select(me.auth, uid, 2, 1)).body.base_resp.status_code).toBe(404001);
    expect((await select(me.auth, uid, 1, 0)).body.base_resp.status_code).toBe(400001);
    const stranger = await signUp(ctx, 'select-stranger@example.com');
    expect((await select(stranger.auth, uid, 1, 2)).body.base_resp.status_code).toBe(403001);
    expect((await select(me.auth, 'nope', 0, 1)).body.base_resp.status_code).toBe(404001);
  });
});

describe('stop during a rewrite', () => {
  it('keeps the text written so far and the charge', async () => {
    const { me, uid } = await story('stop-rewrite@example.com', 2);
    const start = await balanceOf(me.uid);
    llm.script([{ chunks: Array.from({ length: 100 }, (_, i) => `r${i} `), delayMs: 50 }]);
    await rewrite(me.auth, uid, 0);
    await waitFor(
      () => details(me.auth, uid),
      (r) => (r.body.data.chapters[0]?.content.length ?? 0) > 8,
      10_000,
    );
    const stopped = await post(me.auth, 'stop', { novel_uid: uid });
    expect(stopped.body.data).toMatchObject({ generate_status: 'done', refunded: false, balance: start - 3 });
    // The worker has let go of the job: nothing it still had in hand can land after this.
    await runnerSettled(ctx);
    const kept = (await details(me.auth, uid)).body.data;
    expect(kept.chapters).toHaveLength(1);
    expect(kept.chapters[0].content).toMatch(/^r0 r1 /);
    expect(shape(kept.chapters)).toEqual(['2/2']);
    expect(await balanceOf(me.uid)).toBe(start - 3);
    await expectConsistent(uid);
  });

  it('refunds a stop before any text, and the version chosen before comes back with its later chapters', async () => {
    const { me, uid } = await story('stop-early@example.com', 3);
    const start = await balanceOf(me.uid);
    const shown = (await details(me.auth, uid)).body.data;
    llm.script([{ chunks: ['too late'], firstDelayMs: 3000 }]);
    await rewrite(me.auth, uid, 1);
    const stopped = await post(me.auth, 'stop', { novel_uid: uid });
    expect(stopped.body.data).toEqual({ generate_status: 'done', refunded: true, balance: start });
    // The worker has let go of the job (or never took it): the model's late text cannot land after this.
    await runnerSettled(ctx);
    const after = (await details(me.auth, uid)).body.data;
    expect(after.chapters).toEqual(shown.chapters);
    expect(after.novel.word_count).toBe(shown.novel.word_count);
    expect(await balanceOf(me.uid)).toBe(start);
    const { chapters } = await expectConsistent(uid);
    expect(chapters).toBe(3);
  });
});

describe('races', () => {
  it('starts exactly one job for many simultaneous rewrite, continue and select calls', async () => {
    const { me, uid } = await story('race@example.com', 3, 9);
    const start = await balanceOf(me.uid);
    // The job that starts outlives every call (on a busy machine the last calls can come in after 300 ms): once it
    // ended, a call would meet a finished novel whose path the rewrite made shorter.
    llm.script([{ chunks: ['R one take.'], firstDelayMs: 2_000 }]);
    const calls = [
      ...Array.from({ length: 6 }, (_, i) => rewrite(me.auth, uid, i % 3)),
      ...Array.from({ length: 3 }, () => post(me.auth, 'continuation', { novel_uid: uid })),
      ...Array.from({ length: 3 }, (_, i) => select(me.auth, uid, i, 1)),
    ];
    const answers = await Promise.all(calls);
    const started = answers.slice(0, 9).filter((a) => a.status === 200);
    expect(started).toHaveLength(1);
    for (const a of answers.slice(0, 9).filter((x) => x.status !== 200)) expect(a.body.base_resp.status_code).toBe(400001);
    await finished(me.auth, uid);
    const jobs = await ctx.database.pool.query(
      `select count(*)::int as n from generation_jobs where novel_uid = $1 and kind <> 'generate'`,
      [uid],
    );
    expect(jobs.rows[0].n).toBe(2 + 1);
    expect(await balanceOf(me.uid)).toBe(start - 3);
    await expectConsistent(uid);
  });

  it('loses and creates no Butter in any mix of rewrite, select, stop and continue', async () => {
    const { me, uid } = await story('chaos@example.com', 2, 60);
    const start = await balanceOf(me.uid);
    const earlier = await ctx.database.pool.query('select uid from generation_jobs where novel_uid = $1', [uid]);
    llm.script([{ chunks: Array.from({ length: 8 }, (_, i) => `x${i} `), delayMs: 30 }]);
    for (let round = 0; round < 6; round++) {
      const shown = (await details(me.auth, uid)).body.data.chapters as Chapter[];
      const answers = await Promise.all([
        rewrite(me.auth, uid, round % shown.length),
        post(me.auth, 'continuation', { novel_uid: uid }),
        post(me.auth, 'stop', { novel_uid: uid }),
        select(me.auth, uid, 0, 1),
        rewrite(me.auth, uid, 0),
        post(me.auth, 'stop', { novel_uid: uid }),
      ]);
      for (const a of answers) expect([200, 400]).toContain(a.status);
      await finished(me.auth, uid);
    }
    // Every attempt has settled its money and text, including ones stopped after the novel looked finished.
    await runnerSettled(ctx);
    const charged = await ctx.database.pool.query(
      `select coalesce(sum(charge), 0)::int as charged, coalesce(sum(charge) filter (where refunded or status = 'failed'), 0)::int as back
       from generation_jobs where novel_uid = $1 and not (uid = any($2))`,
      [uid, earlier.rows.map((r) => r.uid)],
    );
    expect(await balanceOf(me.uid)).toBe(start - charged.rows[0].charged + charged.rows[0].back);
    await expectConsistent(uid);
  }, 60_000);
});
