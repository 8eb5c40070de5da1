import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { readSse, startFakeLlm, type FakeLlm } from '../../test/fake-llm';
import { createTestContext, startPeer, type TestContext } from '../../test/helpers';
import { storyRequest, waitFor } from '../../test/novels';
import {
  completeChapter,
  completeChaptersMany,
  keepStoppedChapterText,
  saveChapterProgress,
  saveChapterProgressMany,
  type Job,
} from '../modules/novels/chapter-store';
import { openaiProvider } from './providers/openai';
import { applyLedger } from '../modules/wallet/service';
import { JobRunner } from './runner';
import { novelJobStore } from '../modules/novels/job-store';

/** The engine faults found in review (issue 13): how a save learns a stop, and retries with backoff. */
let llm: FakeLlm;
let ctx: TestContext;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Until a connection to this test's database waits for a row lock (a save queued behind the stop's transaction). */
const someoneWaitsForALock = () =>
  waitFor(
    async () =>
      (
        await ctx.database.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      ).rows[0]!.n,
    (n) => n > 0,
  );

beforeAll(async () => {
  llm = await startFakeLlm();
  // No workers here: each test claims or runs jobs with the runner it needs.
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' } });
});
afterAll(async () => {
  await ctx.close();
  await llm.close();
});

const chapterText = async (novelUid: string) =>
  (await ctx.database.pool.query<{ content: string }>('select content from chapters where novel_uid = $1', [novelUid])).rows[0]!.content;

async function queuedStory(email: string): Promise<{ auth: Record<string, string>; novelUid: string }> {
  const me = await signUp(ctx, email);
  const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me.auth });
  expect(started.status).toBe(200);
  return { auth: me.auth, novelUid: started.body.data.novel_uid as string };
}

