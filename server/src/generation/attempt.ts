import type { RefusalReason } from '../safety';
import type { Job, SaveVerdict } from './job-store';
import { SafetyError } from './output-gate';
import { ProviderError, type ChatMessage, type StoryRequest } from './types';

/** Abort reasons: each names one way an attempt can end early. */
export class StoppedError extends Error {}
export class LostError extends Error {}
export class ShutdownError extends Error {}

/** A model's answer being read: its text (read ahead), the messages it was sent, and what stops that request alone. */
export type Asked = { text: AsyncIterable<string>; messages: ChatMessage[]; stop: AbortController };

/** Everything one attempt at a job knows: what it asks the model, what readers saw, what is saved. */
export type Attempt = {
  job: Job;
  story: StoryRequest;
  /** Words of the chapters before this one (the novel's word count is theirs plus this chapter's). */
  earlierWords: number;
  /** The hub token of this attempt's stream. */
  token: number;
  controller: AbortController;
  /** What readers have seen of the chapter (the saved start of a resumed attempt included). */
  text: string;
  /** What the chapter row holds. */
  saved: string;
  /** What a save learned when the job was no longer ours to save. */
  ended: Exclude<SaveVerdict, 'saved'> | null;
  /** The model's answer when it was asked before the job was committed (prestart). */
  source: Asked | null;
  /** The novel's author (the stream call lets them in without reading the novel). */
  author: string;
};

/** What an attempt starts from, before it has a stream (the runner's loadStories, or a prestart). */
export type Loaded = Omit<Attempt, 'token' | 'controller' | 'ended' | 'source'>;

/** A model request started before its job existed: its abort controller and its answer. */
export type Early = { controller: AbortController; asked: Asked };

/** How an attempt ended. JobRunner.settle handles each, in one place. */
export type Outcome =
  /** The model finished: reviewed, then the chapter is complete. */
  | { kind: 'written' }
  /** Its author stopped it (a control message, or a save found it stopped): our text stays unless refunded. */
  | { kind: 'stopped' }
  /** Our lease ran out and another worker holds the job: it owns the text and the stream now. */
  | { kind: 'lost' }
  /** This process is stopping: the text is saved and the job handed back without using up a try. */
  | { kind: 'shutdown' }
  /** The output check refused the text. */
  | { kind: 'unsafe'; reason: RefusalReason }
  /** The model failed or wrote nothing: tried again later, or failed for good and refunded. */
  | { kind: 'failed'; message: string; retryable: boolean; error: unknown };

/** Every way an attempt can end, decided from what the database said first, then why the stream stopped. */
export function outcomeOf(attempt: Attempt, failure: unknown): Outcome {
  const signal = attempt.controller.signal;
  const reason: unknown = signal.aborted ? signal.reason : null;
  if (attempt.ended === 'stopped' || (attempt.ended === null && reason instanceof StoppedError)) return { kind: 'stopped' };
  if (attempt.ended === 'lost' || reason instanceof LostError) return { kind: 'lost' };
  if (reason instanceof ShutdownError) return { kind: 'shutdown' };
  const error = reason instanceof ProviderError ? reason : failure;
  if (error instanceof SafetyError) return { kind: 'unsafe', reason: error.reason };
  if (error)
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      retryable: !(error instanceof ProviderError && !error.retryable),
      error,
    };
  if (!attempt.text.trim()) return { kind: 'failed', message: 'the model returned no text', retryable: true, error: null };
  return { kind: 'written' };
}
