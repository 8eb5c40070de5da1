import type { Early, Loaded } from './attempt';
import { StoppedError } from './attempt';
import { EarlyStream } from './early-stream';
import type { Job, NovelSettings } from './job-store';
import { FIRST_CHAPTER, fitPrompt, storyOf } from './story';
import type { LlmProvider, Prestart } from './types';

/** What a prestart needs of its runner: a worker slot kept for it, and the slot's attempt once the job is committed. */
export type PrestartSlot = {
  workerId: string;
  leaseSeconds: number;
  targetChars: number;
  provider: LlmProvider;
  /** Keeps a worker slot; false when none is free. */
  reserve(): boolean;
  /** Gives the slot back (the charge was refused, or the job was adopted into it). */
  unreserve(cancelled: boolean): void;
  launch(job: Job, loaded: Loaded, early: Early): void;
  /** Keeps what the model is given for the chapter version (GET /novel/context/). */
  keep?(chapterId: number | null, prompt: ReturnType<typeof fitPrompt>): void;
};

/**
 * A new story asked of the model while its charge and job are still being committed (docs/decisions/0039):
 * a worker slot is kept for it and the model's answer is buffered, shown to no one. `adopt` hands the
 * committed job (inserted as running, claimed by this worker) to that slot; `cancel` (the charge was
 * refused) aborts the model's request. Null when no slot is free or the prompt does not fit (the job then
 * goes through the queue as before). The one start path (modules/novels/start.ts) asks for it.
 */
export function prestartStory(slot: PrestartSlot, novel: NovelSettings, author: string): Prestart | null {
  const story = storyOf(novel, FIRST_CHAPTER, slot.targetChars);
  let prompt: ReturnType<typeof fitPrompt>;
  try {
    prompt = fitPrompt(slot.provider, story);
  } catch {
    return null;
  }
  if (!slot.reserve()) return null;
  const controller = new AbortController();
  // Stops this request alone (the judge refused a window: the attempt goes on with a stricter try).
  const stop = new AbortController();
  // The request goes out once this turn of the event loop has taken in what else arrived with it (under a
  // burst: every story of the burst is handed to its batch first, so the commit runs in the database while
  // the model requests are made); started at once if the commit came first.
  let early: EarlyStream | null = null;
  const signal = AbortSignal.any([controller.signal, stop.signal]);
  const ask = () =>
    (early ??= new EarlyStream(slot.provider.stream({ story, messages: prompt.messages, maxTokens: prompt.maxTokens, signal })));
  setImmediate(() => {
    if (!controller.signal.aborted) ask();
  });
  let settled = false;
  const settle = (cancelled: boolean) => {
    if (settled) return false;
    settled = true;
    slot.unreserve(cancelled);
    return true;
  };
  return {
    workerId: slot.workerId,
    leaseSeconds: slot.leaseSeconds,
    adopt: (job) => {
      if (!settle(false)) return;
      slot.keep?.(job.chapterId, prompt);
      const loaded: Loaded = { job, author, story, earlierWords: 0, text: '', saved: '' };
      slot.launch(job, loaded, { controller, asked: { text: ask(), messages: prompt.messages, stop } });
    },
    cancel: () => {
      if (!settle(true)) return;
      controller.abort(new StoppedError('the charge was refused'));
    },
  };
}
