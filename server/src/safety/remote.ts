import OpenAI from 'openai';

/** The moderation endpoint's verdict on a text: does any part of it show sexual content involving minors? */
export type RemoteModerator = {
  /** `openai`: a /moderations endpoint; `llm`: a chat model asked by judge.ts. */
  name: 'openai' | 'llm';
  model: string;
  /** When it cannot answer: true refuses an adult story's text (retryably), false lets the local check stand alone. */
  failsClosed: boolean;
  /**
   * Throws when it cannot answer (error, time-out, an answer it cannot read, no turn in the judge's
   * queue). `account` is whose text it is: the LLM judge serves accounts in turn (fair-queue.ts).
   */
  flagsMinors(text: string, signal?: AbortSignal, account?: string): Promise<boolean>;
};

/** OpenAI's /moderations takes a list of inputs; long texts go as pieces of this many characters. */
const PIECE_CHARS = 8000;

function pieces(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += PIECE_CHARS) out.push(chars.slice(i, i + PIECE_CHARS).join(''));
  return out;
}

/**
 * An OpenAI-compatible moderation endpoint through the same `openai` SDK as
 * the chat provider (POST {baseURL}/moderations). Only the `sexual/minors`
 * category decides; the local check covers the rest of our policy.
 */
export function openaiModerator(options: { baseURL?: string | undefined; apiKey?: string | undefined; model: string; timeoutMs?: number }): RemoteModerator {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 15_000,
    maxRetries: 2,
  });
  return {
    name: 'openai',
    model: options.model,
    failsClosed: false,
    async flagsMinors(text, signal) {
      const input = pieces(text);
      if (input.length === 0) return false;
      const answer = await client.moderations.create({ model: options.model, input }, signal ? { signal } : {});
      return answer.results.some((result) => result.categories['sexual/minors']);
    },
  };
}
