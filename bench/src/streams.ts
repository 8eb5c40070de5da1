import path from 'node:path';
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/src/app';
import { openaiProvider } from '../../server/src/generation/providers/openai';
import { startFakeLlm } from '../../server/test/fake-llm';
import { figures } from './figures';
import { median, startBenchApp } from './harness';

/**
 * Streaming benchmarks, in one process: the app (embedded PostgreSQL), the fake
 * OpenAI-compatible model and the SSE readers.
 *  - stream_ttft_overhead_ms: from the model's first token leaving the fake
 *    server to the first SSE byte of it at the reader, median of 50 runs.
 *  - concurrent_streams: 500 generations streaming at once; event-loop lag p99
 *    and whether every reader got every chunk.
 */
const llm = await startFakeLlm();
const bench = await startBenchApp({
  provider: openaiProvider({ baseURL: llm.url, model: 'fake', maxRetries: 0 }),
  // One reader runs all 500 stories at once: no per-account job limit here.
  env: { GENERATION_WORKERS: '520', MAX_LIVE_JOBS_PER_USER: '0', LLM_PROVIDER: 'openai', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake' },
});
const { app, env, database, auth, body, generate, read } = bench;

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
figures.openaiTtftOverheadMs = median(overheads);
console.log(`bench stream_ttft_overhead_ms=${figures.openaiTtftOverheadMs.toFixed(2)} runs=${overheads.length}`);

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
    if (res.statusCode !== 200) throw new Error(`generate answered ${res.statusCode}: ${res.body}`);
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

await bench.close();
await llm.close();
