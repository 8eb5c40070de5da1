import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildMessages, maxTokensFor } from '../../server/src/generation/prompts/build';
import { llamacppProvider } from '../../server/src/generation/providers/llamacpp';
import type { LlmProvider, StoryRequest } from '../../server/src/generation/types';
import { writeTinyGguf } from '../../server/test/tiny-gguf';
import { figures } from './figures';
import { startBenchApp } from './harness';
import { median } from './timing';

/**
 * The local-model path (LLM_PROVIDER=llamacpp) on the tiny GGUF the tests use
 * (byte vocabulary: one token per character of its ASCII output):
 *  - local_model load_ms: loading the file through node-llama-cpp;
 *  - direct: the provider called straight, no app: time to its first text and
 *    tokens per second (the baseline);
 *  - through the app: request → first SSE text at the reader, and the
 *    first-token overhead (the provider's first text → the reader's), beside
 *    the OpenAI-compatible path's overhead from the streams benchmark.
 */
const RUNS = 10;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-gguf-'));
const modelPath = writeTinyGguf(dir);
const loadStart = performance.now();
const provider = await llamacppProvider({ modelPath, threads: 1 });
const loadMs = performance.now() - loadStart;

const story: StoryRequest = {
  params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
  perspective: 0,
  dialogueHeavy: false,
  spicy: false,
  language: 'en',
  chapterIndex: 0,
  storySoFar: '',
  resumeFrom: '',
  targetChars: 1800,
};

const directFirst: number[] = [];
const tokensPerSecond: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  let first = 0;
  let chars = 0;
  for await (const chunk of provider.stream({
    story,
    messages: buildMessages(story),
    maxTokens: maxTokensFor(story),
    signal: new AbortController().signal,
  })) {
    first ||= performance.now();
    chars += chunk.length;
  }
  directFirst.push(first - started);
  tokensPerSecond.push(chars / ((performance.now() - first) / 1000));
}

// The same provider behind the app; it notes when each run's first text leaves the model.
let firstFromModel = 0;
const timed: LlmProvider = {
  name: provider.name,
  async *stream(input) {
    for await (const chunk of provider.stream(input)) {
      firstFromModel ||= performance.now();
      yield chunk;
    }
  },
  close: async () => provider.close?.(),
};
const bench = await startBenchApp({
  provider: timed,
  env: { LLM_PROVIDER: 'llamacpp', LLM_MODEL_PATH: modelPath, GENERATION_WORKERS: '1', MODERATION_PROVIDER: 'none' },
});
const viaApp: number[] = [];
const overheads: number[] = [];
for (let run = 0; run < RUNS; run++) {
  firstFromModel = 0;
  const started = performance.now();
  const novel = await bench.generate();
  let firstAtReader = 0;
  await bench.read(novel, (_text, at) => (firstAtReader ||= at));
  viaApp.push(firstAtReader - started);
  overheads.push(firstAtReader - firstFromModel);
}
await bench.close();
fs.rmSync(dir, { recursive: true, force: true });

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(2));
console.log(
  `bench local_model load_ms=${loadMs.toFixed(0)} tokens_per_s=${median(tokensPerSecond).toFixed(0)} ` +
    `direct_first_token_ms=${ms(median(directFirst))} app_request_to_first_token_ms=${ms(median(viaApp))} ` +
    `ttft_overhead_ms=${ms(median(overheads))} openai_path_ttft_overhead_ms=${ms(figures.openaiTtftOverheadMs)} runs=${RUNS}`,
);
