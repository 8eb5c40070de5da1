import { wordCount } from '@butterfic/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Grouped } from '../lib/grouped';
import type { RefusalReason, Safety } from '../safety';
import type { Attempt, Outcome } from './attempt';
import type { StreamHub } from './hub';
import type { CompleteVerdict, Completion, Job, JobStore, SaveVerdict } from './job-store';
import type { MemoryKeeper } from './memory';

export const MAX_ATTEMPTS = 3;

/** What settling an attempt needs of its runner. */
export type SettleTools = {
  workerId: string;
  leaseSeconds: number;
  store: JobStore;
  hub: StreamHub;
  log: FastifyBaseLogger;
  safety: Safety;
  memory: MemoryKeeper;
  completions: Grouped<Completion, CompleteVerdict>;
  save(attempt: Attempt): Promise<SaveVerdict>;
  retryDelay(attempts: number): number;
  /** Looks for claimable jobs (a requeued job's retry time came). */
  wake(): void;
};

/**
 * How each outcome of an attempt (attempt.ts) ends, in one place: what the job store writes (and refunds)
 * and what the attempt's readers are told.
 */
export class AttemptSettler {
  constructor(private readonly t: SettleTools) {}

  async settle(attempt: Attempt, outcome: Outcome): Promise<void> {
    switch (outcome.kind) {
      case 'lost':
        return; // run() drops our stream entry without telling readers
      case 'stopped':
        return this.settleStopped(attempt);
      case 'shutdown':
        return this.settleShutdown(attempt);
      case 'unsafe':
        return this.stopUnsafe(attempt, outcome.reason, attempt.text);
      case 'failed':
        return this.settleFailed(attempt, outcome);
      case 'written':
        return this.settleWritten(attempt);
    }
  }

  /** Stopped by its author; the stop call settled the money. Our text stays unless the charge was refunded. */
  private async settleStopped(attempt: Attempt): Promise<void> {
    await this.t.store.keepStoppedText({
      job: attempt.job,
      workerId: this.t.workerId,
      text: attempt.text,
      earlierWords: attempt.earlierWords,
    });
    await this.finishFromDatabase(attempt);
  }

  /** Shutting down: save, hand the job back without using up a try. */
  private async settleShutdown(attempt: Attempt): Promise<void> {
    const verdict = await this.t.save(attempt).catch(() => null);
    if (verdict === 'stopped') return this.settleStopped(attempt);
    await this.t.store.release({ job: attempt.job, workerId: this.t.workerId });
  }

  /** A failed attempt: saved, then tried again after a backoff, or failed for good (refunded) after the last try. */
  private async settleFailed(attempt: Attempt, outcome: Extract<Outcome, { kind: 'failed' }>): Promise<void> {
    const { job } = attempt;
    this.t.log.warn({ job: job.uid, attempt: job.attempts, err: outcome.error }, `generation attempt failed: ${outcome.message}`);
    const verdict = await this.t.save(attempt).catch(() => null);
    if (verdict === 'stopped') return this.settleStopped(attempt);
    if (verdict === 'lost') return;
    if (!outcome.retryable) return this.failForGood(job, 'model', outcome.message, attempt.token);
    if (job.attempts >= MAX_ATTEMPTS) return this.failForGood(job, 'tries', outcome.message, attempt.token);
    const delayMs = this.t.retryDelay(job.attempts);
    await this.t.store.requeue({ job, workerId: this.t.workerId, message: outcome.message, delayMs });
    this.t.hub.release(job.novelUid, attempt.token);
    setTimeout(() => this.t.wake(), delayMs + 10).unref();
  }

  /** The model finished: the moderation endpoint's second opinion (when configured), then the chapter is complete. */
  private async settleWritten(attempt: Attempt): Promise<void> {
    const { job, story, text } = attempt;
    const rating = story.spicy ? 'adult' : 'general';
    // An adult story's output was judged window by window before it was shown (OutputGate): nothing is left to ask.
    const verdict = this.t.safety.judgesOutput(rating)
      ? ({ allowed: true } as const)
      : await this.t.safety
          .review(text, { language: story.language, rating, account: attempt.author }, AbortSignal.timeout(this.t.leaseSeconds * 500))
          .catch((error: unknown) => {
            this.t.log.error({ err: error, job: job.uid }, 'the moderation check of a finished chapter failed; the chapter was kept');
            return { allowed: true } as const;
          });
    if (!verdict.allowed) return this.stopUnsafe(attempt, verdict.reason, '');
    const words = attempt.earlierWords + wordCount(text);
    const completion = { job, workerId: this.t.workerId, text, words };
    // A group that failed (a deadlock with a stop, say) is tried again for this chapter alone.
    const completed = await this.t.completions
      .add(completion)
      .catch(() => this.t.store.complete([completion]).then((verdicts) => verdicts[0]!));
    if (completed === 'done') {
      this.t.hub.finish(job.novelUid, { type: 'done', novel: job.novelUid, status: 'done', wordCount: words }, attempt.token);
      this.t.memory.schedule(job.chapterId);
      return;
    }
    // Another worker took the job over (our lease ran out): it writes the chapter and tells the readers.
    if (completed === 'lost') {
      this.t.log.warn({ job: job.uid }, 'a finished chapter was not saved: another worker holds its job');
      return;
    }
    // Stopped while the last words arrived: the charge stayed, so the whole text does too.
    await this.settleStopped(attempt);
  }

  /** Settles a job the output check stopped (refunded for what was not shown: the job store) and tells the readers why. */
  private async stopUnsafe(attempt: Attempt, reason: RefusalReason, kept: string): Promise<void> {
    const { job } = attempt;
    this.t.log.warn({ job: job.uid, reason }, 'the output check stopped a story');
    const settled = await this.t.store.settleUnsafe({
      job,
      workerId: this.t.workerId,
      reason,
      kept,
      shownChars: Array.from(attempt.text).length,
      targetChars: attempt.story.targetChars,
    });
    if (settled)
      this.t.hub.finish(
        job.novelUid,
        { type: 'error', novel: job.novelUid, status: settled.status, message: settled.failure },
        attempt.token,
      );
  }

  /** Tells readers the outcome the database holds (after a stop). */
  private async finishFromDatabase(attempt: Attempt): Promise<void> {
    const { job } = attempt;
    const after = await this.t.store.novelOutcome(job.novelUid);
    this.t.hub.finish(
      job.novelUid,
      { type: 'done', novel: job.novelUid, status: after?.status ?? 'done', wordCount: after?.words ?? 0 },
      attempt.token,
    );
  }

  /** Fails a job for good, refunded (the job store), and tells its readers. Only the worker holding the job can. */
  async failForGood(job: Job, code: 'model' | 'tries', message: string, token: number): Promise<void> {
    const status = await this.t.store.failForGood({ job, workerId: this.t.workerId, code, message });
    if (status) this.t.hub.finish(job.novelUid, { type: 'error', novel: job.novelUid, status, message: code }, token);
  }
}
