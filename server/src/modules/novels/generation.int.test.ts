import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse, type FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, startPeer, type TestContext } from '../../../test/helpers';
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
afterEach(() => llm.script([{ chunks: ['Hello'] }]));

const request = (overrides: Record<string, unknown> = {}) =>
  storyRequest({ tags: ['notR18', 'secondPerson', 'conversation'], dialogue_heavy: 1, first_person: 2, language: 'ja', ...overrides });

const details = (auth: Record<string, string>, uid: string) =>
  ctx.request('GET', `/api/v1/novel/details/?novel_uid=${uid}`, { headers: auth });
const finished = (auth: Record<string, string>, uid: string) =>
  waitFor(
    () => details(auth, uid),
    (res) => !['generating', 'continuing'].includes(res.body.data.novel.generate_status),
  );

async function expectLedgerBalanced(uid: string) {
  const totals = await ledgerTotals(ctx.database.db, { userUid: uid });
  expect(totals.balance).toBe(totals.ledgerSum);
  return totals.balance;
}

describe('generation through an OpenAI-compatible server', () => {
  it('sends a prompt with names, settings, plot, perspective, style and language, and saves the streamed story', async () => {
    const me = await signUp(ctx, 'writer@example.com');
    llm.script([{ chunks: ['嵐の夜、', 'イネスは', '灯台の灯を', '守っていた。\n\n', '「大丈夫？」とあなたは聞いた。'], delayMs: 20 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ generate_status: 'generating', balance: 0 });

    const res = await finished(me.auth, started.body.data.novel_uid);
    const { novel, chapters } = res.body.data;
    expect(novel).toMatchObject({ generate_status: 'done', written_by: 'openai', language: 'ja', first_person: 2, dialogue_heavy: 1 });
    expect(novel.title).toBe('A storm stra');
    expect(novel.tags).toEqual(['notR18', 'secondPerson', 'conversation']);
    expect(chapters).toHaveLength(1);
    expect(chapters[0].content).toBe('嵐の夜、イネスは灯台の灯を守っていた。\n\n「大丈夫？」とあなたは聞いた。');
    // 文字数 as Japanese sites count it: every character but spaces and line breaks (contract/src/text.ts).
    expect(novel.word_count).toBe(Array.from('嵐の夜、イネスは灯台の灯を守っていた。「大丈夫？」とあなたは聞いた。').length);
    expect(novel.input_params).toContain("'char_a_name': 'Ines'");

    const prompt = llm.requests.at(-1)!;
    expect(prompt.model).toBe('fake-model');
    expect(prompt.stream).toBe(true);
    const text = prompt.messages.map((m) => m.content).join('\n');
    for (const expected of [
      'Ines',
      'Tomas',
      'lighthouse keeper of 34',
      'shipwrecked cartographer',
      'A storm strands him',
      'second person',
      'dialogue',
      'Japanese',
    ]) {
      expect(text).toContain(expected);
    }
    expect(prompt.messages[0]!.content).toMatch(/under 18/);
  });

  it('streams deltas over SSE as the model writes, and a late reader gets the text so far first', async () => {
    const me = await signUp(ctx, 'reader-sse@example.com');
    const pieces = Array.from({ length: 30 }, (_, i) => `piece${i} `);
    llm.script([{ chunks: pieces, delayMs: 60 }]);
    const sentBefore = llm.chunksSent();
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    const url = `${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${uid}`;
    const early = readSse(url, me.auth, (events) => events.some((e) => e.event === 'done'));
    // The late reader joins mid-story: a third of the pieces written (chunksSent counts every stream so far).
    await waitFor(
      async () => llm.chunksSent() - sentBefore,
      (n) => n >= 10,
    );
    const late = readSse(url, me.auth, (events) => events.some((e) => e.event === 'done'));
    const [a, b] = await Promise.all([early, late]);
    for (const events of [a, b]) {
      const text = events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(text).toBe(pieces.join(''));
      expect(events.at(-1)).toEqual({ event: 'done', data: { generate_status: 'done', word_count: 30 } });
    }
    expect(b[0]!.event).toBe('delta');
    expect(b[0]!.data.text.length).toBeGreaterThan(pieces[0]!.length);
    expect(a.filter((e) => e.event === 'delta').length).toBeGreaterThan(b.filter((e) => e.event === 'delta').length);
  });

  it('refunds a generation whose model keeps failing', async () => {
    const me = await signUp(ctx, 'unlucky@example.com');
    llm.script([{ status: 500 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth });
    expect(started.body.data.balance).toBe(0);
    const res = await waitFor(
      () => details(me.auth, started.body.data.novel_uid),
      (r) => r.body.data.novel.generate_status === 'failed',
      30_000,
    );
    // A short code the reader translates; the model's own error text stays in the job.
    expect(res.body.data.novel.failure).toBe('tries');
    expect(await expectLedgerBalanced(me.uid)).toBe(6);
    const kinds = await ctx.database.pool.query('select kind, amount from ledger where user_uid = $1 order by id', [me.uid]);
    expect(kinds.rows).toEqual([
      { kind: 'signup', amount: 6 },
      { kind: 'generate', amount: -6 },
      { kind: 'refund', amount: 6 },
    ]);
    const jobs = await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [
      started.body.data.novel_uid,
    ]);
    expect(jobs.rows).toEqual([{ status: 'failed', attempts: 3 }]);
  }, 40_000);

  it('gives exactly one story for 10 simultaneous generate calls with exactly 6 Butter', async () => {
    const me = await signUp(ctx, 'racer@example.com');
    llm.script([{ chunks: ['One story.'] }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 402);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.base_resp.status_code).toBe(305001);
    const novels = await ctx.database.pool.query('select uid from novels where author_uid = $1', [me.uid]);
    expect(novels.rows).toHaveLength(1);
    await finished(me.auth, novels.rows[0].uid);
    const jobs = await ctx.database.pool.query(
      'select count(*)::int as n from generation_jobs j join novels n on n.uid = j.novel_uid where n.author_uid = $1',
      [me.uid],
    );
    expect(jobs.rows[0].n).toBe(1);
    expect(await expectLedgerBalanced(me.uid)).toBe(0);
  });

  it('continues a story for 3 Butter with the story so far in the prompt', async () => {
    const me = await signUp(ctx, 'sequel@example.com');
    // The continuation's model waits a little, so the second continuation call meets it still running.
    llm.script([{ chunks: ['The storm broke the mast. '] }, { chunks: ['By morning the sea was calm.'], firstDelayMs: 800 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    await finished(me.auth, uid);
    const poor = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
    expect(poor.status).toBe(402);
    expect(poor.body.base_resp.status_code).toBe(305001);

    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 5 }));
    const cont = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
    expect(cont.body.data).toMatchObject({ novel_uid: uid, generate_status: 'continuing', balance: 2 });
    const busy = await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: me.auth });
    expect(busy.body.base_resp.status_code).toBe(400001);
    const res = await finished(me.auth, uid);
    expect(res.body.data.chapters.map((c: { content: string }) => c.content)).toEqual([
      'The storm broke the mast. ',
      'By morning the sea was calm.',
    ]);
    expect(res.body.data.novel.word_count).toBe(11);
    const prompt = llm.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain('The storm broke the mast.');
    expect(prompt).toContain('next chapter');
    expect(await expectLedgerBalanced(me.uid)).toBe(2);

    const stranger = await signUp(ctx, 'stranger@example.com');
    expect((await ctx.request('POST', '/api/v1/novel/continuation/', { body: { novel_uid: uid }, headers: stranger.auth })).status).toBe(
      403,
    );
    expect((await details(stranger.auth, uid)).status).toBe(403);
  });

  it('stops a running story, keeping the text and the charge; refunds when nothing was written', async () => {
    const me = await signUp(ctx, 'stopper@example.com');
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 6 }));
    llm.script([{ chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 50 }]);
    const first = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    const uid = first.body.data.novel_uid;
    await waitFor(
      () => details(me.auth, uid),
      // Past the first word (saved at once) to a regular save with several.
      (r) => r.body.data.chapters[0].content.length > 6,
      10_000,
    );
    const stopped = await ctx.request('POST', '/api/v1/novel/stop/', { body: { novel_uid: uid }, headers: me.auth });
    expect(stopped.body.data).toMatchObject({ generate_status: 'done', refunded: false, balance: 6 });
    // The worker has let go of the job: nothing it still had in hand can land after this.
    await runnerSettled(ctx);
    const kept = (await details(me.auth, uid)).body.data;
    expect(kept.novel.generate_status).toBe('done');
    expect(kept.chapters[0].content).toMatch(/^w0 w1 /);
    expect(kept.chapters[0].content.length).toBeLessThan(100 * 4);

    llm.script([{ chunks: ['late'], firstDelayMs: 3000 }]);
    const second = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    expect(second.body.data.balance).toBe(0);
    const refunded = await ctx.request('POST', '/api/v1/novel/stop/', {
      body: { novel_uid: second.body.data.novel_uid },
      headers: me.auth,
    });
    expect(refunded.body.data).toEqual({ generate_status: 'failed', refunded: true, balance: 6 });
    expect(await expectLedgerBalanced(me.uid)).toBe(6);
  });

  it('saves edits to one own finished novel', async () => {
    const me = await signUp(ctx, 'editor@example.com');
    llm.script([{ chunks: ['A first draft.'] }]);
    const uid = (await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'zh-CN' }), headers: me.auth })).body.data
      .novel_uid;
    await finished(me.auth, uid);
    const edited = await ctx.request('POST', '/api/v1/novel/edit/', {
      body: { novel_uid: uid, content: '暴风雨停了。他们笑了。' },
      headers: me.auth,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.chapters[0].content).toBe('暴风雨停了。他们笑了。');
    expect(edited.body.data.novel.word_count).toBe(11);
    const list = await ctx.request('GET', '/api/v1/novel/list/?page=1', { headers: me.auth });
    expect(list.body.data.results[0]).toMatchObject({ uid, word_count: 11, generate_status: 'done' });
    const other = await signUp(ctx, 'vandal@example.com');
    expect(
      (await ctx.request('POST', '/api/v1/novel/edit/', { body: { novel_uid: uid, content: 'x' }, headers: other.auth })).body.base_resp
        .status_code,
    ).toBe(403001);
  });

  it('writes spicy stories only for confirmed adults, and never about minors', async () => {
    const me = await signUp(ctx, 'spicy@example.com');
    const spicy = request({ is_r18: 1, language: 'en' });
    const denied = await ctx.request('POST', '/api/v1/novel/generate/', { body: spicy, headers: me.auth });
    expect(denied.status).toBe(403);
    expect(denied.body.base_resp.status_code).toBe(403001);
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
    const minor = request({ is_r18: 1, params: { ...request().params, char_b_setting: 'a 16-year-old runaway' } });
    for (const lang of ['en', 'ko', 'ja']) {
      const refused = await ctx.request('POST', '/api/v1/novel/generate/', {
        body: minor,
        headers: { ...me.auth, 'accept-language': lang },
      });
      expect(refused.body.base_resp.status_code).toBe(403001);
      // Korean names no number (docs/decisions/0024-korean-adult-age.md): every character an adult, 성인.
      expect(refused.body.base_resp.status_msg).toMatch(lang === 'ko' ? /성인으로/ : /18/);
    }
    expect(await expectLedgerBalanced(me.uid)).toBe(6);
    llm.script([{ chunks: ['Candlelight.'] }]);
    const allowed = await ctx.request('POST', '/api/v1/novel/generate/', { body: spicy, headers: me.auth });
    expect(allowed.status).toBe(200);
    const done = await finished(me.auth, allowed.body.data.novel_uid);
    expect(done.body.data.chapters[0].content).toBe('Candlelight.');
    expect(llm.requests.at(-1)!.messages[0]!.content).toMatch(/adult romance/);
  });
});

