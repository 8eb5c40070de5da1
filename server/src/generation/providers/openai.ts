import OpenAI from 'openai';
import type { LlmProvider } from '../types';
import { ProviderError } from '../types';

/** What a chat-completions stream's event carries (only what is read here). */
type ChatChunk = { choices?: { delta?: { content?: unknown } }[]; error?: unknown } | null;

const errorText = (chunk: ChatChunk): string => {
  const error = chunk?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : JSON.stringify(error ?? chunk);
};

/** Defaults of LLM_FIRST_BYTE_TIMEOUT and LLM_IDLE_TIMEOUT (CONTRACT.md section 2, README configuration). */
export const FIRST_BYTE_TIMEOUT_MS = 60_000;
export const IDLE_TIMEOUT_MS = 30_000;

/**
 * Any OpenAI-compatible chat-completions server through the official SDK:
 * OpenAI, Ollama, vLLM, llama.cpp server, LM Studio, OpenRouter, DeepSeek.
 * The SDK retries 429 and 5xx answers with backoff before the stream starts;
 * aborting the signal cancels the HTTP request.
 *
 * A broken server cannot hold a job (issue 14): connecting and the answer head
 * must come within `firstByteMs` (the SDK's per-try timeout, retried), the first
 * text within `firstByteMs` of the head, and every later chunk within `idleMs` of
 * the one before. A stream that breaks off, or whose events are not chat-completion
 * chunks, fails with a retryable ProviderError, so the runner tries again from the
 * saved text or refunds.
 */
export function openaiProvider(options: {
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  /** Connecting and the answer head, per try; and the first chunk after the head. */
  firstByteMs?: number;
  /** The former name of `firstByteMs`. */
  timeoutMs?: number;
  /** The longest gap between two chunks of a stream. */
  idleMs?: number;
  maxRetries?: number;
  /** The model's context in tokens (LLM_CONTEXT_TOKENS); prompts are fitted to it. */
  contextTokens?: number;
}): LlmProvider {
  const firstByteMs = options.firstByteMs ?? options.timeoutMs ?? FIRST_BYTE_TIMEOUT_MS;
  const idleMs = options.idleMs ?? IDLE_TIMEOUT_MS;
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: firstByteMs,
    maxRetries: options.maxRetries ?? 3,
  });
  return {
    name: 'openai',
    ...(options.contextTokens && { contextTokens: options.contextTokens }),
    async *stream({ messages, maxTokens, signal }) {
      // Our own abort, so a silent stream can be cut without it looking like the caller's stop.
      const watch = new StreamWatch(signal);
      try {
        const body = await openStream(client, watch, { model: options.model, messages, maxTokens });
        watch.arm(firstByteMs, 'no text');
        yield* readChunks(body, watch, idleMs);
      } finally {
        watch.close();
      }
    },
  };
}

/**
 * The abort of one model call: the caller's stop, or a time-out of our own (a silent server), told apart
 * so a time-out fails the try while a stop ends it quietly.
 */
class StreamWatch {
  readonly controller = new AbortController();
  timedOut: ProviderError | null = null;
  private timer: NodeJS.Timeout | undefined;
  private armed = '';
  private readonly onAbort = () => this.controller.abort(this.signal.reason);

  constructor(readonly signal: AbortSignal) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Fails the call unless something comes within `ms`. The same watch again (every chunk): the timer starts over without a new one. */
  arm(ms: number, what: string): void {
    if (this.timer && this.armed === what) {
      this.timer.refresh();
      return;
    }
    this.armed = what;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = new ProviderError(`the model sent ${what} for ${ms / 1000} s`);
      this.controller.abort(this.timedOut);
    }, ms);
  }

  close(): void {
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this.onAbort);
  }
}

/** The SDK makes the call (retries, time-outs, errors by status) and decodes its event stream. */
async function openStream(
  client: OpenAI,
  watch: StreamWatch,
  request: { model: string; messages: OpenAI.ChatCompletionMessageParam[]; maxTokens: number },
): Promise<AsyncIterable<ChatChunk>> {
  let answer: { data: unknown; response: Response };
  try {
    answer = await client.chat.completions
      .create(
        { model: request.model, messages: request.messages, stream: true, max_tokens: request.maxTokens, temperature: 0.9 },
        { signal: watch.controller.signal },
      )
      .withResponse();
  } catch (error) {
    if (watch.signal.aborted) throw error;
    const status = (error as { status?: number }).status;
    throw new ProviderError(
      `model request failed: ${(error as Error).message}`,
      status === undefined || status === 408 || status === 409 || status === 429 || status >= 500,
    );
  }
  // An error page or a plain JSON answer where the event stream should be (a proxy in the way, a server that
  // ignores stream: true) is a failed try; other content types are read as the stream they claim to be.
  const type = answer.response.headers.get('content-type') ?? '';
  if (/text\/html|application\/json/i.test(type)) {
    watch.controller.abort();
    throw new ProviderError(`the model answered ${type} instead of an event stream`);
  }
  return answer.data as AsyncIterable<ChatChunk>;
}

/** The text of an answer's chunks, each within `idleMs` of the one before; never half of a surrogate pair. */
async function* readChunks(stream: AsyncIterable<ChatChunk>, watch: StreamWatch, idleMs: number): AsyncGenerator<string> {
  let pendingHigh = '';
  try {
    for await (const chunk of stream) {
      watch.arm(idleMs, 'nothing more');
      let text = pendingHigh + chunkText(chunk);
      pendingHigh = '';
      // Never hand on half of a surrogate pair: keep a trailing high surrogate for the next chunk.
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        pendingHigh = text.slice(-1);
        text = text.slice(0, -1);
      }
      if (text) yield text;
    }
  } catch (error) {
    if (watch.timedOut) throw watch.timedOut;
    // Stopped: the story ends quietly with what came.
    if (watch.signal.aborted && !(error instanceof ProviderError)) return;
    if (error instanceof ProviderError) throw error;
    // A connection closed mid-stream, an event that is not JSON, an error event: worth another try.
    throw new ProviderError(`the model stream broke off: ${(error as Error).message}`);
  }
  if (watch.timedOut) throw watch.timedOut;
  if (pendingHigh) yield pendingHigh;
}

/** One chunk's text ('' for none); a chunk that is not a chat-completion chunk, or an error, fails the try. */
function chunkText(chunk: ChatChunk): string {
  if (chunk?.error) throw new ProviderError(`the model sent an error: ${errorText(chunk)}`);
  if (!chunk || typeof chunk !== 'object' || !Array.isArray(chunk.choices))
    throw new ProviderError('the model sent an event that is not a chat-completion chunk');
  const content: unknown = chunk.choices[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}
