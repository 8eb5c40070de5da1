#!/usr/bin/env node
// (A copy of the team's shared tools/stream-overhead.mjs, driven by bench/src/streams.ts, plus the 'novel-one' target:
// the web app's one round trip, POST /novel/generate/ answered as Server-Sent Events.)
// stream-overhead.mjs — how much latency does a proxy add to a streamed LLM answer?
//
// Zero dependencies, Node >= 20. Loopback only.
//
// What it does
//   1. Forks a fake OpenAI-compatible server (a child process, so its event loop
//      is not shared with the measuring client) on 127.0.0.1. POST
//      /v1/chat/completions with stream:true answers Server-Sent Events:
//        data: {"id":…,"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"…"}}]}
//      the first chunk after --first-delay-ms, then --chunks more every
//      --interval-ms, then `data: [DONE]`. For every request it records, with
//      process.hrtime.bigint() (CLOCK_MONOTONIC, one clock for every process on
//      the machine), when the request body was received, when the first chunk
//      was written and when [DONE] was written. Requests are matched to client
//      samples by a marker `sot-<16 hex>` that the client puts in the last user
//      message (the server looks there first, then anywhere in the raw body).
//      "Wrote" is the moment res.write() returns; the write syscall follows on the
//      next tick (the gap is printed as a diagnostic, ~0.2 ms on a 2-core VM when
//      idle; it is part of every target's figure, the 'direct' baseline included).
//   2. For each target (an "adapter": how to ask the proxy under test for a
//      streamed completion that ends up at the fake server) it runs --warmup
//      unmeasured requests, --sequential requests one after another, then (after
//      one unmeasured burst that opens the client's keep-alive sockets)
//      --conc-rounds bursts of --concurrency simultaneous streams. Every target
//      gets the same client: node:http, one keep-alive Agent per target, the same
//      SSE parser; the arrival time is taken before any parsing.
//   3. Per request it computes, in ms:
//        first_text_overhead  what a user waits for: client started sending → first streamed content,
//                         less the fake model's own time to its first chunk (body received → first chunk
//                         written); = request_overhead + ttft_overhead, wherever the delay sits
//        ttft_overhead    client got the first streamed content − fake server wrote the first chunk
//        total_overhead   client's whole duration (send → [DONE] received) − fake server's own
//                         duration (body received → [DONE] written); = request_overhead + done_overhead
//        request_overhead fake server received the whole request − client started sending
//        done_overhead    client received [DONE] − fake server wrote [DONE]
//      and prints median / p90 / max / n per target and phase, errors, and a summary line.
//      The 'direct' target (client → fake server, no proxy) is the zero-overhead
//      baseline; compare a proxy with it in the same run.
//
// Usage (every URL must be loopback; the tool refuses anything else)
//   node ../shared/tools/stream-overhead.mjs --targets direct,sillytavern --sillytavern-url http://127.0.0.1:8123
//   node ../shared/tools/stream-overhead.mjs --targets direct --sequential 50 --concurrency 100 --json out.json
//   node ../shared/tools/stream-overhead.mjs --help
// Output: `target=NAME phase=seq|concC METRIC median=… p90=… max=… n=… [errors=e/a]`
// lines, per-round lines when --conc-rounds > 1, then one `summary …` line.
//
// Reading the figures
//   * Compare targets only within one run on one machine; run twice or more.
//   * Sequential figures are the clean per-request cost. Burst figures depend on
//     how the proxy's handling of the burst lines up with --first-delay-ms (a
//     proxy still ingesting the burst delays early first chunks); use
//     --conc-rounds ≥ 3 and look at the per-round medians, or --ramp-ms.
//   * The client, the fake server and the proxy share the machine's CPUs.
//
// Adding a target: add an entry to ADAPTERS below (setup + open + optional parseEvent).

import http from 'node:http';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const now = () => process.hrtime.bigint(); // ns, CLOCK_MONOTONIC
const nsToMs = (ns) => Number(ns) / 1e6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MARKER_RE = /sot-[0-9a-f]{16}/g;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

// ---------------------------------------------------------------------------
// Fake OpenAI-compatible server (runs in a child process)
// ---------------------------------------------------------------------------

function tokenText(i) {
  return ` w${i}`;
}

function expectedText(chunks) {
  let s = '';
  for (let i = 0; i <= chunks; i++) s += tokenText(i);
  return s;
}

function findMarker(body, raw) {
  const msgs = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = msgs.length - 1; i >= 0; i--) {
    if (msgs[i]?.role !== 'user') continue;
    const c = typeof msgs[i].content === 'string' ? msgs[i].content : JSON.stringify(msgs[i].content ?? '');
    const m = c.match(MARKER_RE);
    if (m) return m[0];
    break;
  }
  const all = raw.match(MARKER_RE);
  return all ? all[all.length - 1] : null;
}

