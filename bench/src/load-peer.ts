import readline from 'node:readline';
import { followSse, startFakeLlm } from '../../server/test/fake-llm';

/**
 * The other side of the concurrent_streams benchmark, in its own process so the
 * app's event loop is measured alone: the fake model streaming at a fixed rate,
 * and one SSE reader per novel. Talks JSON lines over stdin/stdout.
 */
const CHUNKS = Number(process.argv[2] ?? 40);
const SPREAD_MS = Number(process.argv[3] ?? 0);
const pieces = Array.from({ length: CHUNKS }, (_, i) => `c${i} `);
const llm = await startFakeLlm([{ chunks: pieces, firstDelayMs: 1000, firstDelayJitterMs: SPREAD_MS, delayMs: 50 }]);
process.stdout.write(JSON.stringify({ llm: llm.url }) + '\n');

async function read(url: string, auth: string): Promise<string> {
  let text = '';
  await followSse(url, { authorization: auth }, (event) => {
    if (event.event === 'delta' && event.data.text) text += event.data.text;
    return event.event === 'done' || event.event === 'error';
  });
  return text;
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { base, auth, novels } = JSON.parse(line) as { base: string; auth: string; novels: string[] };
  const texts = await Promise.all(novels.map((n) => read(`${base}/api/v1/novel/stream/?novel_uid=${n}`, auth)));
  const expected = pieces.join('');
  const complete = texts.filter((t) => t === expected).length;
  const received = texts.reduce((n, t) => n + t.split(' ').filter(Boolean).length, 0);
  process.stdout.write(JSON.stringify({ complete, lost: novels.length * CHUNKS - received }) + '\n');
  break;
}
await llm.close();