describe('a save racing a stop', () => {
  it('says "stopped" (not "lost") when the stop commits while the save waits for the job row, and the text is kept', async () => {
    const { novelUid } = await queuedStory('race@example.com');
    const runner = ctx.app.deps.runner;
    const job = (await runner.claim())!;
    expect(job.novelUid).toBe(novelUid);

    // The stop call's transaction holds the job row while the heartbeat save arrives.
    const stopper = await ctx.database.pool.connect();
    try {
      await stopper.query('begin');
      await stopper.query(`update generation_jobs set status = 'stopped', finished_at = now(), lease_until = null where uid = $1`, [
        job.uid,
      ]);
      const saving = saveChapterProgress(ctx.database.db, {
        job,
        workerId: runner.id,
        leaseSeconds: 30,
        text: 'Words the reader saw.',
        changed: true,
        earlierWords: 0,
      });
      await someoneWaitsForALock();
      await stopper.query(`update novels set generate_status = 'done' where uid = $1`, [novelUid]);
      await stopper.query('commit');
      expect(await saving).toBe('stopped');
    } finally {
      stopper.release();
    }
    // The save itself wrote nothing (the job was no longer running); the stopped path keeps the text.
    expect(await chapterText(novelUid)).toBe('');
    await keepStoppedChapterText(ctx.database.db, { job, workerId: runner.id, text: 'Words the reader saw.', earlierWords: 0 });
    expect(await chapterText(novelUid)).toBe('Words the reader saw.');
    const novel = await ctx.database.pool.query('select word_count from novels where uid = $1', [novelUid]);
    expect(novel.rows[0].word_count).toBe(4);
  });

  it('says "lost" when another worker holds the job', async () => {
    await queuedStory('lost@example.com');
    const runner = ctx.app.deps.runner;
    const job = (await runner.claim())!;
    await ctx.database.pool.query(`update generation_jobs set worker_id = 'another-worker' where uid = $1`, [job.uid]);
    const verdict = await saveChapterProgress(ctx.database.db, {
      job,
      workerId: runner.id,
      leaseSeconds: 30,
      text: 'Not ours to save.',
      changed: true,
      earlierWords: 0,
    });
    expect(verdict).toBe('lost');
    expect(await chapterText(job.novelUid)).toBe('');
  });

  it('completes as "lost", writing nothing, when another worker took the job over before the last words were saved', async () => {
    await queuedStory('lost-at-end@example.com');
    const runner = ctx.app.deps.runner;
    const job = (await runner.claim())!;
    await ctx.database.pool.query(`update generation_jobs set worker_id = 'another-worker' where uid = $1`, [job.uid]);
    const verdict = await completeChapter(ctx.database.db, { job, workerId: runner.id, text: 'Not ours to finish.', words: 4 });
    expect(verdict).toBe('lost');
    expect(await chapterText(job.novelUid)).toBe('');
    const rows = await ctx.database.pool.query(
      'select j.status, n.generate_status from generation_jobs j join novels n on n.uid = j.novel_uid where j.uid = $1',
      [job.uid],
    );
    // Still the other worker's to finish: nobody may tell its readers "done".
    expect(rows.rows[0]).toEqual({ status: 'running', generate_status: 'generating' });
  });

  it('saves and completes many jobs in one statement, each with its own verdict: ours, stopped, taken over', async () => {
    const runner = ctx.app.deps.runner;
    const jobs = [];
    for (const who of ['group-a', 'group-b', 'group-c']) {
      await queuedStory(`${who}@example.com`);
      jobs.push((await runner.claim())!);
    }
    const [ours, stopped, taken] = jobs as [Job, Job, Job];
    await ctx.database.pool.query(`update generation_jobs set status = 'stopped' where uid = $1`, [stopped.uid]);
    await ctx.database.pool.query(`update generation_jobs set worker_id = 'another-worker' where uid = $1`, [taken.uid]);
    const save = (job: Job, text: string) => ({ job, workerId: runner.id, leaseSeconds: 30, text, changed: true, earlierWords: 0 });
    expect(await saveChapterProgressMany(ctx.database.db, [save(ours, 'One two.'), save(stopped, 'Three.'), save(taken, 'Four.')])).toEqual(
      ['saved', 'stopped', 'lost'],
    );
    expect([await chapterText(ours.novelUid), await chapterText(stopped.novelUid), await chapterText(taken.novelUid)]).toEqual([
      'One two.',
      '',
      '',
    ]);
    const done = (job: Job, text: string) => ({ job, workerId: runner.id, text, words: 3 });
    expect(await completeChaptersMany(ctx.database.db, [done(taken, 'No.'), done(ours, 'One two three.'), done(stopped, 'No.')])).toEqual([
      'lost',
      'done',
      'stopped',
    ]);
    const rows = await ctx.database.pool.query<{ uid: string; content: string; generate_status: string; word_count: number }>(
      `select n.uid, c.content, n.generate_status, n.word_count from novels n join chapters c on c.novel_uid = n.uid where n.uid = any($1)`,
      [jobs.map((j) => j.novelUid)],
    );
    const byNovel = new Map(rows.rows.map((r) => [r.uid, r]));
    expect(byNovel.get(ours.novelUid)).toMatchObject({ content: 'One two three.', generate_status: 'done', word_count: 3 });
    expect(byNovel.get(stopped.novelUid)).toMatchObject({ content: '', generate_status: 'generating' });
    expect(byNovel.get(taken.novelUid)).toMatchObject({ content: '', generate_status: 'generating' });
  });

  it('completes as "stopped" when the stop committed first, and as "done" when the job is still ours', async () => {
    await queuedStory('stop-at-end@example.com');
    const runner = ctx.app.deps.runner;
    const stopped = (await runner.claim())!;
    await ctx.database.pool.query(`update generation_jobs set status = 'stopped' where uid = $1`, [stopped.uid]);
    expect(await completeChapter(ctx.database.db, { job: stopped, workerId: runner.id, text: 'Stopped.', words: 1 })).toBe('stopped');
    expect(await chapterText(stopped.novelUid)).toBe('');

    await queuedStory('done-at-end@example.com');
    const mine = (await runner.claim())!;
    expect(await completeChapter(ctx.database.db, { job: mine, workerId: runner.id, text: 'The end.', words: 2 })).toBe('done');
    expect(await chapterText(mine.novelUid)).toBe('The end.');
  });

  it('keeps everything the reader saw when a heartbeat save meets a stop whose control message never came, and tells the reader at once', async () => {
    const worker = await startPeer(ctx, {
      env: { GENERATION_WORKERS: '1' },
      provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0 }),
    });
    try {
      llm.script([{ chunks: Array.from({ length: 200 }, (_, i) => `h${i} `), delayMs: 25 }]);
      const { auth, novelUid } = await queuedStory('heartbeat@example.com');
      const reading = readSse(`${worker.baseUrl}/api/v1/novel/stream/?novel_uid=${novelUid}`, auth, (events) =>
        events.some((e) => e.event === 'done' || e.event === 'error'),
      );
      await waitFor(
        () => chapterText(novelUid),
        (text) => text.length > 0,
      );
      // A stop as the stop call makes it, held open across a heartbeat (the worker saves every second), and no NOTIFY.
      const stopper = await ctx.database.pool.connect();
      try {
        await stopper.query('begin');
        await stopper.query(`update generation_jobs set status = 'stopped', finished_at = now(), lease_until = null where novel_uid = $1`, [
          novelUid,
        ]);
        await stopper.query(`update novels set generate_status = 'done' where uid = $1`, [novelUid]);
        // Until the worker's heartbeat save (every second) waits behind this transaction.
        await someoneWaitsForALock();
        await stopper.query('commit');
      } finally {
        stopper.release();
      }
      const events = await reading;
      const seen = events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      expect(events.at(-1)!.event).toBe('done');
      // What the reader saw is what stays: the worker took the "stopped" branch and kept its text.
      expect(seen.length).toBeGreaterThan(0);
      expect(await chapterText(novelUid)).toBe(seen);
      expect(seen.length).toBeLessThan(200 * 5);
    } finally {
      await worker.close();
    }
  });
});

