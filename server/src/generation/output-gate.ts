import { ModerationUnavailableError, type RefusalReason, type Verdict } from '../safety';
import { estimateTokens } from './prompts/tokens';
import { ProviderError } from './types';

/** The output check refused what the model wrote: a minor in an adult story, sexual content in a general one. */
export class SafetyError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`the output check refused the text (${reason})`);
  }
}

/** The judge refused a window of the model's output: the try ends, and the chapter may be written again once, more strictly. */
export class WindowRefusedError extends SafetyError {}

/**
 * Tokens (estimated) of locally checked output a window holds before it goes to the judge (more gather
 * while the judge reads one): about 400 characters of English, 60-75 of Chinese, Japanese or Korean, a
 * few seconds of a served model's writing. The first window is smaller, so the first words wait less.
 */
export const WINDOW_TOKENS = 100;
export const FIRST_WINDOW_TOKENS = 40;
/** Characters of the text before a window the judge reads with it. */
const WINDOW_CONTEXT_CHARS = 600;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** A judge that could not answer on an adult story ends it unseen, refunded, not tried again (it fails closed). */
function judgeFailure(error: unknown): Error {
  if (error instanceof ModerationUnavailableError)
    return new ProviderError('the moderation judge did not answer (an adult story fails closed)', false);
  return asError(error);
}

/**
 * What stands between the model's checked output and its readers (issue 46; docs/decisions/0031).
 *
 * - The judge's verdict on the input (the whole prompt the model is sent): until it has answered,
 *   nothing is shown; a refusal or no answer on an adult story ends the attempt unseen.
 * - In adult stories with an LLM judge, the output in windows: text the local check passed gathers
 *   until WINDOW_TOKENS (FIRST_WINDOW_TOKENS for the first), then goes to the judge (with the text before it as context) while the model
 *   writes on; only judged text is shown, in order. One window at a time: while the judge reads, the
 *   next window grows, so a slow judge gets fewer, larger windows. A refused window ends the try
 *   (WindowRefusedError); a judge that does not answer fails the attempt closed.
 *
 * Nothing held here is in `attempt.text`, so no save, no late reader's "text so far" and no chapter
 * row ever holds it.
 */
export class OutputGate {
  /** The input's verdict once known (an Error: refused, or the judge could not answer). */
  private input: Verdict | Error | null = null;
  private readonly inputPending: boolean;
  /** Judged (or needing no judge) but waiting for the input's verdict. */
  private approved = '';
  /** The window the judge is reading now. */
  private reading = '';
  private judging: Promise<void> | null = null;
  /** Checked locally, not yet sent to the judge, and its estimated tokens. */
  private queue = '';
  private queueTokens = 0;
  /** Bumped by each new try: a late answer about a discarded window changes nothing. */
  private generation = 0;
  failure: Error | null = null;
  private onFailure: () => void;

  constructor(
    private readonly options: {
      /** The judge's verdict on the input, or null (no judge beside stories). */
      input: Promise<Verdict> | null;
      /** The judge's verdict on a window of output, or null when output is not judged (no LLM judge, a general story). */
      judgeWindow: ((text: string) => Promise<Verdict> | null) | null;
      /** Shows text to the readers (it becomes the attempt's text). */
      publish: (text: string) => void;
      /** What readers have seen so far (context for a window). */
      shown: () => string;
      /** Stops the model's request of the current try (a refusal or a failure). */
      onFailure: () => void;
    },
  ) {
    this.onFailure = options.onFailure;
    this.inputPending = options.input !== null;
    options.input?.then(
      (verdict) => {
        this.input = verdict.allowed ? verdict : new SafetyError(verdict.reason);
        this.flush();
      },
      (error: unknown) => {
        this.input = judgeFailure(error);
        this.flush();
      },
    );
  }

  /** Text not shown yet, oldest first: what the local output check reads as context before a new piece. */
  get held(): string {
    return this.approved + this.reading + this.queue;
  }

  /** The text a new try continues from: what was shown and what the judge already passed. */
  get judged(): string {
    return this.options.shown() + this.approved;
  }

  /** Locally checked text from the model. */
  add(text: string): void {
    if (this.failure || !text) return;
    if (!this.options.judgeWindow) {
      this.approved += text;
      this.flush();
      return;
    }
    this.queue += text;
    this.queueTokens += estimateTokens(text);
    this.pump(false);
  }

  /** The model finished: judge what is left, wait for every verdict, show the rest. Throws what ended it. */
  async finish(): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      this.pump(true);
      if (this.judging) await this.judging;
      else break;
    }
    if (this.failure) throw this.failure;
    if (this.inputPending && this.input === null) {
      await this.options.input!.catch(() => undefined);
      // The handlers above ran first (they were attached first).
    }
    this.flush();
    if (this.failure) throw this.failure;
  }

  /** Another try after a refused window: what was not judged is dropped, `stop` ends the new try's request. */
  retry(stop: () => void): void {
    this.generation++;
    this.queue = '';
    this.queueTokens = 0;
    this.reading = '';
    this.judging = null;
    this.failure = null;
    this.onFailure = stop;
    // A refusal of the input itself is never retried (the caller checks), so its verdict stands for the new try too.
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure();
  }

  private pump(final: boolean): void {
    if (this.judging || this.failure || !this.queue) return;
    const first = !this.options.shown() && !this.approved;
    if (!final && this.queueTokens < (first ? FIRST_WINDOW_TOKENS : WINDOW_TOKENS)) return;
    const window = this.queue;
    this.queue = '';
    this.queueTokens = 0;
    const context = this.judged.slice(-WINDOW_CONTEXT_CHARS);
    const verdict = this.options.judgeWindow?.(context + window);
    if (!verdict) {
      this.approved += window;
      this.flush();
      return;
    }
    const generation = this.generation;
    this.reading = window;
    this.judging = verdict.then(
      (answer) => {
        if (generation !== this.generation) return;
        this.reading = '';
        this.judging = null;
        if (!answer.allowed) return this.fail(new WindowRefusedError(answer.reason));
        this.approved += window;
        this.flush();
        this.pump(false);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.reading = '';
        this.judging = null;
        this.fail(judgeFailure(error));
      },
    );
  }

  /** Shows what the judge passed, once the input's verdict allows it. */
  private flush(): void {
    if (this.failure) return;
    if (this.inputPending) {
      if (this.input === null) return;
      if (this.input instanceof Error) return this.fail(this.input);
    }
    if (!this.approved) return;
    const text = this.approved;
    this.approved = '';
    this.options.publish(text);
  }
}
