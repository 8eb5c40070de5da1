import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedger, ledgerTotals } from '../src/modules/wallet/service';
import { followSse, startFakeLlm, type FakeLlm, type SseEvent } from './fake-llm';
import { createTestContext, type TestContext } from './helpers';
import { storyRequest, waitFor } from './novels';
import { call, startAppProcess, type AppProcess } from './processes';

/**
 * The deployment of docs/deploy.md in miniature: two API processes
 * (GENERATION_WORKERS=0) and worker processes, each `node --import tsx
 * server/src/main.ts` with its own DATA_DIR, sharing nothing but one PostgreSQL
 * (this file's database). The story comes from a slow fake model on loopback,
 * so a worker can be killed mid-story.
 */
let ctx: TestContext;
let llm: FakeLlm;
const procs: AppProcess[] = [];
const dirs: string[] = [];

function processEnv(extra: Record<string, string>): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-proc-'));
  dirs.push(dataDir);
  return {
    DATABASE_URL: ctx.database.url,
    DATA_DIR: dataDir,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'fake-model',
    // Not about the judge (on by default with a real model).
    MODERATION_PROVIDER: 'none',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    TRUST_PROXY: 'loopback',
    MAX_LIVE_JOBS_PER_USER: '2',
    GENERATION_LEASE_SECONDS: '2',
    SHUTDOWN_GRACE_MS: '2000',
    ...extra,
  };
}

async function start(name: string, workers: number): Promise<AppProcess> {
  const proc = await startAppProcess(name, processEnv({ GENERATION_WORKERS: String(workers) }));
  procs.push(proc);
  return proc;
}

let apiA: AppProcess;
let apiB: AppProcess;
let worker1: AppProcess;