describe('a claimed batch whose stories cannot be read', () => {
  it('is handed back at once with its try not counted, then runs', async () => {
    const worker = await startPeer(ctx, {
      env: { GENERATION_WORKERS: '1' },
      provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0 }),
    });
    try {
      const runner = worker.app.deps.runner as unknown as { loadStories: (jobs: unknown[]) => Promise<unknown> };
      const original = runner.loadStories.bind(runner);
      let failures = 0;
      runner.loadStories = async (jobs) => {
        if (failures++ === 0) {
          // The database answered the claim, then failed the read (as when a connection drops between them).
          throw new Error('connection lost while reading the batch');
        }
        return original(jobs);
      };
      llm.script([{ chunks: ['Once ', 'upon ', 'a time.'] }]);
      const { novelUid } = await queuedStory('batch-read@example.com');
      // Released well within a lease (30 s): back in the queue with no try used.
      const released = await waitFor(
        async () =>
          (
            await ctx.database.pool.query<{ status: string; attempts: number; worker_id: string | null }>(
              'select status, attempts, worker_id from generation_jobs where novel_uid = $1',
              [novelUid],
            )
          ).rows[0],
        (row) => failures > 0 && (row?.status === 'queued' || row?.status === 'done'),
      );
      const finished = await waitFor(
        async () =>
          (await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [novelUid])).rows[0],
        (row) => row?.status === 'done',
      );
      expect(failures).toBeGreaterThanOrEqual(2);
      if (released?.status === 'queued') expect(released).toEqual({ status: 'queued', attempts: 0, worker_id: null });
      // One try counted in all: the one that wrote the story.
      expect(finished).toEqual({ status: 'done', attempts: 1 });
    } finally {
      await worker.close();
    }
  });
});

describe('a failed attempt', () => {
  it('is tried again only after a backoff, then finishes', async () => {
    llm.script([{ status: 500 }, { chunks: ['Second ', 'try.'] }]);
    const before = llm.requests.length;
    const runner = new JobRunner(
      novelJobStore({ db: ctx.database.db }),
      openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0 }),
      ctx.app.deps.hub,
      ctx.app.log,
      { workers: 1, retryDelayMs: 60_000, pollMs: 100 },
    );
    const { novelUid } = await queuedStory('backoff@example.com');
    await runner.start();
    try {
      const queued = await waitFor(
        () =>
          ctx.database.pool.query(
            `select status, attempts, error, lease_until > now() + interval '20 seconds' as later from generation_jobs where novel_uid = $1`,
            [novelUid],
          ),
        (r) => r.rows[0].status === 'queued' && r.rows[0].attempts === 1,
      );
      // Back in the queue with a not-before 30–60 s ahead, and the error kept.
      expect(queued.rows[0].later).toBe(true);
      expect(queued.rows[0].error).toMatch(/500/);
      // Nothing to wait for: this proves no claim comes early (pollMs 100: several polls in half a second).
      await sleep(500);
      expect(llm.requests.length - before).toBe(1);
      expect(await ctx.app.deps.runner.claim()).toBeNull();

      // Once its time comes, the next poll claims it.
      await ctx.database.pool.query(`update generation_jobs set lease_until = now() where novel_uid = $1`, [novelUid]);
      const done = await waitFor(
        () => ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [novelUid]),
        (r) => r.rows[0].status === 'done',
      );
      expect(done.rows[0].attempts).toBe(2);
      expect(await chapterText(novelUid)).toBe('Second try.');
      expect(llm.requests.length - before).toBe(2);
    } finally {
      await runner.stop();
    }
  });

  it('waits longer after each try', () => {
    const runner = new JobRunner(novelJobStore({ db: ctx.database.db }), openaiProvider({ model: 'x' }), ctx.app.deps.hub, ctx.app.log, {
      workers: 0,
      retryDelayMs: 1000,
    });
    for (let i = 0; i < 20; i++) {
      const first = runner.retryDelay(1);
      const second = runner.retryDelay(2);
      expect(first).toBeGreaterThanOrEqual(500);
      expect(first).toBeLessThanOrEqual(1000);
      expect(second).toBeGreaterThanOrEqual(1000);
      expect(second).toBeLessThanOrEqual(2000);
    }
  });
});

