import type { generationJobs } from '../db/schema';
import type { Language, StoryParams } from '@butterfic/contract';

/** Everything a writer needs for one chapter. */
export type StoryRequest = {
  params: StoryParams;
  /** 0 third person, 1 first person (character B is "me"), 2 second person (character B is "you"). */
  perspective: 0 | 1 | 2;
  dialogueHeavy: boolean;
  spicy: boolean;
  language: Language;
  /** 0 for the first generation; n for the n-th continuation. */
  chapterIndex: number;
  /** Earlier chapters (for a continuation), already trimmed to the context budget. */
  storySoFar: string;
  /** Text of this chapter written before a crash; the writer carries on after it. */
  resumeFrom: string;
  /** Which version of the chapter this is (2, 3 … for a rewrite); a writer gives each a different take. */
  version?: number;
  /** Rough chapter length in characters. */
  targetChars: number;
  /** Story memory of the chapters before (docs/decisions/0033-story-memory.md); '' for none. */
  memory?: string;
  /** Facts the author pinned; always in the prompt. */
  pinnedFacts?: string[];
  /** The author's note for the next chapter. */
  authorNote?: string;
  /** Beats the chapter must cover, in order, and where it should go (issue 50); none by default. */
  beats?: string[];
  direction?: string | null;
  /** The judge refused a draft of this chapter: it is written again with a stricter instruction (issue 46). */
  strict?: boolean;
};

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type WriterName = 'offline' | 'openai' | 'llamacpp';

/** One interface for every model: stream text for a prompt, abortable. */
export interface LlmProvider {
  readonly name: WriterName;
  /** Tokens of context the model takes (prompt plus answer); unset: no limit known (the offline writer). */
  readonly contextTokens?: number;
  /** The model's own token count of a text, when the provider has its tokenizer (else an estimate is used). */
  countTokens?(text: string): number;
  stream(input: { story: StoryRequest; messages: ChatMessage[]; maxTokens: number; signal: AbortSignal }): AsyncIterable<string>;
  close?(): Promise<void>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** false: retrying will not help (bad request, missing model). */
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * A new story asked of the model before its charge and job are committed (JobRunner.prestart,
 * docs/decisions/0039): the job is inserted already claimed by `workerId`, then adopted; a refused
 * charge cancels the model's request. The answer is shown to no one before `adopt`.
 */
export type Prestart = {
  workerId: string;
  leaseSeconds: number;
  adopt(job: typeof generationJobs.$inferSelect): void;
  cancel(): void;
};