beforeAll(async () => {
  llm = await startFakeLlm();
  // This file's database; the in-process app runs no jobs (it only serves the balance check at the end).
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' } });
  [apiA, apiB, worker1] = await Promise.all([start('api-a', 0), start('api-b', 0), start('worker-1', 1)]);
}, 240_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await ctx?.close();
  await llm?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A reader of GET /novel/stream/: the text as the web app assembles it, and how the stream ended. */
function reader(base: string, auth: Record<string, string>, novelUid: string) {
  const state = { text: '', events: [] as SseEvent[], end: null as null | 'done' | 'error' | 'closed' };
  const controller = new AbortController();
  const finished = followSse(
    `${base}/api/v1/novel/stream/?novel_uid=${novelUid}`,
    auth,
    (event) => {
      state.events.push(event);
      // The first delta is the chapter so far, the later ones follow on.
      if (event.event === 'delta') state.text = state.events.length === 1 ? event.data.text : state.text + event.data.text;
      if (event.event === 'done' || event.event === 'error') {
        state.end = event.event;
        return true;
      }
      return false;
    },
    controller.signal,
  )
    .then(() => {
      state.end ??= 'closed';
    })
    .catch((error: unknown) => {
      if (!controller.signal.aborted) throw error;
    });
  return { state, finished, stop: () => controller.abort() };
}

async function account(base: string, email: string) {
  const created = await call(base, 'POST', '/api/v1/user/create/', {
    body: { age_confirmed: true, email, password: 'correct horse battery', gender: 'female' },
  });
  expect(created.status).toBe(200);
  return created.body.data.uid as string;
}

async function login(base: string, email: string, ip = '10.20.30.40') {
  const res = await call(base, 'POST', '/api/v1/user/login/', {
    body: { email, password: 'correct horse battery' },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${res.body.data.tokens.access}` };
}

const balanceOf = async (uid: string) => (await ledgerTotals(ctx.database.db, { userUid: uid })).balance;

describe('two API processes and worker processes on one PostgreSQL', () => {
  it('streams a story started on one API process to a reader on the other; a second worker finishes it after a SIGKILL', async () => {
    const uid = await account(apiA.base, 'procs-story@example.com');
    // Signed in on B, its token used on A: no secret lives in one process or one DATA_DIR.
    const auth = await login(apiB.base, 'procs-story@example.com');
    const before = await balanceOf(uid);

    const words = Array.from({ length: 120 }, (_, i) => `w${i} `);
    llm.script([{ chunks: words, delayMs: 150 }, { chunks: ['and the rest.'] }]);
    const started = await call(apiA.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    expect(started.status).toBe(200);
    const novelUid = started.body.data.novel_uid as string;

    // A reader on B: the text is written by worker 1 and reaches B only through PostgreSQL.
    const first = reader(apiB.base, auth, novelUid);
    await waitFor(
      async () => first.state.text,
      (text) => text.length >= 20,
      60_000,
    );
    const saved = await waitFor(
      async () =>
        (await ctx.database.pool.query('select content from chapters where novel_uid = $1', [novelUid])).rows[0].content as string,
      (content) => content.length > 0,
      30_000,
    );
    expect(first.state.text.startsWith('w0 w1 ')).toBe(true);

    // Kill the worker without warning, mid-story.
    await worker1.kill();
    const job = await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [novelUid]);
    expect(job.rows[0]).toEqual({ status: 'running', attempts: 1 });
    const savedAtKill = (await ctx.database.pool.query('select content from chapters where novel_uid = $1', [novelUid])).rows[0]
      .content as string;
    expect(savedAtKill.startsWith(saved)).toBe(true);

    // A second worker process takes the story over once worker 1's lease has run out.
    await start('worker-2', 1);
    // The resumed attempt tells B's reader to start over (its stream closes); the web app reconnects, as here.
    await first.finished;
    expect(first.state.end).not.toBe('error');
    let again = reader(apiB.base, auth, novelUid);
    await again.finished;
    for (let i = 0; i < 5 && again.state.end === 'closed'; i++) {
      again = reader(apiB.base, auth, novelUid);
      await again.finished;
    }
    expect(again.state.end).toBe('done');

    const content = (await ctx.database.pool.query('select content from chapters where novel_uid = $1', [novelUid])).rows[0]
      .content as string;
    // Resumed from its saved text: the start written before the kill is kept, the model carried on after it.
    expect(content.startsWith(savedAtKill)).toBe(true);
    expect(content.endsWith('and the rest.')).toBe(true);
    expect(again.state.text).toBe(content);
    const resume = llm.requests.at(-1)!.messages;
    expect(resume.some((m) => m.role === 'assistant' && m.content.startsWith(savedAtKill))).toBe(true);
    const jobAfter = await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [novelUid]);
    expect(jobAfter.rows[0]).toEqual({ status: 'done', attempts: 2 });
    // Charged once.
    expect(await balanceOf(uid)).toBe(before - 6);
    const details = await call(apiA.base, 'GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: auth });
    expect(details.body.data.novel.generate_status).toBe('done');
  }, 180_000);

  it('holds the per-account job limit across API processes, charging nothing for the refused one', async () => {
    const uid = await account(apiB.base, 'procs-caps@example.com');
    const auth = await login(apiA.base, 'procs-caps@example.com');
    await ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: uid, kind: 'grant', amount: 30, note: 'test' }));
    const before = await balanceOf(uid);
    // Slow stories, so both stay live while the third is asked for.
    llm.script([{ chunks: Array.from({ length: 200 }, (_, i) => `c${i} `), delayMs: 100 }]);

    const one = await call(apiA.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    const two = await call(apiB.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    expect([one.status, two.status]).toEqual([200, 200]);
    const three = await call(apiA.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    const four = await call(apiB.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    for (const refused of [three, four]) {
      expect(refused.status).toBe(429);
      expect(refused.body.base_resp.status_code).toBe(429001);
    }
    expect(await balanceOf(uid)).toBe(before - 12);
    const novels = await ctx.database.pool.query('select count(*)::int as n from novels where author_uid = $1', [uid]);
    expect(novels.rows[0].n).toBe(2);

    // Stopping through the other API process reaches the worker running it (NOTIFY), and frees a place.
    for (const [base, res] of [
      [apiB.base, one],
      [apiA.base, two],
    ] as const) {
      const stopped = await call(base, 'POST', '/api/v1/novel/stop/', { headers: auth, body: { novel_uid: res.body.data.novel_uid } });
      expect(stopped.status).toBe(200);
    }
    await waitFor(
      async () =>
        (
          await ctx.database.pool.query(
            `select count(*)::int as n from generation_jobs j join novels n on n.uid = j.novel_uid where n.author_uid = $1 and j.status in ('queued', 'running')`,
            [uid],
          )
        ).rows[0].n as number,
      (n) => n === 0,
      30_000,
    );
    llm.script([{ chunks: ['A short one.'] }]);
    const five = await call(apiB.base, 'POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest() });
    expect(five.status).toBe(200);
    await waitFor(
      async () => (await call(apiA.base, 'GET', `/api/v1/novel/details/?novel_uid=${five.body.data.novel_uid}`, { headers: auth })).body,
      (body) => body.data.novel.generate_status === 'done',
      60_000,
    );
  }, 180_000);

  it('counts rate limits across API processes', async () => {
    await account(apiA.base, 'procs-limit@example.com');
    const wrong = (base: string) =>
      call(base, 'POST', '/api/v1/user/login/', {
        body: { email: 'procs-limit@example.com', password: 'not the password' },
        headers: { 'x-forwarded-for': '10.77.0.9' },
      });
    // Ten failed logins of one address from one client address, alternating between the processes …
    for (let i = 0; i < 10; i++) expect((await wrong(i % 2 ? apiB.base : apiA.base)).status).toBe(401);
    // … and the eleventh is refused by either.
    for (const base of [apiA.base, apiB.base]) {
      const res = await wrong(base);
      expect(res.status).toBe(429);
      expect(res.body.base_resp.status_code).toBe(429001);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 60_000);

  it('counts a reader once per day whichever API process served them, and writes buffered views on SIGTERM', async () => {
    await account(apiA.base, 'procs-author@example.com');
    const author = await login(apiA.base, 'procs-author@example.com');
    const post = await call(apiB.base, 'POST', '/api/v1/post/create/', {
      headers: author,
      body: { title: 'Across processes', content: 'A post read through two doors.', language: 'en', is_public: 1 },
    });
    expect(post.status).toBe(200);
    const postUid = post.body.data.uid as string;
    await account(apiB.base, 'procs-reader@example.com');
    const readerAuth = await login(apiB.base, 'procs-reader@example.com');
    const view = (base: string, headers: Record<string, string>) =>
      call(base, 'GET', `/api/v1/post/details/?post_uid=${postUid}`, { headers: { 'user-agent': 'procs-test', ...headers } });

    // One signed-in reader on both processes, one visitor (address and browser) on both: two readers.
    for (const base of [apiA.base, apiB.base, apiA.base]) expect((await view(base, readerAuth)).status).toBe(200);
    for (const base of [apiB.base, apiA.base]) expect((await view(base, { 'x-forwarded-for': '10.88.1.2' })).status).toBe(200);
    // SIGTERM drains both API processes, which writes every view they still buffer.
    expect(await apiA.stop()).toBe(0);
    expect(await apiB.stop()).toBe(0);
    const row = await ctx.database.pool.query('select views_count from posts where uid = $1', [postUid]);
    expect(row.rows[0].views_count).toBe(2);
    const rows = await ctx.database.pool.query('select count(*)::int as n from post_views where post_uid = $1', [postUid]);
    expect(rows.rows[0].n).toBe(2);
  }, 60_000);
});
