import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figures } from './figures';
import { freePort } from '../../server/src/lib/free-port';

/**
 * Streaming benchmarks, every party in its own process on one machine: the app
 * as `npm start` runs it (bench/src/app-process.ts around server/src/main.ts,
 * embedded PostgreSQL, LLM_PROVIDER=openai), the fake OpenAI-compatible model
 * (first chunk after 50 ms, 20 more 10 ms apart) and the readers, both driven by
 * bench/tools/stream-overhead.mjs. Times come from process.hrtime, one
 * monotonic clock for every process. The same reader talking to the fake model
 * directly is the zero, measured in the same run:
 *  - first-token overhead: the reader's first story text − the model writing its first chunk;
 *  - request → model: the model has the whole request − the reader sent POST /novel/generate/;
 *  - one at a time (30), 100 at once (3 bursts), 500 at once (2 bursts); lost chunks (every
 *    story compared with what the model sent), the app's event-loop lag p99 and RSS in the 500 bursts.
 * Each line prints the app's figure, the direct one, and the difference or ratio; the targets are in
 * docs/decisions/0021-stream-bursts.md. Writes every sample as JSON (path printed).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const tool = path.join(root, 'bench/tools/stream-overhead.mjs');

type Stats = { median: number; p90: number; max: number; n: number };
type Phase = { stats: { ttft: Stats; request: Stats; total: Stats; done: Stats }; errors: Record<string, number> };
type Run = { targets: Record<'direct' | 'novel', { phases: Record<string, Phase> }> };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-streams-'));
fs.chmodSync(dataDir, 0o755);
const [fakePort, appPort] = [await freePort(), await freePort()];
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(appPort),
  HOST: '127.0.0.1',
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
  LLM_MODEL: 'fake-model',
  LLM_API_KEY: 'sk-fake',
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
    '--import',
    'tsx',
    ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
  ],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ask = (cmd: 'reset' | 'stats') =>
  new Promise<{ lagP99Ms: number; rssMaxMb: number }>((resolve) => {
    const onMessage = (message: { cmd: string; lagP99Ms: number; rssMaxMb: number }) => {
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
      [tool, '--targets', 'direct,novel', '--novel-url', base, '--fake-port', String(fakePort), '--json', json, ...args],
      { NOVEL_EMAIL: email, NOVEL_PASSWORD: password },
    );
    results[name] = JSON.parse(fs.readFileSync(json, 'utf8')) as Run;
    return results[name]!.targets;
  };

  const first = await measure('seq_conc100', ['--sequential', '30', '--concurrency', '100', '--conc-rounds', '3']);
  await ask('reset');
  const burst = await measure('conc500', ['--sequential', '0', '--warmup', '1', '--concurrency', '500', '--conc-rounds', '2']);
  const appStats = await ask('stats');

  const seq = { app: first.novel.phases.seq!, direct: first.direct.phases.seq! };
  figures.openaiTtftOverheadMs = seq.app.stats.ttft.median;
  console.log(
    `bench stream_one_at_a_time first_token_overhead_ms=${ms(seq.app.stats.ttft.median)} direct=${ms(seq.direct.stats.ttft.median)}` +
      ` above_direct=${ms(seq.app.stats.ttft.median - seq.direct.stats.ttft.median)} (target <= 0.5)` +
      ` request_to_model_ms=${ms(seq.app.stats.request.median)} direct=${ms(seq.direct.stats.request.median)}` +
      ` errors=${errorCount(seq.app)}/${seq.app.stats.ttft.n + errorCount(seq.app)}`,
  );
  for (const [label, phases, medianTarget, p90Target, requestTarget] of [
    ['stream_100_at_once', first, 2, 10, 100],
    ['stream_500_at_once', burst, 10, 30, 400],
  ] as const) {
    const key = label === 'stream_100_at_once' ? 'conc100' : 'conc500';
    const a = phases.novel.phases[key]!;
    const d = phases.direct.phases[key]!;
    let line =
      `bench ${label} first_token_overhead_ms median=${ms(a.stats.ttft.median)} direct=${ms(d.stats.ttft.median)}` +
      ` above_direct=${ms(a.stats.ttft.median - d.stats.ttft.median)} (target <= ${medianTarget})` +
      ` p90=${ms(a.stats.ttft.p90)} direct=${ms(d.stats.ttft.p90)} above_direct=${ms(a.stats.ttft.p90 - d.stats.ttft.p90)} (target <= ${p90Target})` +
      ` request_to_model_median_ms=${ms(a.stats.request.median)} direct=${ms(d.stats.request.median)}` +
      ` ratio=${(a.stats.request.median / d.stats.request.median).toFixed(1)} (target <= ${requestTarget} ms)` +
      ` lost_or_failed_streams=${errorCount(a)}/${a.stats.ttft.n + errorCount(a)}`;
    if (key === 'conc500')
      line += ` event_loop_lag_p99_ms=${ms(appStats.lagP99Ms)} (target <= 20) app_rss_mb=${appStats.rssMaxMb.toFixed(0)}`;
    console.log(line);
  }
  const out = path.join(os.tmpdir(), 'butterfic-bench-streams.json');
  fs.writeFileSync(
    out,
    JSON.stringify({ at: new Date().toISOString(), host: { cpus: os.cpus().length, loadavg: os.loadavg() }, results, appStats }),
  );
  console.log(`# stream samples: ${out}`);
} finally {
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (app.exitCode === null) app.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
