import readline from 'node:readline';
import { startFakeLlm } from '../../server/test/fake-llm';

/**
 * The other side of the concurrent_streams benchmark, in its own process so the
 * app's event loop is measured alone: the fake model streaming at a fixed rate,
 * and one SSE reader per novel. Talks JSON lines over stdin/stdout.
 */
const CHUNKS = Number(process.argv[2] ?? 40);
const pieces = Array.from({ length: CHUNKS }, (_, i) => `c${i} `);
const llm = await startFakeLlm([{ chunks: pieces, firstDelayMs: 1000, delayMs: 50 }]);
process.stdout.write(JSON.stringify({ llm: llm.url }) + '\n');

async function read(url: string, auth: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: auth } });
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as { text?: string } | null;
      if (event === 'delta' && data?.text) text += data.text;
      if (event === 'done' || event === 'error') return text;
    }
  }
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
