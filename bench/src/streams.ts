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
import { startFakeLlm } from '../../server/test/fake-llm';

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
  const res = await fetch(`${base}/api/v1/novel/stream/?novel_uid=${novel}`, { headers: auth });
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const at = performance.now();
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as { text?: string } | null;
      if (event === 'delta' && data?.text) {
        text += data.text;
        onText(data.text, at);
      }
      if (event === 'done' || event === 'error') return text;
    }
  }
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
// A second app on the same database, alone in its process's event loop apart from
// the benchmark's bookkeeping: the fake model and the readers run in a child process.
await app.close();
const STREAMS = 500;
const CHUNKS = 40;
const peer = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-peer.ts'), String(CHUNKS)],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
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
  `bench concurrent_streams=${STREAMS} event_loop_lag_p99_ms=${(lag.percentile(99) / 1e6).toFixed(1)} complete_streams=${result.complete} lost_chunks=${result.lost}`,
);
await loadApp.close();
peer.kill();

await database.close();
await llm.close();
await pgServer.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