describe('safety and stop edge cases', () => {
  // The output check's cut and refund: server/src/safety/safety.int.test.ts.

  it('keeps no text after a stop that refunded, even text the worker had not saved yet', async () => {
    const me = await signUp(ctx, 'quickstop@example.com');
    llm.script([{ chunks: Array.from({ length: 60 }, (_, i) => `q${i} `), delayMs: 20 }]);
    const sentBefore = llm.chunksSent();
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    // Stop as soon as the first words stream, before the first save.
    await waitFor(
      async () => llm.chunksSent() - sentBefore,
      (n) => n > 0,
      5000,
    );
    const stopped = await ctx.request('POST', '/api/v1/novel/stop/', { body: { novel_uid: uid }, headers: me.auth });
    // The worker has let go of the job: a save it still had in hand has landed (or been refused) by now.
    await runnerSettled(ctx);
    const res = await details(me.auth, uid);
    if (stopped.body.data.refunded) {
      expect(res.body.data.novel.generate_status).toBe('failed');
      expect(res.body.data.chapters[0].content).toBe('');
      expect(await expectLedgerBalanced(me.uid)).toBe(6);
    } else {
      // The first save won the race: the text stays and so does the charge.
      expect(res.body.data.chapters[0].content.length).toBeGreaterThan(0);
      expect(await expectLedgerBalanced(me.uid)).toBe(0);
    }
  });
});