describe('a batch of claimed jobs on chapter versions', () => {
  it('reads, for each job of one claim, the versions its own version follows, and writes only that version', async () => {
    await ctx.database.pool.query(`update generation_jobs set status = 'failed' where status in ('queued', 'running')`);
    const me = await signUp(ctx, 'batch-versions@example.com');
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'grant', amount: 60 }));
    const post = (path: string, body: Record<string, unknown>) => ctx.request('POST', `/api/v1/novel/${path}/`, { body, headers: me.auth });
    /** No workers here: the queued job's version gets `text` and the story is done, as if a worker wrote it. */
    const finish = async (novelUid: string, text: string) => {
      await ctx.database.pool.query(
        `update chapters set content = $2 where id = (select path[cardinality(path)] from novels where uid = $1)`,
        [novelUid, text],
      );
      await ctx.database.pool.query(`update generation_jobs set status = 'done' where novel_uid = $1 and status = 'queued'`, [novelUid]);
      await ctx.database.pool.query(`update novels set generate_status = 'done', word_count = 10 where uid = $1`, [novelUid]);
    };
    const novel = async (plot: string, chapters: string[]) => {
      const base = storyRequest();
      const started = await post('generate', { ...base, params: { ...base.params, plot } });
      const uid = started.body.data.novel_uid as string;
      await finish(uid, chapters[0]!);
      for (const text of chapters.slice(1)) {
        expect((await post('continuation', { novel_uid: uid })).status).toBe(200);
        await finish(uid, text);
      }
      return uid;
    };
    // A: a rewrite of chapter 1 (written after A0, never from A1). B: a rewrite of chapter 0 (nothing before it).
    // C: a continuation after a chosen second version of chapter 0 (C0b, never C0a).
    const a = await novel('Plot of story A.', ['A0 harbour.', 'A1 lantern.']);
    const b = await novel('Plot of story B.', ['B0 orchard.']);
    const c = await novel('Plot of story C.', ['C0a meadow.']);
    expect((await post('rewrite', { novel_uid: c, chapter_index: 0 })).status).toBe(200);
    await finish(c, 'C0b glacier.');
    expect((await post('rewrite', { novel_uid: a, chapter_index: 1 })).status).toBe(200);
    expect((await post('rewrite', { novel_uid: b, chapter_index: 0 })).status).toBe(200);
    expect((await post('continuation', { novel_uid: c })).status).toBe(200);

    llm.script([{ chunks: ['A new ', 'take.'] }]);
    const before = llm.requests.length;
    const runner = new JobRunner(
      novelJobStore({ db: ctx.database.db }),
      openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0 }),
      ctx.app.deps.hub,
      ctx.app.log,
      { workers: 3, pollMs: 100 },
    );
    await runner.start();
    try {
      await waitFor(
        () =>
          ctx.database.pool.query(`select count(*)::int as n from generation_jobs where novel_uid = any($1) and status = 'done'`, [
            [a, b, c],
          ]),
        (r) => r.rows[0].n === 3 + 2 + 3,
      );
    } finally {
      await runner.stop();
    }
    const prompts = llm.requests.slice(before).map((r) => r.messages.map((m) => m.content).join('\n'));
    expect(prompts).toHaveLength(3);
    const promptOf = (plot: string) => prompts.find((p) => p.includes(plot))!;
    expect(promptOf('Plot of story A.')).toContain('A0 harbour.');
    expect(promptOf('Plot of story A.')).not.toContain('A1 lantern.');
    expect(promptOf('Plot of story B.')).not.toContain('B0 orchard.');
    expect(promptOf('Plot of story C.')).toContain('C0b glacier.');
    expect(promptOf('Plot of story C.')).not.toContain('C0a meadow.');

    const versions = async (uid: string) =>
      (
        await ctx.database.pool.query<{ index: number; version: number; content: string }>(
          `select index, version, content from chapters where novel_uid = $1 order by index, version, id`,
          [uid],
        )
      ).rows.map((r) => `${r.index}.${r.version} ${r.content}`);
    expect(await versions(a)).toEqual(['0.1 A0 harbour.', '1.1 A1 lantern.', '1.2 A new take.']);
    expect(await versions(b)).toEqual(['0.1 B0 orchard.', '0.2 A new take.']);
    expect(await versions(c)).toEqual(['0.1 C0a meadow.', '0.2 C0b glacier.', '1.1 A new take.']);
    const details = await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${a}`, { headers: me.auth });
    expect(
      details.body.data.chapters.map(
        (ch: { content: string; version: number; versions: number }) => `${ch.version}/${ch.versions} ${ch.content}`,
      ),
    ).toEqual(['1/1 A0 harbour.', '2/2 A new take.']);
  });
});
