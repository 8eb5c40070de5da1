import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startApp } from './app';
import { runLists, type Figure } from './lists';
import { runOverused, runPrompts } from './prompts';
import { runPrefix } from './prefix';
import { runReading } from './reading';
import { runSafety } from './safety';

/**
 * `npm run bench`: starts the app as `npm start` does (embedded PostgreSQL, a
 * fresh DATA_DIR) on a free loopback port and prints one line per benchmark,
 * `bench NAME key=value …`, each with the baseline measured in the same run.
 * Numbers, not pass/fail: compare them across commits on the same machine.
 * `npm run bench -- --scale` runs the list figures on a million rows instead (bench/src/scale.ts).
 * Every `bench` line is also written to bench/results/latest.json (gitignored;
 * README keeps the figures worth keeping).
 */
// `npm run bench -- --load`: the 60-second mixed-load run alone (mixed-load.ts). npm may take the flag
// as its own config (npm_config_load) rather than pass it on.
if (process.argv.includes('--load') || process.env.npm_config_load === 'true') {
  await import('./mixed-load');
  process.exit();
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Every line a benchmark prints (here, lists.ts, streams.ts, local-model.ts) is kept for the JSON file.
const lines: { name: string; figure: Record<string, string | number> }[] = [];
const log = console.log.bind(console);
console.log = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  const match = /^bench (\S+)(.*)$/.exec(text);
  if (match) {
    const figure: Record<string, string | number> = {};
    let name = match[1]!;
    for (const pair of (name.includes('=') ? `${name}${match[2]}` : match[2]!).trim().split(/\s+/)) {
      const [key, value = ''] = pair.split('=');
      if (!key) continue;
      figure[key] = value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    }
    if (name.includes('=')) name = name.split('=')[0]!;
    lines.push({ name, figure });
  }
  log(...args);
};
const print = (name: string, figure: Figure) =>
  console.log(
    `bench ${name} ${Object.entries(figure)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
function writeResults(): void {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const run = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    figures: lines,
  };
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(run, null, 2) + '\n');
}

async function load(name: string, url: string, init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}) {
  const result = await autocannon({ url, connections: 50, duration: 5, ...init });
  console.log(
    `bench ${name} rps=${Math.round(result.requests.average)} p99_ms=${result.latency.p99} errors=${result.errors} non2xx=${result.non2xx}`,
  );
}

function webBundleSize(): void {
  const dist = path.join(root, 'web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    console.log('bench web_initial_js_gzip_kb=skipped (run npm run build first)');
    return;
  }
  const html = fs.readFileSync(index, 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const bytes = scripts.reduce((sum, src) => sum + gzipSync(fs.readFileSync(path.join(dist, src))).length, 0);
  console.log(`bench web_initial_js_gzip_kb=${(bytes / 1024).toFixed(1)}`);
}

if (process.argv.includes('--scale') || process.env.npm_config_scale === 'true') {
  // A million rows (docs/decisions/0028): the list figures on a small and a big database, in one run.
  const { runScale } = await import('./scale');
  await runScale(print);
  writeResults();
  process.exit(0);
}
await runLists(print);
runSafety(print);
runPrompts(print);
runPrefix(print);
runOverused(print);
await runReading(print);
writeResults();
if (process.env.BENCH_ONLY) process.exit(0);
const app = await startApp();
try {
  await load('invalid_input', `${app.base}/api/v1/report/`, {
    method: 'POST',
    body: '{"target_type":1}',
    headers: { 'content-type': 'application/json' },
  });
  webBundleSize();
} finally {
  await app.stop();
}
await import('./streams');
writeResults();
await import('./local-model');
writeResults();
