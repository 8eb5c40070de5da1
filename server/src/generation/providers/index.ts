import os from 'node:os';
import type { Env } from '../../env';
import { offlineProvider } from '../offline/writer';
import type { LlmProvider } from '../types';
import { llamacppProvider } from './llamacpp';
import { openaiProvider } from './openai';

/** LLM_CONTEXT_TOKENS when unset: a common hosted or served context, and the local model's former fixed context. */
export const DEFAULT_CONTEXT_TOKENS = { openai: 8192, llamacpp: 4096 };

/** The provider named by LLM_PROVIDER. llamacpp loads its model here, once; a missing file stops start-up. */
export async function createProvider(env: Env): Promise<LlmProvider> {
  switch (env.LLM_PROVIDER) {
    case 'openai':
      return openaiProvider({
        baseURL: env.LLM_BASE_URL,
        apiKey: env.LLM_API_KEY,
        model: env.LLM_MODEL ?? '',
        firstByteMs: env.LLM_FIRST_BYTE_TIMEOUT * 1000,
        idleMs: env.LLM_IDLE_TIMEOUT * 1000,
        contextTokens: env.LLM_CONTEXT_TOKENS ?? DEFAULT_CONTEXT_TOKENS.openai,
      });
    case 'llamacpp':
      return llamacppProvider({
        modelPath: env.LLM_MODEL_PATH ?? '',
        contextSize: env.LLM_CONTEXT_TOKENS ?? DEFAULT_CONTEXT_TOKENS.llamacpp,
        gpu: env.LLM_GPU === 'false' ? false : env.LLM_GPU,
        // The workers share the cores: more threads than cores makes llama.cpp's threads spin against each other.
        threads: Math.max(1, Math.floor(os.availableParallelism() / Math.max(1, env.GENERATION_WORKERS))),
      });
    default:
      return offlineProvider({ charsPerSecond: env.OFFLINE_WRITER_CPS });
  }
}
