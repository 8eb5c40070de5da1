import type { FastifyBaseLogger } from 'fastify';
import type { Safety } from '../safety';
import { PARTIAL_HOLD } from '../safety/detect';
import type { Asked, Attempt } from './attempt';
import type { StreamHub } from './hub';
import type { SaveVerdict } from './job-store';
import { OutputGate, SafetyError, WindowRefusedError } from './output-gate';
import { promptText } from './story';
import { ProviderError, type StoryRequest } from './types';

/** How much of the text already shown the output check reads as context before a new piece. */
const OUTPUT_CONTEXT_CHARS = 400;

/** What one attempt's stream needs of its runner. */
export type StreamTools = {
  hub: StreamHub;
  safety: Safety;
  log: FastifyBaseLogger;
  flushMs: number;
  idleMs: number;
  /** Saves the attempt's text and renews its lease (a job no longer ours aborts the attempt). */
  save(attempt: Attempt): Promise<SaveVerdict>;
  /** Asks the model for `story` (a first try, or the stricter second one). */
  ask(story: StoryRequest, attempt: Attempt): Asked;
};

/**
 * One attempt's stream loop, its state in one place: the model's answer being read (`current`), the text
 * it sent that the output check has not decided yet (`unchecked`), the OutputGate, the heartbeat that
 * saves and the idle watch. `run()` answers what went wrong, if anything; the runner settles it.
 */
export class AttemptStream {
  /** Text the model sent whose end the output check has not decided yet (shown to no one). */
  private unchecked = '';
  private current!: Asked;
  private gate!: OutputGate;
  private readonly heartbeat: Heartbeat;
  private readonly idle: IdleWatch;
  private readonly rating: 'adult' | 'general';

  constructor(
    private readonly attempt: Attempt,
    private readonly tools: StreamTools,
  ) {
    this.rating = attempt.story.spicy ? 'adult' : 'general';
    this.heartbeat = new Heartbeat(
      () => tools.save(attempt),
      tools.flushMs,
      (error) => tools.log.warn({ err: error, job: attempt.job.uid }, 'could not save streamed text'),
    );
    this.idle = new IdleWatch(attempt.controller, tools.idleMs);
  }

  /**
   * Streams the model's text to readers, saving on a heartbeat. Answers what went wrong, if anything.
   *
   * Every piece passes the local output check as it arrives, then the OutputGate (output-gate.ts): with
   * an LLM judge nothing is shown before the judge has passed the prompt the model was sent, and in an
   * adult story each window of output before readers see it. A window the judge refuses ends the try:
   * the chapter goes on once more from what was shown, with a stricter instruction (STRICT_RULE); a
   * second refusal ends the attempt (settled as unsafe: refunded for what was not shown).
   */
  async run(): Promise<unknown> {
    try {
      // A story asked before its commit (prestart) reads the answer already under way.
      this.current = this.attempt.source ?? this.tools.ask(this.attempt.story, this.attempt);
      this.gate = this.openGate();
      for (let tryNumber = 1; ; tryNumber++) {
        try {
          await this.readAll();
          return null;
        } catch (error) {
          this.retryStrictly(error, tryNumber);
        }
      }
    } catch (error) {
      return error;
    } finally {
      this.idle.stop();
      await this.heartbeat.stop();
    }
  }

  /** The judge reads the prompt while the model starts writing; the first words wait for its answer (no wait when the model is the slower). */
  private openGate(): OutputGate {
    const { safety } = this.tools;
    const signal = this.attempt.controller.signal;
    const judgeOptions = this.judgeOptions();
    return new OutputGate({
      input: safety.judgeBeside(promptText(this.current.messages), judgeOptions, signal),
      judgeWindow: safety.judgesOutput(this.rating) ? (text) => safety.judgeOutput(text, judgeOptions, signal) : null,
      publish: (text) => this.publish(text),
      shown: () => this.attempt.text,
      onFailure: () => this.current.stop.abort(),
    });
  }

  private judgeOptions() {
    return { language: this.attempt.story.language, rating: this.rating, account: this.attempt.author } as const;
  }

