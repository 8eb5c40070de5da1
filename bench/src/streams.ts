import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { connect } from '../../server/src/db/client';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { runMigrations } from '../../server/src/db/migrate';
import { loadEnv } from '../../server/src/env';
import { openaiProvider } from '../../server/src/generation/providers/openai';
import { followSse, startFakeLlm } from '../../server/test/fake-llm';

/**
 * Streaming benchmarks, in one process: the app (embedded PostgreSQL), the fake
 * OpenAI-compatible model and the SSE readers.
 *  - stream_ttft_overhead_ms: from the model's first token leaving the fake
 *    server to the first SSE byte of it at the reader, median of 50 runs.
 *  - concurrent_streams: 500 generations streaming at once; event-loop lag p99
 *    and whether every reader got every chunk.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-streams-'));
fs.chmodSync(dataDir, 0o755);
const pgServer = await startEmbeddedPostgres({ dataDir, log: () => undefined });
const database = connect(pgServer.url, 'embedded', { max: 40 });
await runMigrations(database.db);
const llm = await startFakeLlm();
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: pgServer.url,
  LOG_LEVEL: 'silent',
  GENERATION_WORKERS: '520',
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: llm.url,
  LLM_MODEL: 'fake',
});
const app = await buildApp({ env, database, provider: openaiProvider({ baseURL: llm.url, model: 'fake', maxRetries: 0 }) });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// One reader with a 30-day pass, so 550 generations cost nothing.
await app.inject({ method: 'POST', url: '/api/v1/user/create/', payload: { email: 'bench@example.com', password: 'bench password' } });
await database.db.execute(
  sql`update users set email_verified_at = now(), pass_expires_at = now() + interval '30 days' where email = 'bench@example.com'`,
);
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/user/login/',
  payload: { email: 'bench@example.com', password: 'bench password' },
});
const auth = { authorization: `Bearer ${login.json().data.tokens.access}` };
const body = {
  params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
  is_r18: 0,
  dialogue_heavy: 0,
  first_person: 0,
  language: 'en',
};

async function generate(): Promise<string> {
  const res = await fetch(`${base}/api/v1/novel/generate/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: { novel_uid: string } }).data.novel_uid;
}

/** Reads one novel's SSE stream; calls onText with the time each non-empty delta arrived. */
async function read(novel: string, onText: (text: string, at: number) => void): Promise<string> {
  let text = '';
  await followSse(`${base}/api/v1/novel/stream/?novel_uid=${novel}`, auth, (event, at) => {
    if (event.event === 'delta' && event.data.text) {
      text += event.data.text;
      onText(event.data.text, at);
    }
    return event.event === 'done' || event.event === 'error';
  });
  return text;
}

// --- stream_ttft_overhead_ms ---
const overheads: number[] = [];
for (let run = 0; run < 50; run++) {
  let firstTokenAt = 0;
  llm.script([{ chunks: ['first ', 'second'], firstDelayMs: 150, delayMs: 5 }]);
  const sentBefore = llm.chunksSent();
  const watcher = setInterval(() => {
    if (!firstTokenAt && llm.chunksSent() > sentBefore) firstTokenAt = performance.now();
  }, 0);
  const novel = await generate();
  let firstAt = 0;
  await read(novel, (_text, at) => (firstAt ||= at));
  clearInterval(watcher);
  if (firstTokenAt && firstAt) overheads.push(firstAt - firstTokenAt);
}
overheads.sort((a, b) => a - b);
console.log(`bench stream_ttft_overhead_ms=${(overheads[Math.floor(overheads.length / 2)] ?? NaN).toFixed(2)} runs=${overheads.length}`);

// --- concurrent_streams ---
// A second app on the same database, measured alone: the fake model and the
// readers run in a child process. Two runs: every stream ticking in lockstep
// (all 500 chunks arrive in the same millisecond, every 50 ms: the worst case),
// and starts spread over one tick, as independent readers would be.
await app.close();
const STREAMS = 500;
const CHUNKS = 40;
for (const [label, spreadMs] of [
  ['aligned', 0],
  ['spread', 50],
] as const) {
  const peer = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-peer.ts'), String(CHUNKS), String(spreadMs)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const peerLines = readline.createInterface({ input: peer.stdout! })[Symbol.asyncIterator]();
  const { llm: peerLlm } = JSON.parse((await peerLines.next()).value as string) as { llm: string };
  const loadApp = await buildApp({
    env: { ...env, GENERATION_WORKERS: STREAMS + 20 },
    database,
    provider: openaiProvider({ baseURL: peerLlm, model: 'fake', maxRetries: 0 }),
  });
  await loadApp.listen({ host: '127.0.0.1', port: 0 });
  const loadBase = `http://127.0.0.1:${(loadApp.server.address() as { port: number }).port}`;
  const novels: string[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const res = await loadApp.inject({ method: 'POST', url: '/api/v1/novel/generate/', headers: auth, payload: body });
    novels.push(res.json().data.novel_uid as string);
  }
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  peer.stdin!.write(JSON.stringify({ base: loadBase, auth: auth.authorization, novels }) + '\n');
  const result = JSON.parse((await peerLines.next()).value as string) as { complete: number; lost: number };
  lag.disable();
  console.log(
    `bench concurrent_streams=${STREAMS} ticks=${label} event_loop_lag_p99_ms=${(lag.percentile(99) / 1e6).toFixed(1)} complete_streams=${result.complete} lost_chunks=${result.lost}`,
  );
  await loadApp.close();
  peer.kill();
}

await database.close();
await llm.close();
await pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
