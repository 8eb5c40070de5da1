import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * The generate_accept figure's users, in their own process: every user (one
 * access token each) asks for a new story; the time is request → the answer
 * (charged and queued). `paced`: each user once per `intervalMs`, staggered, for
 * `seconds`; `burst`: all users at the same moment, `rounds` times. Prints one JSON line.
 */
const [base, tokensFile, mode, a, b] = process.argv.slice(2) as [string, string, 'paced' | 'burst', string, string];
const tokens = JSON.parse(fs.readFileSync(tokensFile, 'utf8')) as string[];
const body = JSON.stringify({
  params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
  is_r18: 0,
  dialogue_heavy: 0,
  first_person: 0,
  language: 'en',
});
const latencies: number[] = [];
let failed = 0;
let firstFailure = '';

async function generate(token: string): Promise<void> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/novel/generate/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = (await res.json()) as { base_resp: { status_code: number; status_msg: string } };
  latencies.push(performance.now() - started);
  if (answer.base_resp.status_code !== 0) {
    failed++;
    firstFailure ||= `${answer.base_resp.status_code} ${answer.base_resp.status_msg}`;
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// One warm-up request per user opens the connections.
await Promise.all(tokens.map((t) => fetch(`${base}/api/v1/health/`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.text())));
if (mode === 'burst') {
  for (let round = 0; round < Number(a); round++) {
    await Promise.all(tokens.map(generate));
    await sleep(Number(b));
  }
} else {
  const seconds = Number(a);
  const intervalMs = Number(b);
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep((intervalMs * i) / tokens.length);
      while (performance.now() < end) {
        const next = performance.now() + intervalMs;
        await generate(token);
        await sleep(Math.max(0, next - performance.now()));
      }
    }),
  );
}
latencies.sort((x, y) => x - y);
const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN).toFixed(2));
process.stdout.write(JSON.stringify({ requests: latencies.length, failed, first_failure: firstFailure, p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1) }) + '\n');
