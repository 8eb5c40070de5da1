import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createSseParser } from '@butterfic/contract/client';
import { isMemoryRequest } from '../src/generation/prompts/languages';

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
  /** Add a random 0…n ms to the first wait, so many streams do not tick in lockstep. */
  firstDelayJitterMs?: number;
  delayMs?: number;
  /** Answer with this HTTP status (and no stream). */
  status?: number;
  /** Close the connection after this many chunks, without [DONE]. */
  breakAfter?: number;
  /**
   * A broken model server:
   *  - `silent`: reads the request and never answers (no bytes at all);
   *  - `head-only`: sends the answer head, then nothing;
   *  - `stall`: streams `stallAfter` chunks (default 1), then nothing, the connection left open;
   *  - `garbage`: a 200 event stream whose events are not chat-completion chunks;
   *  - `html`: a 200 HTML page, as a misconfigured proxy answers.
   */
  fault?: 'silent' | 'head-only' | 'stall' | 'garbage' | 'html';
  stallAfter?: number;
  /** With `status`: the Retry-After header sent with it, in seconds. */
  retryAfter?: number;
};

type ModerationRule = { flagMinors?: string[]; status?: number; stallOn?: string[] };

export type FakeLlm = {
  url: string;
  requests: { model: string; messages: { role: string; content: string }[]; stream: boolean; max_tokens?: number }[];
  script: (behaviours: Behaviour[]) => void;
  /**
   * Answers requests by their content before the script: a request for which `answer` returns a
   * behaviour gets it (and does not advance the script), e.g. a moderation judge beside the story model.
   * A judge's request it leaves alone is answered "safe" (also outside the script).
   */
  answerBy: (answer: ((body: FakeLlm['requests'][number]) => Behaviour | undefined) | null) => void;
  /**
   * Story-memory requests (generation/memory.ts), kept apart from `requests` and the script: they come
   * after every chapter, and tests of the story itself should not see them. `memory` sets their answer.
   */
  memoryRequests: FakeLlm['requests'];
  memory: (behaviour: Behaviour) => void;
  /** Bodies of POST /moderations (OpenAI's moderation protocol), in order. */
  moderationRequests: { model: string; input: string | string[] }[];
  /**
   * /moderations flags `sexual/minors` for an input holding any of these words; `status` answers that HTTP error instead;
   * an input holding any of the `stallOn` words gets no answer at all (the connection stays open).
   */
  moderate: (rule: ModerationRule) => void;
  /** Resolves when the n-th chunk of any stream has been written. */
  chunksSent: () => number;
  close: () => Promise<void>;
};

