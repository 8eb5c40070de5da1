import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A real HTTP server on loopback that speaks the OpenAI chat-completions
 * protocol with streamed SSE chunks. Each request takes the next behaviour
 * from the script (the last one repeats), and every request body is recorded.
 */
export type Behaviour = {
  /** Text pieces streamed one per chunk. */
  chunks?: string[];
  /** Wait before the first chunk and between chunks. */
  firstDelayMs?: number;
  delayMs?: number;
  /** Answer with this HTTP status (and no stream). */
  status?: number;
  /** Close the connection after this many chunks, without [DONE]. */
  breakAfter?: number;
};

export type FakeLlm = {
  url: string;
  requests: { model: string; messages: { role: string; content: string }[]; stream: boolean; max_tokens?: number }[];
  script: (behaviours: Behaviour[]) => void;
  /** Resolves when the n-th chunk of any stream has been written. */
  chunksSent: () => number;
  close: () => Promise<void>;
};

export async function startFakeLlm(initial: Behaviour[] = [{ chunks: ['Hello'] }]): Promise<FakeLlm> {
  let script = initial;
  let index = 0;
  let sent = 0;
  const requests: FakeLlm['requests'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw);
      requests.push(body);
      const behaviour = script[Math.min(index, script.length - 1)] ?? {};
      index++;
      if (behaviour.status) {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `fake failure ${behaviour.status}`, type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const chunks = behaviour.chunks ?? [];
      const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
      const write = (delta: Record<string, unknown>, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      void (async () => {
        if (behaviour.firstDelayMs) await new Promise((r) => setTimeout(r, behaviour.firstDelayMs));
        write({ role: 'assistant', content: '' });
        for (let i = 0; i < chunks.length; i++) {
          if (res.destroyed) return;
          if (behaviour.breakAfter !== undefined && i >= behaviour.breakAfter) {
            res.destroy();
            return;
          }
          write({ content: chunks[i] });
          sent++;
          if (behaviour.delayMs && i < chunks.length - 1) await new Promise((r) => setTimeout(r, behaviour.delayMs));
        }
        write({}, 'stop');
        res.write('data: [DONE]\n\n');
        res.end();
      })();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      script = next;
      index = 0;
    },
    chunksSent: () => sent,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Reads a Server-Sent Events stream into events until `until` says stop or the stream ends. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data is arbitrary JSON, asserted field by field
type SseEvent = { event: string; data: any };

export async function readSse(
  url: string,
  headers: Record<string, string>,
  until: (events: SseEvent[]) => boolean = () => false,
  timeoutMs = 20_000,
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: { event: string; data: unknown }[] = [];
  try {
    const res = await fetch(url, { headers, signal: controller.signal });
    if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
      if (until(events as never)) break;
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events as never;
}
