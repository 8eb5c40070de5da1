import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { startFakeLlm, type FakeLlm } from '../../test/fake-llm';
import { createTestContext, startPeer, type TestContext } from '../../test/helpers';
import { waitFor } from '../../test/novels';
import { ledgerTotals } from '../modules/wallet/service';
import { openaiProvider } from './providers/openai';

/** A worker killed mid-story (SIGKILL): after its lease runs out another worker resumes the story. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let llm: FakeLlm;
let ctx: TestContext;
let child: ChildProcess | null = null;

beforeAll(async () => {
  llm = await startFakeLlm();
  // This instance serves the API only; workers run elsewhere.
  ctx = await createTestContext({ env: { GENERATION_WORKERS: '0' } });
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await ctx.close();
  await llm.close();
});

async function startChild(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'test/worker-child.ts', ctx.database.url, llm.url, ctx.dataDir], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return proc;
}

describe('a worker killed mid-story', () => {
  it('leaves a job that another worker resumes after the lease, charged once', async () => {
    const me = await signUp(ctx, 'crash@example.com');
    const first = Array.from({ length: 40 }, (_, i) => `a${i} `);
    llm.script([{ chunks: first, delayMs: 100 }, { chunks: ['and the rest.'] }]);
    child = await startChild();
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      headers: me.auth,
      body: {
        params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
        is_r18: 0,
        dialogue_heavy: 0,
        first_person: 0,
        language: 'en',
        model: 'v1',
      },
    });
    const uid = started.body.data.novel_uid;
    // Wait until some text is saved, then kill the worker without warning.
    const saved = await waitFor(
      async () =>
        ((await ctx.database.pool.query('select content from chapters where novel_uid = $1', [uid])).rows[0]?.content ?? '') as string,
      (content) => content.length > 0,
    );
    expect(saved.length).toBeGreaterThan(0);
    const dead = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await dead;

    const job = await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [uid]);
    expect(job.rows[0]).toEqual({ status: 'running', attempts: 1 });

    // A new worker (a restarted process) finds the abandoned job once its 2 s lease is over.
    const worker = await startPeer(ctx, {
      env: { GENERATION_WORKERS: '1', GENERATION_LEASE_SECONDS: '2' },
      provider: openaiProvider({ baseURL: llm.url, model: 'fake-model', maxRetries: 0 }),
    });
    try {
      const status = await waitFor(
        async () =>
          (await ctx.database.pool.query('select generate_status from novels where uid = $1', [uid])).rows[0].generate_status as string,
        (now) => now !== 'generating',
        20_000,
      );
      expect(status).toBe('done');
      const content = (await ctx.database.pool.query('select content from chapters where novel_uid = $1', [uid])).rows[0].content as string;
      // Resumed: the saved start is kept and the model was asked to carry on after it.
      expect(content.startsWith(saved)).toBe(true);
      expect(content.endsWith('and the rest.')).toBe(true);
      const resume = llm.requests.at(-1)!.messages;
      expect(resume.some((m) => m.role === 'assistant' && m.content.startsWith(saved))).toBe(true);
      const jobAfter = await ctx.database.pool.query('select status, attempts from generation_jobs where novel_uid = $1', [uid]);
      expect(jobAfter.rows[0]).toEqual({ status: 'done', attempts: 2 });
      const totals = await ledgerTotals(ctx.database.db, { userUid: me.uid });
      expect(totals).toEqual({ balance: 0, debt: 0, ledgerSum: 0 });
    } finally {
      await worker.close();
    }
  }, 60_000);
});