function runFakeServer(cfg) {
  /** marker -> record (first request seen with that marker) */
  const marks = new Map();
  let unmatched = 0;
  let requests = 0;
  let badRequests = 0;
  let clientErrors = 0;
  const sockets = new Set();

  const server = http.createServer((req, res) => {
    const tReq = now();
    const url = new URL(req.url, 'http://x');
    if (req.method === 'GET' && /\/models$/.test(url.pathname)) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'stream-overhead' }] }));
      return;
    }
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(url.pathname)) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url.pathname}` } }));
      return;
    }
    const bufs = [];
    req.on('data', (b) => bufs.push(b));
    req.on('end', () => {
      const tBody = now();
      requests++;
      const raw = Buffer.concat(bufs).toString('utf8');
      let body;
      try {
        body = JSON.parse(raw);
      } catch {
        badRequests++;
        if (process.env.STREAM_OVERHEAD_DEBUG) console.error(`# fake server: body is not JSON (${raw.length} bytes): ${raw.slice(0, 200)}`);
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'body is not JSON' } }));
        return;
      }
      const marker = findMarker(body, raw);
      const rec = { marker, tReq, tBody, tHeaders: null, tFirst: null, tFirstSent: null, tDone: null, aborted: false, stream: !!body.stream, extra: 0 };
      if (!marker) unmatched++;
      else if (marks.has(marker)) marks.get(marker).extra++; // later requests of the same generation are not timed
      else marks.set(marker, rec);

      const id = `chatcmpl-${marker ?? 'nomarker'}`;
      const created = Math.floor(Date.now() / 1000);
      const model = typeof body.model === 'string' ? body.model : 'fake-model';
      const total = cfg.chunks + 1;

      if (!body.stream) {
        setTimeout(() => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({
            id, object: 'chat.completion', created, model,
            choices: [{ index: 0, message: { role: 'assistant', content: expectedText(cfg.chunks) }, finish_reason: 'stop' }],
          }));
          rec.tFirst = rec.tDone = now();
        }, cfg.firstDelayMs + cfg.chunks * cfg.intervalMs);
        return;
      }

      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        // no explicit Connection header: Node honours the client's keep-alive / close
      });
      if (!cfg.headersWithFirstChunk) {
        res.flushHeaders();
        rec.tHeaders = now();
      }
      let i = 0;
      let timer = null;
      let closed = false;
      const writeChunk = () => {
        if (closed) return;
        const data = JSON.stringify({
          id, object: 'chat.completion.chunk', created, model,
          choices: [{ index: 0, delta: { content: tokenText(i) }, finish_reason: null }],
        });
        res.write(`data: ${data}\n\n`);
        // Taken when res.write() returns. Node corks chunked writes and issues the write
        // syscall on the next tick, a few µs later, so this is the earliest moment the bytes
        // could leave: overheads are never understated by the server's own scheduling
        // (a time taken after the syscall can be late if this process is preempted).
        if (i === 0) {
          rec.tFirst = now();
          process.nextTick(() => { rec.tFirstSent = now(); }); // after the syscall (diagnostic only)
        }
        i++;
        if (i < total) {
          timer = setTimeout(writeChunk, cfg.intervalMs);
        } else {
          res.write('data: [DONE]\n\n');
          rec.tDone = now();
          res.end();
        }
      };
      timer = setTimeout(writeChunk, cfg.firstDelayMs);
      res.on('close', () => {
        closed = true;
        clearTimeout(timer);
        if (rec.tDone === null) rec.aborted = true;
      });
    });
  });
  server.on('clientError', (err, socket) => {
    clientErrors++;
    if (process.env.STREAM_OVERHEAD_DEBUG) console.error(`# fake server: clientError ${err.code ?? err.message}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.keepAliveTimeout = 30_000;

  const ser = (r) => ({
    marker: r.marker, aborted: r.aborted, stream: r.stream, extra: r.extra,
    tReq: String(r.tReq), tBody: String(r.tBody),
    tHeaders: r.tHeaders === null ? null : String(r.tHeaders),
    tFirst: r.tFirst === null ? null : String(r.tFirst),
    tFirstSent: r.tFirstSent === null ? null : String(r.tFirstSent),
    tDone: r.tDone === null ? null : String(r.tDone),
  });

  process.on('message', (msg) => {
    if (msg?.cmd === 'hrtime') process.send({ cmd: 'hrtime', t: String(now()) });
    else if (msg?.cmd === 'dump') {
      const out = [...marks.values()].map(ser);
      process.send({ cmd: 'dump', marks: out, unmatched, requests, badRequests, clientErrors });
      if (msg.clear) { marks.clear(); unmatched = 0; requests = 0; badRequests = 0; clientErrors = 0; }
    } else if (msg?.cmd === 'stop') {
      server.close();
      for (const s of sockets) s.destroy();
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
  server.listen(cfg.port, '127.0.0.1', () => {
    process.send({ cmd: 'ready', port: server.address().port, pid: process.pid });
  });
}

class FakeServerHandle {
  constructor(child) {
    this.child = child;
    this.waiters = new Map();
    child.on('message', (msg) => {
      const w = this.waiters.get(msg?.cmd);
      if (w) { this.waiters.delete(msg.cmd); w(msg); }
    });
  }
  static async start(cfg) {
    const child = fork(fileURLToPath(import.meta.url), ['--fake-server-child', JSON.stringify(cfg)], {
      execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const h = new FakeServerHandle(child);
    const ready = await Promise.race([
      h.request('ready', null),
      new Promise((_, rej) => child.once('exit', (c) => rej(new Error(`fake server exited (${c})`)))),
    ]);
    h.port = ready.port;
    h.pid = ready.pid;
    h.baseUrl = `http://127.0.0.1:${ready.port}/v1`;
    return h;
  }
  request(cmd, msg) {
    return new Promise((resolve) => {
      this.waiters.set(cmd, resolve);
      if (msg) this.child.send(msg);
    });
  }
  async clockCheck() {
    const t0 = now();
    const r = await this.request('hrtime', { cmd: 'hrtime' });
    const t1 = now();
    const tc = BigInt(r.t);
    return { ok: t0 <= tc && tc <= t1, rttMs: nsToMs(t1 - t0) };
  }
  async dump(clear = true) {
    const r = await this.request('dump', { cmd: 'dump', clear });
    const m = new Map();
    for (const x of r.marks) {
      m.set(x.marker, {
        ...x,
        tReq: BigInt(x.tReq), tBody: BigInt(x.tBody),
        tHeaders: x.tHeaders === null ? null : BigInt(x.tHeaders),
        tFirst: x.tFirst === null ? null : BigInt(x.tFirst),
        tFirstSent: x.tFirstSent === null ? null : BigInt(x.tFirstSent),
        tDone: x.tDone === null ? null : BigInt(x.tDone),
      });
    }
    return { marks: m, unmatched: r.unmatched, requests: r.requests, badRequests: r.badRequests, clientErrors: r.clientErrors };
  }
  async stop() {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ cmd: 'stop' });
    await Promise.race([exited, sleep(2000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------
// HTTP + SSE client helpers (shared by every adapter so the client cost is equal)
// ---------------------------------------------------------------------------

function assertLoopback(u, what) {
  const url = new URL(u);
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(`${what} ${u}: only loopback targets are allowed (127.0.0.1, ::1, localhost)`);
  }
  return url;
}

/** Starts an HTTP request; resolves with the IncomingMessage once the response head arrives. */
function httpRequest(url, { method = 'GET', headers = {}, body = null, agent, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const u = assertLoopback(url, 'request to');
    const payload = body === null ? null : (typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    const h = { ...headers };
    if (payload !== null && h['Content-Length'] === undefined) h['Content-Length'] = Buffer.byteLength(payload);
    const req = http.request(u, { method, headers: h, agent }, resolve);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    if (payload !== null) req.write(payload);
    req.end();
  });
}

async function readAll(res) {
  const bufs = [];
  for await (const b of res) bufs.push(b);
  return Buffer.concat(bufs).toString('utf8');
}

function setCookiesToJar(jar, res) {
  for (const c of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Default event parser: OpenAI chat.completion.chunk events and `[DONE]`. */
function parseOpenAIEvent(evt) {
  if (evt.data === '[DONE]') return { done: true };
  let j;
  try { j = JSON.parse(evt.data); } catch { return { error: `bad JSON event: ${evt.data.slice(0, 80)}` }; }
  if (j?.error) return { error: `upstream error: ${JSON.stringify(j.error).slice(0, 120)}` };
  const c = j?.choices?.[0]?.delta?.content;
  return { content: typeof c === 'string' ? c : '' };
}

const USER_PROMPT = 'Continue the story in one paragraph.';

function buildMessages(marker, padBytes) {
  const pad = padBytes > 0 ? ' ' + 'lorem ipsum dolor sit amet '.repeat(Math.ceil(padBytes / 27)).slice(0, padBytes) : '';
  return [
    { role: 'system', content: `You are a storyteller.${pad}` },
    { role: 'user', content: `${USER_PROMPT} [${marker}]` },
  ];
}

// ---------------------------------------------------------------------------
// Target adapters
//
// An adapter is { description, stub?, urlOption?, setup(ctx)?, open(ctx, req), parseEvent? }
//   ctx:  { fakeBaseUrl, url (the target's base URL, from --<name>-url), agent, timeoutMs, state }
//   req:  { marker, messages }   the marker must reach the fake server inside the prompt
//   open  resolves with the IncomingMessage carrying the SSE stream of content
//   parseEvent({event, data}) -> { content?, done?, error? }   (default: OpenAI chunks)
// ---------------------------------------------------------------------------

const ADAPTERS = {
  // Zero-overhead baseline: the client talks to the fake server itself.
  direct: {
    description: 'client → fake server, no proxy (baseline)',
    async open(ctx, { messages }) {
      return httpRequest(`${ctx.fakeBaseUrl}/chat/completions`, {
        method: 'POST',
        agent: ctx.agent,
        timeoutMs: ctx.timeoutMs,
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: 'Bearer sk-fake' },
        body: { model: 'fake-model', messages, stream: true, temperature: 1, max_tokens: 300 },
      });
    },
  },

  // SillyTavern (src/endpoints/backends/chat-completions.js, POST /generate):
  // chat_completion_source 'custom' → fetch(`${custom_url}/chat/completions`) with node-fetch,
  // then forwardFetchResponse() pipes the upstream SSE body to the Express response.
  // The body mirrors what public/scripts/openai.js sendOpenAIRequest() sends with default
  // settings. CSRF: like the browser, GET /csrf-token once (keeps the cookies) and send
  // X-CSRF-Token on every call; works with the default config and with --disableCsrf.
  sillytavern: {
    description: 'SillyTavern POST /api/backends/chat-completions/generate (source=custom, custom_url=fake)',
    urlOption: 'sillytavern-url',
    async setup(ctx) {
      const jar = new Map();
      const res = await httpRequest(`${ctx.url}/csrf-token`, { agent: ctx.agent, timeoutMs: ctx.timeoutMs });
      const text = await readAll(res);
      if (res.statusCode !== 200) throw new Error(`GET /csrf-token → ${res.statusCode}: ${text.slice(0, 200)}`);
      setCookiesToJar(jar, res);
      ctx.state.token = JSON.parse(text).token;
      ctx.state.jar = jar;
    },
    async open(ctx, { messages }) {
      const headers = {
        'Content-Type': 'application/json',
        'X-CSRF-Token': ctx.state.token,
        'Accept-Encoding': 'gzip, deflate, br', // what a browser sends; ST's compression() middleware sees it
      };
      if (ctx.state.jar.size) headers.Cookie = cookieHeader(ctx.state.jar);
      const res = await httpRequest(`${ctx.url}/api/backends/chat-completions/generate`, {
        method: 'POST',
        agent: ctx.agent,
        timeoutMs: ctx.timeoutMs,
        headers,
        body: {
          messages,
          model: 'fake-model',
          temperature: 1,
          frequency_penalty: 0,
          presence_penalty: 0,
          top_p: 1,
          max_tokens: 300,
          stream: true,
          logit_bias: {},
          chat_completion_source: 'custom',
          user_name: 'User',
          char_name: 'Assistant',
          custom_url: ctx.fakeBaseUrl, // ST appends /chat/completions
          custom_include_body: '',
          custom_exclude_body: '',
          custom_include_headers: '',
          custom_prompt_post_processing: '',
        },
      });
      if (res.headers['content-encoding']) {
        res.destroy();
        throw new Error(`response is ${res.headers['content-encoding']}-encoded; this tool does not decode`);
      }
      return res;
    },
  },

  // The product (shared/CONTRACT.md §4): POST /api/v1/novel/generate/ → {novel_uid}, then
  // GET /api/v1/novel/stream/?novel_uid= → SSE `delta` {chapter,text} events, then `done` or
  // `error`. Start it with LLM_PROVIDER=openai and LLM_BASE_URL=<fake base URL> (pass
  // --fake-port so the URL is known first); NOVEL_EMAIL / NOVEL_PASSWORD name a verified
  // account with enough Butter (../shared/tools/stream-compare.sh prepares one). The marker goes in the
  // plot, which reaches the model's user message. tSend includes the POST; ttft_overhead is
  // still "fake first chunk written → first story text at the reader".
  novel: {
    description: 'the product: POST /api/v1/novel/generate/ then GET /api/v1/novel/stream/ (SSE)',
    urlOption: 'novel-url',
    normalize: (text) => text.replace(/\s+/g, ' ').trim(),
    async setup(ctx) {
      const email = process.env.NOVEL_EMAIL;
      const password = process.env.NOVEL_PASSWORD;
      if (!email || !password) throw new Error('the novel target needs NOVEL_EMAIL and NOVEL_PASSWORD (a verified account with Butter)');
      const res = await httpRequest(`${ctx.url}/api/v1/user/login/`, {
        method: 'POST', agent: ctx.agent, timeoutMs: ctx.timeoutMs,
        headers: { 'Content-Type': 'application/json' }, body: { email, password },
      });
      const text = await readAll(res);
      const token = JSON.parse(text)?.data?.tokens?.access ?? JSON.parse(text)?.data?.access_token;
      if (res.statusCode !== 200 || !token) throw new Error(`login → ${res.statusCode}: ${text.slice(0, 200)}`);
      ctx.state.auth = `Bearer ${token}`;
    },
    async open(ctx, { marker }) {
      const post = await httpRequest(`${ctx.url}/api/v1/novel/generate/`, {
        method: 'POST', agent: ctx.agent, timeoutMs: ctx.timeoutMs,
        headers: { 'Content-Type': 'application/json', Authorization: ctx.state.auth },
        body: {
          params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: `A storm. [${marker}]` },
          is_r18: 0, dialogue_heavy: 0, first_person: 0, language: 'en',
        },
      });
      const text = await readAll(post);
      const uid = post.statusCode === 200 ? JSON.parse(text)?.data?.novel_uid : null;
      if (!uid) throw new Error(`generate → ${post.statusCode}: ${text.slice(0, 160)}`);
      return httpRequest(`${ctx.url}/api/v1/novel/stream/?novel_uid=${encodeURIComponent(uid)}`, {
        agent: ctx.agent, timeoutMs: ctx.timeoutMs,
        headers: { Accept: 'text/event-stream', Authorization: ctx.state.auth },
      });
    },
    parseEvent(evt) {
      let j;
      try { j = JSON.parse(evt.data); } catch { return { error: `bad JSON event: ${evt.data.slice(0, 80)}` }; }
      if (evt.event === 'delta') return { content: typeof j?.text === 'string' ? j.text : '' };
      if (evt.event === 'done') return { done: true };
      if (evt.event === 'error') return { error: `product error: ${JSON.stringify(j).slice(0, 120)}` };
      return {};
    },
  },

  // The web app's path (docs/decisions/0039): one request, POST /api/v1/novel/generate/ with
  // Accept: text/event-stream, answered with a `head` event (the JSON answer), then the story.
  'novel-one': {
    description: 'the product, one round trip: POST /api/v1/novel/generate/ answered as SSE',
    urlOption: 'novel-url',
    normalize: (text) => text.replace(/\s+/g, ' ').trim(),
    setup: (ctx) => ADAPTERS.novel.setup(ctx),
    async open(ctx, { marker }) {
      return httpRequest(`${ctx.url}/api/v1/novel/generate/`, {
        method: 'POST', agent: ctx.agent, timeoutMs: ctx.timeoutMs,
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: ctx.state.auth },
        body: {
          params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: `A storm. [${marker}]` },
          is_r18: 0, dialogue_heavy: 0, first_person: 0, language: 'en',
        },
      });
    },
    parseEvent: (evt) => ADAPTERS.novel.parseEvent(evt),
  },
};

// ---------------------------------------------------------------------------
// One streamed request, measured at the client
// ---------------------------------------------------------------------------

async function streamOnce(adapter, ctx, marker, padBytes, expected) {
  const s = {
    marker, tSend: null, tHead: null, tFirstContent: null, tDone: null, tEnd: null,
    status: null, contentLen: 0, events: 0, error: null,
  };
  const messages = buildMessages(marker, padBytes);
  const parse = adapter.parseEvent ?? parseOpenAIEvent;
  let content = '';
  s.tSend = now();
  try {
    const res = await adapter.open(ctx, { marker, messages });
    s.tHead = now();
    s.status = res.statusCode;
    res.setEncoding('utf8');
    let buf = '';
    let done = false;
    await new Promise((resolve, reject) => {
      res.on('data', (chunk) => {
        const t = now(); // arrival time, before any parsing
        buf += chunk;
        if (buf.includes('\r')) buf = buf.replace(/\r\n?/g, '\n');
        let idx;
        while ((idx = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          let event = 'message';
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
            else if (line.startsWith('event:')) event = line.slice(6).trim();
          }
          if (!data.length) continue;
          s.events++;
          const r = parse({ event, data: data.join('\n') });
          if (r.error && !s.error) s.error = r.error;
          if (r.content) {
            if (s.tFirstContent === null) s.tFirstContent = t;
            content += r.content;
          }
          if (r.done && !done) { done = true; s.tDone = t; }
        }
      });
      res.on('end', () => { s.tEnd = now(); resolve(); });
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
    });
    s.contentLen = content.length;
    if (!s.error) {
      if (s.status !== 200) s.error = `HTTP ${s.status}: ${buf.slice(0, 120)}`;
      else if (!done) s.error = 'stream ended without [DONE]';
      else if ((adapter.normalize ?? ((x) => x))(content) !== (adapter.normalize ?? ((x) => x))(expected)) s.error = `content mismatch (${content.length} chars, expected ${expected.length})`;
    }
  } catch (e) {
    s.error = e?.message ?? String(e);
  }
  return s;
}

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

function stats(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const n = v.length;
  if (!n) return { n: 0, median: NaN, p90: NaN, max: NaN, min: NaN };
  const median = n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  const p90 = v[Math.max(0, Math.ceil(0.9 * n) - 1)]; // nearest rank
  return { n, median, p90, max: v[n - 1], min: v[0] };
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(3) : 'NaN');

function joinSamples(samples, srv) {
  const rows = [];
  const errors = {};
  for (const s of samples) {
    const r = srv.marks.get(s.marker);
    let err = s.error;
    if (!err && !r) err = 'fake server never saw the marker';
    if (!err && (r.tFirst === null || r.tDone === null)) err = 'fake server did not finish the stream';
    if (err) {
      const key = err.replace(/[0-9]+/g, '#').slice(0, 80);
      errors[key] = (errors[key] ?? 0) + 1;
      continue;
    }
    rows.push({
      marker: s.marker,
      ttft: nsToMs(s.tFirstContent - r.tFirst),
      request: nsToMs(r.tBody - s.tSend),
      done: nsToMs(s.tDone - r.tDone),
      total: nsToMs((s.tDone - s.tSend) - (r.tDone - r.tBody)),
      clientTtft: nsToMs(s.tFirstContent - s.tSend),
      firstText: nsToMs((s.tFirstContent - s.tSend) - (r.tFirst - r.tBody)),
      serverWrite: r.tFirstSent === null ? NaN : nsToMs(r.tFirstSent - r.tFirst),
      extraUpstreamCalls: r.extra,
    });
  }
  return { rows, errors, nErrors: Object.values(errors).reduce((a, b) => a + b, 0) };
}

const METRICS = [
  ['first_text_overhead_ms', 'firstText'],
  ['ttft_overhead_ms', 'ttft'],
  ['total_overhead_ms', 'total'],
  ['request_overhead_ms', 'request'],
  ['done_overhead_ms', 'done'],
];

const fakeCounts = (srv) => ({ requests: srv.requests, unmatched: srv.unmatched, badRequests: srv.badRequests, clientErrors: srv.clientErrors });

function report(target, phase, joined, attempted, srv) {
  const out = {};
  for (const [label, key] of METRICS) {
    const st = stats(joined.rows.map((r) => r[key]));
    out[key] = st;
    const extra = key === 'firstText' ? ` errors=${joined.nErrors}/${attempted}` : '';
    console.log(`target=${target} phase=${phase} ${label} median=${fmt(st.median)} p90=${fmt(st.p90)} max=${fmt(st.max)} n=${st.n}${extra}`);
  }
  const w = stats(joined.rows.map((r) => r.serverWrite));
  console.log(`# target=${target} phase=${phase} fake server first-chunk res.write()→after-syscall median=${fmt(w.median)} ms (included in every target's ttft)`);
  const fc = fakeCounts(srv);
  if (fc.unmatched || fc.badRequests || fc.clientErrors || fc.requests !== attempted) {
    console.log(`# target=${target} phase=${phase} fake server saw requests=${fc.requests} (client sent ${attempted}) no_marker=${fc.unmatched} bad_json=${fc.badRequests} http_parse_errors=${fc.clientErrors}`);
  }
  for (const [k, c] of Object.entries(joined.errors)) console.log(`target=${target} phase=${phase} error count=${c} kind="${k}"`);
  return out;
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

const HELP = `usage: node stream-overhead.mjs [options]
  --targets LIST            comma list of ${Object.keys(ADAPTERS).join(', ')} (default: direct)
  --sillytavern-url URL     base URL of a running SillyTavern (loopback only)
  --novel-url URL           base URL of the product (needs NOVEL_EMAIL / NOVEL_PASSWORD)
  --sequential K            sequential requests per target (default 50)
  --warmup W                unmeasured requests per target first (default 5)
  --concurrency C           simultaneous streams per burst, 0 = skip (default 100)
  --conc-rounds R           bursts per target (default 1); R > 1 also prints per-round medians
  --ramp-ms M               spread each burst's starts evenly over M ms (default 0 = all at once)
  --first-delay-ms D        fake model: delay before the first chunk (default 50)
  --chunks N                fake model: chunks after the first (default 20)
  --interval-ms I           fake model: gap between chunks (default 10)
  --headers-with-first-chunk  fake model sends HTTP headers only with the first chunk
  --prompt-bytes B          pad the system message with B bytes (default 0)
  --fake-port P             port for the fake server (default 0 = random)
  --timeout-ms T            per-request timeout (default 30000)
  --json FILE               write every sample and the summary as JSON
Prints: target=NAME phase=seq|concC ttft_overhead_ms median=… p90=… max=… n=… errors=e/a
        (and total_/request_/done_overhead_ms), then one 'summary' line.`;

async function main() {
  const { values: o } = parseArgs({
    options: {
      targets: { type: 'string', default: 'direct' },
      'sillytavern-url': { type: 'string' },
      'novel-url': { type: 'string' },
      sequential: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '5' },
      concurrency: { type: 'string', default: '100' },
      'conc-rounds': { type: 'string', default: '1' },
      'ramp-ms': { type: 'string', default: '0' },
      'first-delay-ms': { type: 'string', default: '50' },
      chunks: { type: 'string', default: '20' },
      'interval-ms': { type: 'string', default: '10' },
      'headers-with-first-chunk': { type: 'boolean', default: false },
      'prompt-bytes': { type: 'string', default: '0' },
      'fake-port': { type: 'string', default: '0' },
      'timeout-ms': { type: 'string', default: '30000' },
      json: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (o.help) { console.log(HELP); return; }
  const int = (k) => {
    const v = Number(o[k]);
    if (!Number.isInteger(v) || v < 0) throw new Error(`--${k} must be a non-negative integer`);
    return v;
  };
  const cfg = {
    sequential: int('sequential'), warmup: int('warmup'), concurrency: int('concurrency'),
    concRounds: int('conc-rounds'), rampMs: int('ramp-ms'), firstDelayMs: int('first-delay-ms'), chunks: int('chunks'),
    intervalMs: int('interval-ms'), promptBytes: int('prompt-bytes'), fakePort: int('fake-port'),
    timeoutMs: int('timeout-ms'), headersWithFirstChunk: o['headers-with-first-chunk'],
  };
  const targets = o.targets.split(',').map((t) => t.trim()).filter(Boolean);
  for (const t of targets) {
    const a = ADAPTERS[t];
    if (!a) throw new Error(`unknown target ${t}; known: ${Object.keys(ADAPTERS).join(', ')}`);
    if (a.stub) throw new Error(`target ${t} is a stub (${a.description}); it must not be used for results`);
    if (a.urlOption) {
      if (!o[a.urlOption]) throw new Error(`target ${t} needs --${a.urlOption}`);
      assertLoopback(o[a.urlOption], `--${a.urlOption}`);
    }
  }

  const fake = await FakeServerHandle.start({
    port: cfg.fakePort, firstDelayMs: cfg.firstDelayMs, chunks: cfg.chunks,
    intervalMs: cfg.intervalMs, headersWithFirstChunk: cfg.headersWithFirstChunk,
  });
  const expected = expectedText(cfg.chunks);
  const results = { config: cfg, node: process.version, fake: { baseUrl: fake.baseUrl, pid: fake.pid }, targets: {} };
  try {
    const clock = await fake.clockCheck();
    console.log(`# fake server ${fake.baseUrl} pid=${fake.pid} first_delay_ms=${cfg.firstDelayMs} chunks=1+${cfg.chunks} interval_ms=${cfg.intervalMs} headers=${cfg.headersWithFirstChunk ? 'with-first-chunk' : 'immediate'}`);
    console.log(`# clock check (child hrtime within parent bracket): ${clock.ok ? 'ok' : 'FAILED'} ipc_rtt_ms=${fmt(clock.rttMs)}`);
    if (!clock.ok) throw new Error('process.hrtime clocks differ between processes; timings would be meaningless');
    console.log(`# host cpus=${os.cpus().length} loadavg=${os.loadavg().map((x) => x.toFixed(2)).join(',')} (other load on the machine skews every target)`);
    console.log(`# node ${process.version}; sequential=${cfg.sequential} warmup=${cfg.warmup} concurrency=${cfg.concurrency}x${cfg.concRounds} ramp_ms=${cfg.rampMs} prompt_pad_bytes=${cfg.promptBytes}`);

    for (const t of targets) {
      const adapter = ADAPTERS[t];
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const ctx = {
        fakeBaseUrl: fake.baseUrl, url: adapter.urlOption ? o[adapter.urlOption].replace(/\/+$/, '') : null,
        agent, timeoutMs: cfg.timeoutMs, state: {},
      };
      console.log(`# target=${t}: ${adapter.description}${ctx.url ? ` at ${ctx.url}` : ''}`);
      if (adapter.setup) await adapter.setup(ctx);
      const newMarker = () => `sot-${randomBytes(8).toString('hex')}`;
      const tr = (results.targets[t] = { phases: {} });

      // warm-up (connections, JIT, lazy requires in the proxy)
      let warmErr = 0;
      for (let i = 0; i < cfg.warmup; i++) {
        const s = await streamOnce(adapter, ctx, newMarker(), cfg.promptBytes, expected);
        if (s.error) { warmErr++; if (warmErr === 1) console.log(`# target=${t} warm-up error: ${s.error}`); }
      }
      await fake.dump(true);

      if (cfg.sequential > 0) {
        const samples = [];
        for (let i = 0; i < cfg.sequential; i++) samples.push(await streamOnce(adapter, ctx, newMarker(), cfg.promptBytes, expected));
        await sleep(50);
        const srv = await fake.dump(true);
        const j = joinSamples(samples, srv);
        tr.phases.seq = { stats: report(t, 'seq', j, samples.length, srv), errors: j.errors, rows: j.rows, fakeServer: fakeCounts(srv) };
      }

      if (cfg.concurrency > 0 && cfg.concRounds > 0) {
        if (cfg.warmup > 0) {
          // one unmeasured burst: opens the client's keep-alive sockets to the target
          await Promise.all(Array.from({ length: cfg.concurrency }, () => streamOnce(adapter, ctx, newMarker(), cfg.promptBytes, expected)));
          await sleep(200);
          await fake.dump(true);
        }
        const all = [];
        const srv = { marks: new Map(), unmatched: 0, requests: 0, badRequests: 0, clientErrors: 0 };
        const ph = `conc${cfg.concurrency}`;
        const startOne = (i) => (cfg.rampMs > 0
          ? sleep((i * cfg.rampMs) / cfg.concurrency).then(() => streamOnce(adapter, ctx, newMarker(), cfg.promptBytes, expected))
          : streamOnce(adapter, ctx, newMarker(), cfg.promptBytes, expected));
        for (let r = 0; r < cfg.concRounds; r++) {
          const batch = await Promise.all(Array.from({ length: cfg.concurrency }, (_, i) => startOne(i)));
          all.push(...batch);
          await sleep(200);
          const srvR = await fake.dump(true);
          for (const [k, v] of srvR.marks) srv.marks.set(k, v);
          for (const k of ['unmatched', 'requests', 'badRequests', 'clientErrors']) srv[k] += srvR[k];
          if (cfg.concRounds > 1) {
            // per-round medians: a burst's figures depend on how its timing lines up
            const jr = joinSamples(batch, srvR);
            const st = (k) => fmt(stats(jr.rows.map((x) => x[k])).median);
            console.log(`target=${t} phase=${ph} round=${r + 1} first_text_median=${st('firstText')} ttft_median=${st('ttft')} total_median=${st('total')} request_median=${st('request')} errors=${jr.nErrors}`);
          }
        }
        const j = joinSamples(all, srv);
        tr.phases[ph] = { stats: report(t, ph, j, all.length, srv), errors: j.errors, rows: j.rows, fakeServer: fakeCounts(srv) };
      }
      agent.destroy();
    }

    // summary
    const parts = [];
    const base = results.targets.direct;
    for (const ph of ['seq', `conc${cfg.concurrency}`]) {
      for (const t of targets) {
        const p = results.targets[t].phases[ph];
        if (!p) continue;
        let s = `${t}.${ph}.first_text_median=${fmt(p.stats.firstText.median)} ${t}.${ph}.first_text_p90=${fmt(p.stats.firstText.p90)} ${t}.${ph}.ttft_median=${fmt(p.stats.ttft.median)} ${t}.${ph}.ttft_p90=${fmt(p.stats.ttft.p90)} ${t}.${ph}.total_median=${fmt(p.stats.total.median)}`;
        const bp = base?.phases[ph];
        if (bp && t !== 'direct') s += ` ${t}.${ph}.ttft_median_minus_direct=${fmt(p.stats.ttft.median - bp.stats.ttft.median)}`;
        const errs = Object.values(p.errors).reduce((a, b) => a + b, 0);
        s += ` ${t}.${ph}.errors=${errs}`;
        parts.push(s);
      }
    }
    console.log(`summary ${parts.join(' ')}`);
    results.summary = parts.join(' ');
    if (o.json) {
      writeFileSync(o.json, JSON.stringify(results, (k, v) => (typeof v === 'bigint' ? String(v) : v), 2));
      console.log(`# wrote ${o.json}`);
    }
  } finally {
    await fake.stop();
  }
}

if (process.argv[2] === '--fake-server-child') {
  runFakeServer(JSON.parse(process.argv[3]));
} else {
  main().catch((e) => {
    console.error(`stream-overhead: ${e?.message ?? e}`);
    process.exitCode = 1;
  });
}
