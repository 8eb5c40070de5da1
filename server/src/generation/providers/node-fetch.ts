import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/**
 * The `fetch` the openai SDK's story calls go through (docs/decisions/0043-model-calls-on-node-http.md):
 * node:http with a keep-alive agent instead of the global WHATWG fetch, which took about 0.7 ms of the
 * 1.5 ms between a story's request and its model call, and a seventh of the process under a burst.
 * The SDK reads any async iterable of bytes as a body (openai/internal/shims), so the answer is the
 * socket's own stream: no web stream in between.
 *
 * What it does not do, because a model server does not ask for it: follow redirects (a 3xx is a
 * failed call, as any other status the SDK does not take), decompress (it asks for none), or send a
 * streamed request body (the SDK sends JSON text).
 */
// Every idle connection is kept for the next story (node's default keeps 256 and closes the rest): after a
// burst of 500 stories, the next burst would otherwise open 244 connections again, a third of the time the
// process spends starting a model call. They are at most as many as stories ran at once (GENERATION_WORKERS),
// and the model server closes the ones it no longer wants on its own keep-alive timeout.
const keep = { keepAlive: true, maxFreeSockets: Infinity };
const transports: Record<string, { request: typeof http.request; agent: http.Agent }> = {
  'http:': { request: http.request, agent: new http.Agent(keep) },
  'https:': { request: https.request, agent: new https.Agent(keep) },
};

/** What `fetch` throws when its signal fires: a DOMException named AbortError, the reason as its cause. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new DOMException('This operation was aborted', 'AbortError'), { cause: signal.reason as unknown });
}

function headersOf(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, key) => (out[key] = value));
  return out;
}

/** The part of a fetch Response the SDK and the provider read (status, headers, body; text and JSON on its error path). */
class NodeResponse {
  readonly headers = new Headers();

  constructor(
    private readonly res: IncomingMessage,
    readonly url: string,
  ) {
    const raw = res.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) this.headers.append(raw[i]!, raw[i + 1]!);
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }
  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
  get statusText(): string {
    return this.res.statusMessage ?? '';
  }
  /** The answer as it arrives: an async iterable of byte chunks. */
  get body(): AsyncIterable<Buffer> {
    return this.res;
  }
  async text(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.res) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}

export const nodeFetch = (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
  if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('nodeFetch takes a URL, not a Request');
  const url = new URL(input);
  const transport = transports[url.protocol];
  if (!transport) throw new TypeError(`nodeFetch cannot reach ${url.protocol} addresses`);
  const body = init.body ?? undefined;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new TypeError('nodeFetch sends text or bytes only');
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  return new Promise<Response>((resolve, reject) => {
    const request = transport.request(url, { method: init.method ?? 'GET', headers: headersOf(init.headers), agent: transport.agent });
    let res: IncomingMessage | null = null;
    // Before the answer: the call fails as fetch's does. After it: the body ends with that error.
    const onAbort = () => {
      const error = abortError(signal!);
      if (res) res.destroy(error);
      else request.destroy(error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.on('response', (answer) => {
      res = answer;
      answer.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(new NodeResponse(answer, url.href) as unknown as Response);
    });
    request.end(body);
  });
}) as typeof fetch;
