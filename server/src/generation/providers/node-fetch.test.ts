import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFetch } from './node-fetch';
import { openaiProvider } from './openai';

/**
 * The story calls' fetch (decision 0043) against a real HTTP server on loopback: what the provider and
 * the operator's model server see of it. The model-server faults (silent, head only, garbage, HTML,
 * 500, 429, a stall) run through it end to end in generation/faults.int.test.ts.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];

async function serve(handler: Handler): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
const story = { params: { char_a_name: 'A', char_a_setting: '', char_b_name: 'B', char_b_setting: '', plot: 'p' } } as never;
/** The provider's stream, read piece by piece. */
const reader = (provider: ReturnType<typeof openaiProvider>, signal?: AbortSignal) => provider.stream(ask(signal))[Symbol.asyncIterator]();
const ask = (signal = new AbortController().signal) => ({
  story,
  messages: [{ role: 'user' as const, content: 'Write.' }],
  maxTokens: 50,
  signal,
});

describe('the model calls over node:http', () => {
  it('hands on each chunk as the server sends it, before the answer ends', async () => {
    let sendRest: () => void = () => {};
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('first '));
      sendRest = () => res.end(chunk('second') + 'data: [DONE]\n\n');
    });
    const stream = reader(openaiProvider({ baseURL: `${url}/v1`, model: 'm', maxRetries: 0 }));
    expect((await stream.next()).value).toBe('first ');
    sendRest();
    expect((await stream.next()).value).toBe('second');
    expect((await stream.next()).done).toBe(true);
  });

  it('sends the JSON request with the key and the model, as the SDK builds it', async () => {
    const seen: { method?: string; path?: string; auth?: string; type?: string; body?: { model: string; stream: boolean } } = {};
    const { url } = await serve((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        Object.assign(seen, {
          method: req.method,
          path: req.url,
          auth: req.headers.authorization,
          type: req.headers['content-type'],
          body: JSON.parse(body),
        });
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(chunk('ok') + 'data: [DONE]\n\n');
      });
    });
    const pieces: string[] = [];
    for await (const piece of openaiProvider({ baseURL: `${url}/v1`, apiKey: 'sk-test', model: 'story-model', maxRetries: 0 }).stream(
      ask(),
    ))
      pieces.push(piece);
    expect(pieces).toEqual(['ok']);
    expect(seen).toMatchObject({ method: 'POST', path: '/v1/chat/completions', auth: 'Bearer sk-test', type: 'application/json' });
    expect(seen.body).toMatchObject({ model: 'story-model', stream: true });
  });

  it('a stop mid-answer closes the connection, so the model server stops writing', async () => {
    let closed: () => void = () => {};
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(chunk('more ')), 10);
      res.on('close', () => {
        clearInterval(timer);
        closed();
      });
    });
    const stop = new AbortController();
    const stream = reader(openaiProvider({ baseURL: `${url}/v1`, model: 'm', maxRetries: 0 }), stop.signal);
    expect((await stream.next()).value).toContain('more');
    stop.abort();
    // The SDK ends an aborted stream quietly (the runner knows why it stopped).
    while (!(await stream.next()).done) {
      /* what was already read */
    }
    await serverSawClose;
  });

  it('reads an error answer as the SDK reads it: the status and the server message, not retried on 400', async () => {
    let calls = 0;
    const { url } = await serve((req, res) => {
      calls++;
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model not found: story-model' } }));
    });
    const stream = reader(openaiProvider({ baseURL: `${url}/v1`, model: 'story-model', maxRetries: 2 }));
    await expect(stream.next()).rejects.toMatchObject({
      message: expect.stringContaining('model not found: story-model'),
      retryable: false,
    });
    expect(calls).toBe(1);
  });

  it('keeps the connection for the next call (one socket for calls one after another)', async () => {
    const sockets = new Set<unknown>();
    const { url } = await serve((req, res) => {
      sockets.add(req.socket);
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunk('x') + 'data: [DONE]\n\n');
    });
    const provider = openaiProvider({ baseURL: `${url}/v1`, model: 'm', maxRetries: 0 });
    for (let i = 0; i < 3; i++) for await (const piece of provider.stream(ask())) expect(piece).toBe('x');
    expect(sockets.size).toBe(1);
  });

  it('keeps every connection of a burst larger than 256 for the next burst (none opened again)', async () => {
    const burst = 300;
    let opened = 0;
    let waiting: (() => void)[] = [];
    const { url, server } = await serve((req, res) => {
      req.resume();
      // Every call of a burst is held until all have arrived, so each takes its own connection.
      waiting.push(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(chunk('x') + 'data: [DONE]\n\n');
      });
      if (waiting.length === burst) for (const answer of waiting.splice(0)) answer();
    });
    server.on('connection', () => opened++);
    const provider = openaiProvider({ baseURL: `${url}/v1`, model: 'm', maxRetries: 0 });
    const story = async () => {
      const pieces: string[] = [];
      for await (const piece of provider.stream(ask())) pieces.push(piece);
      return pieces.join('');
    };
    expect(await Promise.all(Array.from({ length: burst }, story))).toEqual(Array(burst).fill('x'));
    expect(opened).toBe(burst);
    waiting = [];
    expect(await Promise.all(Array.from({ length: burst }, story))).toEqual(Array(burst).fill('x'));
    expect(opened).toBe(burst);
  });

  it('fails as fetch does: an abort before the answer, a refused connection, a Request object', async () => {
    const { url } = await serve(() => {
      /* never answers */
    });
    const early = new AbortController();
    const pending = nodeFetch(url, { signal: early.signal });
    early.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const closed = await serve(() => {});
    closed.server.close();
    await expect(nodeFetch(`${closed.url}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(nodeFetch(new Request(url))).rejects.toThrow(TypeError);
  });
});
