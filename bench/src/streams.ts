import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFlags } from './app';
import { figures } from './figures';
import { freePort } from '../../server/src/lib/free-port';

/**
 * Streaming benchmarks, every party in its own process on one machine: the app
 * as `npm start` runs it (bench/src/app-process.ts around server/src/main.ts,
 * embedded PostgreSQL, LLM_PROVIDER=openai), the fake OpenAI-compatible model
 * (first chunk after 50 ms, 20 more 10 ms apart) and the readers, both driven by
 * bench/tools/stream-overhead.mjs. Times come from process.hrtime, one
 * monotonic clock for every process. The figure (issue 27): first_text_overhead,
 * the reader starts sending POST /novel/generate/ → the reader has the first story
 * text, less the model's own time to its first chunk; for
 *  - the app as a SPEC client uses it (POST, then GET /novel/stream/): `app`;
 *  - the app as the web app uses it (one request answered as SSE, decision 0039): `app_one_trip`;
 *  - the same reader talking to the fake model directly, the zero: `direct`;
 *  - with BENCH_SILLYTAVERN=<a SillyTavern checkout after npm ci>: SillyTavern as a proxy, `sillytavern`;
 * one at a time (30), 100 at once (3 bursts), 500 at once (2 bursts); lost streams (every story
 * compared with what the model sent), the app's event-loop lag p99, RSS and CPU seconds in the 500 bursts.
 * Writes every sample as JSON (path printed).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const tool = path.join(root, 'bench/tools/stream-overhead.mjs');

type Stats = { median: number; p90: number; max: number; n: number };
type Phase = { stats: { firstText: Stats; ttft: Stats; request: Stats; total: Stats; done: Stats }; errors: Record<string, number> };
type Target = 'direct' | 'novel' | 'novel-one' | 'sillytavern';
type Run = { targets: Partial<Record<Target, { phases: Record<string, Phase> }>> };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-streams-'));
fs.chmodSync(dataDir, 0o755);
const [fakePort, appPort, stPort] = [await freePort(), await freePort(), await freePort()];
const sillyTavernDir = process.env.BENCH_SILLYTAVERN;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(appPort),
  HOST: '127.0.0.1',
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
  LLM_MODEL: 'fake-model',
  LLM_API_KEY: 'sk-fake',
  // No judge here (issue 46 turns it on with a real model): this measures the stream, not the judge.
  MODERATION_PROVIDER: 'none',
  REQUIRE_EMAIL_VERIFICATION: 'false',
  GENERATION_WORKERS: '600',
  // One reader runs all 500 stories at once: no per-account job, start or stream limit here (decision 0019).
  MAX_LIVE_JOBS_PER_USER: '0',
  MAX_GENERATIONS_PER_HOUR: '0',
  MAX_STREAMS_PER_USER: '0',
  ACCESS_TOKEN_TTL: '2h',
  // Pool time-outs under a burst show as failed streams in the figures, not as a log flood.
  LOG_LEVEL: 'fatal',
};
const base = `http://127.0.0.1:${appPort}`;

const app: ChildProcess = fork(path.join(here, 'app-process.ts'), [], {
  cwd: path.join(root, 'server'),
  env,
  // BENCH_PROFILE_DIR=dir: a CPU profile of the app over the whole run, written when it stops.
  execArgv: [
    ...serveFlags(),
    '--import',
    'tsx',
    ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
  ],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
// SillyTavern 1.12.6 as the field's proxy (optional): a single-user proxy that persists nothing.
const sillyTavern: ChildProcess | null = sillyTavernDir
  ? spawn(process.execPath, ['server.js', '--port', String(stPort), '--listen', 'false', '--autorun', 'false'], {
      cwd: sillyTavernDir,
      stdio: 'ignore',
      detached: true,
    })
  : null;
const ask = (cmd: 'reset' | 'stats') =>
  new Promise<{ lagP99Ms: number; rssMaxMb: number; cpuSeconds: number }>((resolve) => {
    const onMessage = (message: { cmd: string; lagP99Ms: number; rssMaxMb: number; cpuSeconds: number }) => {
      if (message.cmd !== cmd) return;
      app.off('message', onMessage);
      resolve(message);
    };
    app.on('message', onMessage);
    app.send({ cmd });
  });

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => {
      // The tool's own lines are kept as comments (the bench prints its figures below).
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`# ${line}`);
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${code}`))));
  });
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'NaN');
const errorCount = (phase: Phase) => Object.values(phase.errors).reduce((a, b) => a + b, 0);

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await fetch(`${base}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (app.exitCode !== null || Date.now() > deadline) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  if (sillyTavern) {
    const until = Date.now() + 60_000;
    while (
      !(await fetch(`http://127.0.0.1:${stPort}/csrf-token`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > until) throw new Error('SillyTavern did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const email = 'bench-streams@example.com';
  const password = 'bench-password-42';
  const created = await fetch(`${base}/api/v1/user/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ age_confirmed: true, email, password }),
  });
  if (!created.ok) throw new Error(`register answered ${created.status}`);
  await run(process.execPath, ['--import', 'tsx', 'server/src/admin/cli.ts', 'user', 'grant', email, '1000000']);

  const results: Record<string, Run> = {};
  const measure = async (name: string, args: string[]) => {
    const json = path.join(dataDir, `${name}.json`);
    await run(
      process.execPath,
      [
        tool,
        '--targets',
        `direct,${sillyTavern ? 'sillytavern,' : ''}novel,novel-one`,
        '--novel-url',
        base,
        ...(sillyTavern ? ['--sillytavern-url', `http://127.0.0.1:${stPort}`] : []),
        '--fake-port',
        String(fakePort),
        '--json',
        json,
        ...args,
      ],
      { NOVEL_EMAIL: email, NOVEL_PASSWORD: password },
    );
    results[name] = JSON.parse(fs.readFileSync(json, 'utf8')) as Run;
    return results[name]!.targets;
  };

  const first = await measure('seq_conc100', ['--sequential', '30', '--concurrency', '100', '--conc-rounds', '3']);
  await ask('reset');
  const burst = await measure('conc500', ['--sequential', '0', '--warmup', '1', '--concurrency', '500', '--conc-rounds', '2']);
  const appStats = await ask('stats');

  // first_text_overhead for each target, median and p90, in one line per load; the issue's targets beside them.
  const line = (label: string, run: Run['targets'], key: string, target: string, extra = '') => {
    const figure = (t: Target) => {
      const phase = run[t]?.phases[key];
      if (!phase) return '';
      const f = phase.stats.firstText;
      return ` ${t.replace('-', '_')}=${ms(f.median)}/${ms(f.p90)}${errorCount(phase) ? ` (errors ${errorCount(phase)}/${f.n + errorCount(phase)})` : ''}`;
    };
    console.log(
      `bench ${label} first_text_overhead_ms median/p90${figure('novel')}${figure('novel-one')}${figure('direct')}${figure('sillytavern')}` +
        ` (target: ${target})${extra}`,
    );
  };
  figures.openaiTtftOverheadMs = first.novel!.phases.seq!.stats.ttft.median;
  line('stream_one_at_a_time', first, 'seq', "<= SillyTavern's and <= direct + 3");
  line('stream_100_at_once', first, 'conc100', "<= SillyTavern's median and p90");
  line(
    'stream_500_at_once',
    burst,
    'conc500',
    "<= SillyTavern's median and p90, no stream lost, lag p99 <= 50",
    ` event_loop_lag_p99_ms=${ms(appStats.lagP99Ms)} app_rss_mb=${appStats.rssMaxMb.toFixed(0)} app_cpu_s=${appStats.cpuSeconds.toFixed(1)}`,
  );
  const out = path.join(os.tmpdir(), 'butterfic-bench-streams.json');
  fs.writeFileSync(
    out,
    JSON.stringify({ at: new Date().toISOString(), host: { cpus: os.cpus().length, loadavg: os.loadavg() }, results, appStats }),
  );
  console.log(`# stream samples: ${out}`);
} finally {
  const exited = new Promise((r) => app.once('exit', r));
  if (sillyTavern?.pid) process.kill(-sillyTavern.pid, 'SIGTERM');
  app.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (app.exitCode === null) app.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