  /** Shows judged text to readers. The first text is saved at once rather than on the job's phase (a stop refunds and discards only when nothing was saved), without holding up the reader. */
  private publish(text: string): void {
    const { attempt } = this;
    const first = !attempt.text && text;
    attempt.text += text;
    this.tools.hub.publish(attempt.job.novelUid, text, attempt.token);
    if (first) this.heartbeat.now();
  }

  /** Reads the current try to its end: every piece checked, the rest judged, all shown. Throws what ended it. */
  private async readAll(): Promise<void> {
    const { signal } = this.attempt.controller;
    for await (const raw of this.current.text) {
      if (signal.aborted || this.gate.failure) break;
      this.idle.reset();
      this.take(raw);
    }
    if (this.unchecked && !signal.aborted && !this.gate.failure) {
      const verdict = this.checkOutput(this.unchecked, false);
      if (!verdict.allowed) throw new SafetyError(verdict.reason);
      this.gate.add(this.unchecked);
      this.unchecked = '';
    }
    if (signal.aborted) return;
    await this.gate.finish();
  }

  /**
   * One piece from the model, checked before anyone sees it: a spicy story that starts describing a minor,
   * or a general one that turns sexual, is cut off here; the reader keeps (and pays for) only what was shown.
   * Only the new text is judged (the text before it is context). A possible match touching its end ("a
   * minor", which " detail" may clear) keeps the new text unseen until the next piece decides it.
   */
  private take(raw: string): void {
    // PostgreSQL text cannot hold NUL; a model that sends one must not make every save fail.
    const fresh = this.unchecked + raw.replaceAll('\u0000', '');
    const verdict = this.checkOutput(fresh, true);
    if (!verdict.allowed) throw new SafetyError(verdict.reason);
    this.unchecked = verdict.pending ? fresh : '';
    if (!verdict.pending) this.gate.add(fresh);
  }

  private checkOutput(fresh: string, partial: boolean) {
    const context = (this.attempt.text + this.gate.held).slice(-OUTPUT_CONTEXT_CHARS);
    return this.tools.safety.check(context + fresh, {
      language: this.attempt.story.language,
      rating: this.rating,
      newFrom: Math.max(0, context.length - PARTIAL_HOLD),
      partial,
    });
  }

  /** A window the judge refused on the first try: the chapter goes on from what was judged, more strictly. Anything else is thrown. */
  private retryStrictly(error: unknown, tryNumber: number): void {
    // The request stopped by a refusal ends with an abort error of its own: the refusal is what happened.
    const failure = this.gate.failure ?? error;
    if (!(failure instanceof WindowRefusedError) || tryNumber >= 2 || this.attempt.controller.signal.aborted) throw failure;
    this.tools.log.warn(
      { job: this.attempt.job.uid, reason: failure.reason },
      'the judge refused a window of the output: writing the chapter again, more strictly',
    );
    this.unchecked = '';
    this.current = this.tools.ask({ ...this.attempt.story, strict: true, resumeFrom: this.gate.judged }, this.attempt);
    const stop = this.current.stop;
    this.gate.retry(() => stop.abort());
  }
}

/**
 * Saves every `flushMs`, each job on its own phase of the interval (many jobs started together do not
 * all hit the database at once); `now()` saves at once. One save at a time.
 */
class Heartbeat {
  private saving: Promise<unknown> | null = null;
  private interval: NodeJS.Timeout | undefined;
  private readonly phase: NodeJS.Timeout;

  constructor(
    private readonly save: () => Promise<unknown>,
    flushMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.phase = setTimeout(
      () => {
        this.now();
        this.interval = setInterval(() => this.now(), flushMs);
      },
      Math.floor(Math.random() * flushMs),
    );
  }

  now(): void {
    this.saving ??= this.save()
      .catch(this.onError)
      .finally(() => (this.saving = null));
  }

  async stop(): Promise<void> {
    clearTimeout(this.phase);
    clearInterval(this.interval);
    await this.saving;
  }
}

/** A model that stops sending without closing the stream must not hold the job for ever. */
class IdleWatch {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly controller: AbortController,
    private readonly idleMs: number,
  ) {
    this.reset();
  }

  reset(): void {
    if (this.timer) this.timer.refresh();
    else
      this.timer = setTimeout(
        () => this.controller.abort(new ProviderError(`no text from the model for ${this.idleMs / 1000} s`)),
        this.idleMs,
      );
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
