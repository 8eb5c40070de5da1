import fs from 'node:fs';
import type { ChatHistoryItem, LlamaChat, LlamaModel } from 'node-llama-cpp';
import type { ChatMessage, LlmProvider } from '../types';
import { ProviderError } from '../types';

export type LlamacppOptions = {
  modelPath: string;
  /** Tokens of context per chapter; capped at what the model was trained for. */
  contextSize?: number;
  /** CPU threads per chapter; the caller divides the machine's cores between its workers. */
  threads?: number;
  gpu?: false | 'auto' | 'cuda' | 'vulkan';
};

export type LlamacppProvider = LlmProvider & {
  /** What the process holds right now (tests check that stops and close free it). */
  state(): { openContexts: number; modelDisposed: boolean };
};

/** Sampling for fiction: greedy decoding loops on small models. */
const SAMPLING = { temperature: 0.8, topP: 0.95 } as const;

/**
 * The engine's messages as node-llama-cpp chat history, so the model's own
 * chat template frames them. A resumed job's text is the model's turn, which
 * generation then continues (the engine's closing "continue" request is only
 * for chat APIs that cannot continue a turn).
 */
export function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  const items = [...messages];
  const last = items.at(-1);
  if (last?.role === 'user' && items.at(-2)?.role === 'assistant') items.pop();
  const history: ChatHistoryItem[] = items.map((m) =>
    m.role === 'system'
      ? { type: 'system', text: m.content }
      : m.role === 'user'
        ? { type: 'user', text: m.content }
        : { type: 'model', response: [m.content] },
  );
  if (history.at(-1)?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

/**
 * Text as a reader may see it. node-llama-cpp already joins a character's
 * bytes across tokens; what still arrives as U+FFFD is bytes that are not
 * UTF-8 at all, and control characters are never story text (PostgreSQL
 * refuses NUL outright). Newlines and tabs stay.
 */
/* eslint-disable no-control-regex -- control characters are exactly what this removes */
const UNREADABLE =
  /[\uFFFD\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

export function readableText(text: string): string {
  return text.replace(UNREADABLE, '');
}

/**
 * A local GGUF model through node-llama-cpp, loaded once at start-up with a
 * prebuilt binary (never a download or a compile): the CPU one unless LLM_GPU
 * names a GPU build the operator installed (docs/decisions/0009-lean-install.md).
 * Each chapter gets its own context (so workers run side by side), disposed
 * when the chapter ends, fails or is stopped.
 */
export async function llamacppProvider(options: LlamacppOptions): Promise<LlamacppProvider> {
  const { llama, model, LlamaChat } = await loadModel(options);
  const contextSize = Math.min(options.contextSize ?? 4096, model.trainContextSize);
  let openContexts = 0;
  return {
    name: 'llamacpp',
    contextTokens: contextSize,
    countTokens: (text) => model.tokenize(text).length,
    state: () => ({ openContexts, modelDisposed: model.disposed }),
    async *stream({ messages, maxTokens, signal }) {
      const context = await model.createContext({ contextSize, ...(options.threads && { threads: options.threads }) });
      openContexts++;
      const chat = new LlamaChat({ contextSequence: context.getSequence() });
      try {
        yield* generate(chat, { messages, maxTokens, signal });
      } finally {
        chat.dispose();
        await context.dispose();
        openContexts--;
      }
    },
    async close() {
      await model.dispose();
      await llama.dispose();
    },
  };
}

/** The engine and the model file, loaded once: a missing or unloadable file stops the start with one line. */
async function loadModel(options: LlamacppOptions) {
  if (!fs.existsSync(options.modelPath)) throw new Error(`LLM_MODEL_PATH: no model file at ${options.modelPath}`);
  const stat = fs.statSync(options.modelPath);
  if (!stat.isFile()) throw new Error(`LLM_MODEL_PATH: ${options.modelPath} is not a file`);
  const { getLlama, LlamaChat, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({
    gpu: options.gpu ?? false,
    build: 'never',
    skipDownload: true,
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
  });
  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath: options.modelPath });
  } catch (error) {
    await llama.dispose().catch(() => undefined);
    throw new Error(`LLM_MODEL_PATH: ${options.modelPath} is not a loadable GGUF model (${(error as Error).message})`);
  }
  return { llama, model, LlamaChat };
}

/**
 * One chapter's text from a chat on its own context, as the engine's chunks arrive (readable text only).
 * Ends the generation when the engine aborts, and when the engine stops reading early.
 */
async function* generate(
  chat: LlamaChat,
  { messages, maxTokens, signal }: { messages: ChatMessage[]; maxTokens: number; signal: AbortSignal },
): AsyncGenerator<string> {
  const halt = new AbortController();
  const onAbort = () => halt.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: unknown = null;
  const done = chat
    .generateResponse(toChatHistory(messages), {
      ...SAMPLING,
      maxTokens,
      signal: halt.signal,
      stopOnAbortSignal: true,
      onTextChunk: (text) => {
        const clean = readableText(text);
        if (!clean) return;
        queue.push(clean);
        wake?.();
      },
    })
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      finished = true;
      wake?.();
    });
  try {
    for (;;) {
      if (queue.length) {
        yield queue.splice(0).join('');
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    await done;
    if (failure && !signal.aborted) throw new ProviderError(`local model failed: ${(failure as Error).message}`);
  } finally {
    halt.abort();
    await done;
    signal.removeEventListener('abort', onAbort);
  }
}
