import OpenAI from 'openai';
import type { LlmProvider } from '../types';
import { ProviderError } from '../types';

/**
 * Any OpenAI-compatible chat-completions server through the official SDK:
 * OpenAI, Ollama, vLLM, llama.cpp server, LM Studio, OpenRouter, DeepSeek.
 * The SDK retries 429 and 5xx answers with backoff before the stream starts;
 * aborting the signal cancels the HTTP request.
 */
export function openaiProvider(options: {
  baseURL?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
}): LlmProvider {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 3,
  });
  return {
    name: 'openai',
    async *stream({ messages, maxTokens, signal }) {
      let stream;
      try {
        stream = await client.chat.completions.create(
          { model: options.model, messages, stream: true, max_tokens: maxTokens, temperature: 0.9 },
          { signal },
        );
      } catch (error) {
        if (signal.aborted) throw error;
        const status = (error as { status?: number }).status;
        throw new ProviderError(
          `model request failed: ${(error as Error).message}`,
          status === undefined || status === 429 || status >= 500,
        );
      }
      let pendingHigh = '';
      for await (const chunk of stream) {
        let text = chunk.choices[0]?.delta?.content ?? '';
        if (!text) continue;
        text = pendingHigh + text;
        pendingHigh = '';
        // Never hand on half of a surrogate pair: keep a trailing high surrogate for the next chunk.
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          pendingHigh = text.slice(-1);
          text = text.slice(0, -1);
        }
        if (text) yield text;
      }
      if (pendingHigh) yield pendingHigh;
    },
  };
}