export async function startFakeLlm(initial: Behaviour[] = [{ chunks: ['Hello'] }]): Promise<FakeLlm> {
  let script = initial;
  let index = 0;
  let sent = 0;
  const requests: FakeLlm['requests'] = [];
  const moderationRequests: FakeLlm['moderationRequests'] = [];
  let moderation: ModerationRule = {};
  let answerBy: ((body: FakeLlm['requests'][number]) => Behaviour | undefined) | null = null;
  const memoryRequests: FakeLlm['requests'] = [];
  let memoryAnswer: Behaviour = { chunks: ['The story so far, remembered.'] };
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/moderations')) {
        answerModeration(res, JSON.parse(raw), moderation, moderationRequests);
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(raw);
      const isMemory = isMemoryRequest(body.messages);
      (isMemory ? memoryRequests : requests).push(body);
      // A judge's request (safety/judge.ts) that `answerBy` leaves alone is answered "safe", outside the script.
      const isJudge = body.messages?.[0]?.content?.startsWith?.('You are a content-safety classifier') === true;
      const answered = isMemory ? memoryAnswer : (answerBy?.(body) ?? (isJudge ? { chunks: ['safe'] } : undefined));
      const behaviour = answered ?? script[Math.min(index, script.length - 1)] ?? {};
      if (!answered) index++;
      if (behaviour.fault === 'silent') return;
      if (behaviour.fault === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>502 Bad Gateway</h1></body></html>');
        return;
      }
      if (behaviour.fault === 'head-only') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        return;
      }
      if (behaviour.fault === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"choices": [{"delta": {"content": "ok "}}]}\n\n');
        res.write('data: this is not json at all\n\n');
        res.end('data: {"choices": [{"delta": {"content": "never"}}]}\n\ndata: [DONE]\n\n');
        return;
      }
      if (behaviour.status) {
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...(behaviour.retryAfter !== undefined && { 'retry-after': String(behaviour.retryAfter) }),
        });
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
        const firstDelay = (behaviour.firstDelayMs ?? 0) + Math.random() * (behaviour.firstDelayJitterMs ?? 0);
        if (firstDelay) await new Promise((r) => setTimeout(r, firstDelay));
        write({ role: 'assistant', content: '' });
        for (let i = 0; i < chunks.length; i++) {
          if (res.destroyed) return;
          if (behaviour.breakAfter !== undefined && i >= behaviour.breakAfter) {
            res.destroy();
            return;
          }
          // Stalled: the connection stays open and nothing more comes (closed by close()).
          if (behaviour.fault === 'stall' && i >= (behaviour.stallAfter ?? 1)) return;
          write({ content: chunks[i] });
          if (!isMemory) sent++;
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
    moderationRequests,
    moderate: (rule) => {
      moderation = rule;
    },
    memoryRequests,
    memory: (behaviour) => {
      memoryAnswer = behaviour;
    },
    answerBy: (answer) => {
      answerBy = answer;
    },
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

const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** POST /moderations as OpenAI answers it: one result per input, each with every category, its score and the input types. */
function answerModeration(
  res: http.ServerResponse,
  body: { model: string; input: string | string[] },
  rule: ModerationRule,
  log: FakeLlm['moderationRequests'],
) {
  log.push(body);
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  if (inputs.some((input) => (rule.stallOn ?? []).some((word) => input.includes(word)))) return;
  if (rule.status) {
    res.writeHead(rule.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `fake failure ${rule.status}`, type: 'server_error' } }));
    return;
  }
  const results = inputs.map((input) => {
    const minors = (rule.flagMinors ?? []).some((word) => input.includes(word));
    const categories = Object.fromEntries(CATEGORIES.map((c) => [c, minors && (c === 'sexual' || c === 'sexual/minors')]));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categories[c] ? 0.97 : 0.0001]));
    const types = Object.fromEntries(CATEGORIES.map((c) => [c, ['text']]));
    return { flagged: minors, categories, category_scores: scores, category_applied_input_types: types };
  });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: `modr-${Math.random().toString(36).slice(2)}`, model: body.model, results }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data is arbitrary JSON, asserted field by field
export type SseEvent = { event: string; data: any };

/**
 * Reads a Server-Sent Events response with the app's own parser, calling
 * `onEvent` with each event (data parsed as JSON) and the time its bytes
 * arrived; stops when `onEvent` answers true or the stream ends.
 */
export async function followSse(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: SseEvent, at: number) => boolean | void,
  signal?: AbortSignal,
  /** A start call answered as a stream (POST with a JSON body). */
  post?: unknown,
): Promise<void> {
  const res = await fetch(url, {
    headers: post === undefined ? headers : { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
    ...(signal && { signal }),
    ...(post !== undefined && { method: 'POST', body: JSON.stringify(post) }),
  });
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const parser = createSseParser();
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const at = performance.now();
    for (const message of parser.push(decoder.decode(chunk, { stream: true }))) {
      if (onEvent({ event: message.event, data: JSON.parse(message.data) }, at)) {
        await res.body.cancel().catch(() => undefined);
        return;
      }
    }
  }
}

/** Collects a stream's events until `until` says stop, the stream ends, or the time-out. */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  until: (events: SseEvent[]) => boolean = () => false,
  timeoutMs = 20_000,
  post?: unknown,
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: SseEvent[] = [];
  try {
    await followSse(
      url,
      headers,
      (event) => {
        events.push(event);
        return until(events);
      },
      controller.signal,
      post,
    );
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
  }
  return events;
}
