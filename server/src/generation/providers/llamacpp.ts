import fs from 'node:fs';
import type { LlmProvider } from '../types';
import { ProviderError } from '../types';

/**
 * A local GGUF model through node-llama-cpp, loaded once at start-up with a
 * prebuilt binary (never a download or a compile): the CPU one unless LLM_GPU
 * names a GPU build the operator installed (docs/decisions/0009-lean-install.md).
 * Each chapter gets its own context, disposed afterwards.
 */
export async function llamacppProvider(options: {
  modelPath: string;
  contextSize?: number;
  gpu?: false | 'auto' | 'cuda' | 'vulkan';
}): Promise<LlmProvider> {
  if (!fs.existsSync(options.modelPath)) throw new Error(`LLM_MODEL_PATH: no model file at ${options.modelPath}`);
  const stat = fs.statSync(options.modelPath);
  if (!stat.isFile()) throw new Error(`LLM_MODEL_PATH: ${options.modelPath} is not a file`);
  const { getLlama, LlamaChatSession, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: options.gpu ?? false, build: 'never', skipDownload: true, progressLogs: false, logLevel: LlamaLogLevel.error });
  let model;
  try {
    model = await llama.loadModel({ modelPath: options.modelPath });
  } catch (error) {
    await llama.dispose().catch(() => undefined);
    throw new Error(`LLM_MODEL_PATH: ${options.modelPath} is not a loadable GGUF model (${(error as Error).message})`);
  }
  const loaded = model;
  return {
    name: 'llamacpp',
    async *stream({ messages, maxTokens, signal }) {
      const system = messages.find((m) => m.role === 'system')?.content ?? '';
      const rest = messages.filter((m) => m.role !== 'system');
      const prompt = rest.map((m) => (m.role === 'assistant' ? `(Already written:)\n${m.content}` : m.content)).join('\n\n');
      const context = await loaded.createContext({ contextSize: options.contextSize ?? 4096 });
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      let finished = false;
      let failure: unknown = null;
      const session = new LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: system });
      const done = session
        .prompt(prompt, {
          maxTokens,
          signal,
          stopOnAbortSignal: true,
          onTextChunk: (text) => {
            queue.push(text);
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
        session.dispose();
        await context.dispose();
      }
    },
    async close() {
      await loaded.dispose();
      await llama.dispose();
    },
  };
}