describe('concurrent stops (issue 18)', () => {
  it('answers every one of 30 concurrent stops with the state after the stop, never "generating"', async () => {
    const me = await signUp(ctx, 'manystops@example.com');
    llm.script([{ chunks: Array.from({ length: 200 }, (_, i) => `s${i} `), delayMs: 30 }]);
    const sentBefore = llm.chunksSent();
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'en' }), headers: me.auth });
    const uid = started.body.data.novel_uid;
    await waitFor(
      async () => llm.chunksSent() - sentBefore,
      (n) => n > 3,
      5000,
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => ctx.request('POST', '/api/v1/novel/stop/', { body: { novel_uid: uid }, headers: me.auth })),
    );
    const after = (await details(me.auth, uid)).body.data.novel.generate_status;
    expect(['done', 'failed']).toContain(after);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.generate_status).toBe(after);
    }
    expect(answers.filter((a) => a.body.data.refunded).length).toBeLessThanOrEqual(1);
  });
});

describe('several processes on one database', () => {
  it('streams a job running on one instance to a reader on another, through LISTEN/NOTIFY', async () => {
    const reader = await startPeer(ctx, { env: { GENERATION_WORKERS: '0' } });
    try {
      const me = await signUp(ctx, 'multi@example.com');
      const pieces = Array.from({ length: 20 }, (_, i) => `步${i}。`);
      llm.script([{ chunks: pieces, delayMs: 80 }]);
      const sentBefore = llm.chunksSent();
      const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request({ language: 'zh-TW' }), headers: me.auth });
      // The reader on the other instance joins mid-story.
      await waitFor(
        async () => llm.chunksSent() - sentBefore,
        (n) => n >= 5,
      );
      const events = await readSse(`${reader.baseUrl}/api/v1/novel/stream/?novel_uid=${started.body.data.novel_uid}`, me.auth, (e) =>
        e.some((x) => x.event === 'done'),
      );
      const text = events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(text).toBe(pieces.join(''));
      expect(events.at(-1)!.event).toBe('done');
    } finally {
      await reader.close();
    }
  });

  it('fails a job for good, with a refund, once it has used up its tries', async () => {
    const me = await signUp(ctx, 'tries@example.com');
    llm.script([{ chunks: ['never'], firstDelayMs: 10_000 }]);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: request(), headers: me.auth });
    const uid = started.body.data.novel_uid;
    await waitFor(
      () => ctx.database.pool.query(`select status from generation_jobs where novel_uid = $1`, [uid]),
      (r) => r.rows[0]?.status === 'running',
    );
    // As if the process holding it on its third try had died.
    await ctx.database.pool.query(
      `update generation_jobs set attempts = 3, worker_id = 'dead', lease_until = now() - interval '1 second' where novel_uid = $1`,
      [uid],
    );
    const res = await waitFor(
      () => details(me.auth, uid),
      (r) => r.body.data.novel.generate_status === 'failed',
      20_000,
    );
    expect(res.body.data.novel.failure).toBe('tries');
    expect(await expectLedgerBalanced(me.uid)).toBe(6);
  }, 30_000);
});
