import { randomUUID } from 'node:crypto';
import { wordCount, type GenerateStatus, type StoryParams } from '@butterfic/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { chapters, generationJobs, novels } from '../db/schema';
import { discardUnwritten, storyBefore } from '../modules/novels/versions';
import { applyLedger } from '../modules/wallet/service';
import { CONTROL_CHANNEL, JOBS_CHANNEL, type StreamHub } from './hub';
import { buildMessages, maxTokensFor, trimToBudget } from './prompts/build';
import { createSafety, type RefusalReason, type Safety } from '../safety';
import { ProviderError, type LlmProvider, type StoryRequest } from './types';
import { SAFETY_FAILURE, settleUnsafeJob } from './unsafe';

type Job = typeof generationJobs.$inferSelect;

export const MAX_ATTEMPTS = 3;

export type RunnerOptions = {
  workers: number;
  /** The safety check run on the model's output (default: the local check alone). */
  safety?: Safety;
  /** How long a claimed job stays ours without a heartbeat. */
  leaseSeconds?: number;
  /** How often streamed text is saved (and the lease renewed). */
  flushMs?: number;
  /** Target chapter length in characters. */
  targetChars?: number;
  /** A stream that sends nothing for this long has failed. */
  idleMs?: number;
  /** How often an idle worker looks for abandoned jobs (plus up to as much again, at random). */
  pollMs?: number;
};

class StoppedError extends Error {}

/** The output check refused what the model wrote: a minor in an adult story, sexual content in a general one. */
class SafetyError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`the output check refused the text (${reason})`);
  }
}

/**
 * Runs generation jobs from PostgreSQL. Each worker claims the oldest queued
 * job (or one whose lease ran out: its process died) with FOR UPDATE SKIP
 * LOCKED, streams it from the provider, saves the text at least every second
 * while renewing the lease, and finishes it. A job that fails MAX_ATTEMPTS
 * times is marked failed and refunded in the same transaction.
 */
export class JobRunner {
  readonly id = `${process.pid}-${randomUUID().slice(0, 6)}`;
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private readonly active = new Map<string, AbortController>();
  private wakeUp: (() => void)[] = [];
  private readonly lease: number;
  private readonly flushMs: number;
  private readonly targetChars: number;
  private readonly idleMs: number;
  private readonly pollMs: number;
  private readonly safety: Safety;

  constructor(
    private readonly db: Db,
    private readonly provider: LlmProvider,
    private readonly hub: StreamHub,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions,
  ) {
    this.lease = options.leaseSeconds ?? 30;
    this.flushMs = options.flushMs ?? 1000;
    this.targetChars = options.targetChars ?? 1800;
    this.idleMs = options.idleMs ?? 90_000;
    this.pollMs = options.pollMs ?? Math.min(5000, this.lease * 500);
    this.safety = options.safety ?? createSafety();
  }

  async start(): Promise<void> {
    if (this.options.workers <= 0) return;
    this.running = true;
    await this.hub.onChannel(JOBS_CHANNEL, () => this.wake());
    await this.hub.onChannel(CONTROL_CHANNEL, (payload) => {
      try {
        const { stop } = JSON.parse(payload) as { stop?: string };
        if (stop) this.active.get(stop)?.abort(new StoppedError('stopped'));
      } catch {
        /* not ours */
      }
    });
    for (let i = 0; i < this.options.workers; i++) this.loops.push(this.loop());
  }

  /** One new job wakes one idle worker, not all of them (no thundering herd of claim queries). */
  private wake(all = false): void {
    const waiting = all ? this.wakeUp.splice(0) : this.wakeUp.splice(0, 1);
    waiting.forEach((resolve) => resolve());
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let job: Job | null = null;
      try {
        job = await this.claim();
      } catch (error) {
        this.log.error({ err: error }, 'could not claim a generation job');
      }
      if (!job) {
        // Idle: wait for a NOTIFY, or poll now and then for jobs whose worker died (lease expired).
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(
            () => {
              this.wakeUp = this.wakeUp.filter((w) => w !== wake);
              resolve();
            },
            this.pollMs + Math.floor(Math.random() * this.pollMs),
          );
          this.wakeUp.push(wake);
        });
        continue;
      }
      if (!this.running) {
        // Claimed while shutting down: give it straight back.
        await this.release(job).catch(() => undefined);
        break;
      }
      await this.run(job).catch((error: unknown) => this.log.error({ err: error, job: job?.uid }, 'generation job crashed'));
    }
  }

  /**
   * Claims a runnable job, or null: fairly across accounts, not first-in-first-out. The job of the
   * account with the fewest jobs running now goes first, then the oldest; so one account queueing
   * many jobs cannot hold every worker while another waits.
   */
  async claim(): Promise<Job | null> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      update generation_jobs set status = 'running', attempts = attempts + 1, worker_id = ${this.id},
        lease_until = now() + make_interval(secs => ${this.lease}), started_at = coalesce(started_at, now())
      where uid = (
        select j.uid from generation_jobs j join novels n on n.uid = j.novel_uid
        where j.status = 'queued' or (j.status = 'running' and j.lease_until < now())
        order by (
          select count(*) from generation_jobs r join novels rn on rn.uid = r.novel_uid
          where rn.author_uid = n.author_uid and r.status = 'running' and r.lease_until >= now()
        ), j.created_at
        for update of j skip locked
        limit 1
      )
      returning uid`);
    const uid = result.rows[0]?.uid as string | undefined;
    if (!uid) return null;
    const [job] = await this.db.select().from(generationJobs).where(eq(generationJobs.uid, uid));
    return job ?? null;
  }

  private async run(claimed: Job): Promise<void> {
    const [novel] = await this.db.select().from(novels).where(eq(novels.uid, claimed.novelUid));
    if (!novel) return;
    // The chapter version the job writes, and the chapters it follows (a rewrite: not the version it replaces).
    const before = await storyBefore(this.db, claimed);
    const job = { ...claimed, chapterId: before.chapterId ?? -1 };
    if (job.attempts > MAX_ATTEMPTS || before.chapterId === null) {
      await this.fail(job, 'tries', 'the story could not be written after 3 tries', 0);
      return;
    }
    const earlierText = before.earlier.join('\n\n');
    const earlierWords = wordCount(earlierText);
    const resumeFrom = before.current;
    const story: StoryRequest = {
      params: novel.params as StoryParams,
      perspective: (novel.firstPerson === 1 || novel.firstPerson === 2 ? novel.firstPerson : 0) as 0 | 1 | 2,
      dialogueHeavy: novel.dialogueHeavy,
      spicy: novel.isR18,
      language: novel.language,
      chapterIndex: job.chapterIndex,
      storySoFar: trimToBudget(earlierText),
      resumeFrom,
      version: before.version,
      targetChars: ['en', 'ko'].includes(novel.language) ? this.targetChars : Math.round(this.targetChars * 0.5),
    };

    const controller = new AbortController();
    this.active.set(job.uid, controller);
    const token = this.hub.begin(job.novelUid, job.chapterIndex, resumeFrom, job.attempts > 1);
    let text = resumeFrom;
    let saved = resumeFrom;
    let lost = false;

    /** Saves the text and renews the lease in one statement; finding the job no longer ours aborts the stream. */
    const save = async (): Promise<void> => {
      const snapshot = text;
      const changed = snapshot !== saved;
      const result = await this.db.execute<{ owned: number; stopped: number }>(sql`
        with owned as (
          update generation_jobs set lease_until = now() + make_interval(secs => ${this.lease})
          where uid = ${job.uid} and status = 'running' and worker_id = ${this.id}
          returning uid
        ), chapter as (
          update chapters set content = ${snapshot}, updated_at = now()
          where ${changed} and id = ${job.chapterId} and exists (select 1 from owned)
          returning 1
        ), novel as (
          update novels set word_count = ${earlierWords + wordCount(snapshot)}, updated_at = now()
          where ${changed} and uid = ${job.novelUid} and exists (select 1 from owned)
          returning 1
        )
        select (select count(*) from owned)::int as owned,
          (select count(*) from generation_jobs where uid = ${job.uid} and status = 'stopped' and worker_id = ${this.id})::int as stopped`);
      const row = result.rows[0];
      if ((row?.owned ?? 0) > 0) saved = snapshot;
      else if ((row?.stopped ?? 0) > 0) {
        // Its author stopped it before the control message reached us: still ours to finish, keeping
        // the text readers saw (unless the stop refunded it).
        controller.abort(new StoppedError('stopped by its author'));
      } else {
        lost = true;
        controller.abort(new StoppedError('the job is no longer ours'));
      }
    };

    let flushing: Promise<void> | null = null;
    const flush = () => {
      flushing ??= save()
        .catch((error: unknown) => this.log.warn({ err: error, job: job.uid }, 'could not save streamed text'))
        .finally(() => (flushing = null));
    };
    // Each job saves on its own phase of the second, so many jobs started together do not all hit the database at once.
    let heartbeat: NodeJS.Timeout | undefined;
    const phase = setTimeout(
      () => {
        flush();
        heartbeat = setInterval(flush, this.flushMs);
      },
      Math.floor(Math.random() * this.flushMs),
    );
    // A model that stops sending without closing the stream must not hold the job for ever.
    let idle: NodeJS.Timeout | undefined;
    const watchIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new ProviderError(`no text from the model for ${this.idleMs / 1000} s`)), this.idleMs);
    };

    const rating = story.spicy ? 'adult' : 'general';
    let failure: unknown = null;
    try {
      watchIdle();
      for await (const raw of this.provider.stream({
        story,
        messages: buildMessages(story),
        maxTokens: maxTokensFor(story),
        signal: controller.signal,
      })) {
        if (controller.signal.aborted) break;
        watchIdle();
        // PostgreSQL text cannot hold NUL; a model that sends one must not make every save fail.
        const delta = raw.replaceAll('\u0000', '');
        // Output check before anyone sees it: a spicy story that starts describing a minor, or a general one
        // that turns sexual, is cut off here; the reader keeps (and pays for) only what was shown.
        const verdict = this.safety.check(text.slice(-160) + delta, { language: story.language, rating });
        if (!verdict.allowed) throw new SafetyError(verdict.reason);
        const first = !text && delta;
        text += delta;
        this.hub.publish(job.novelUid, delta, token);
        // The first text is saved at once rather than on the job's phase (a stop refunds and discards
        // only when nothing was saved), without holding up the reader: the save lands within one write
        // of the text appearing, long before anyone can press stop.
        if (first) flush();
      }
      if (controller.signal.aborted && controller.signal.reason instanceof ProviderError) throw controller.signal.reason;
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(phase);
      clearInterval(heartbeat);
      clearTimeout(idle);
      await flushing;
      this.active.delete(job.uid);
    }

    try {
      const reason = controller.signal.aborted ? controller.signal.reason : null;
      if (lost) {
        // Another worker holds the job now (our lease ran out): it owns the text and the stream.
        this.hub.release(job.novelUid, token);
        return;
      }
      if (reason instanceof StoppedError) {
        // Stopped by its author; the stop call settled the money. Keep our text unless the charge was refunded.
        await this.keepStoppedText(job, text, earlierWords);
        await this.finishFromDatabase(job, token);
        return;
      }
      if (reason && !this.running) {
        // Shutting down: save, hand the job back without using up a try.
        await save().catch(() => undefined);
        await this.release(job);
        this.hub.release(job.novelUid, token);
        return;
      }
      if (failure instanceof SafetyError) {
        await this.stopUnsafe(job, failure.reason, text, text, story.targetChars, token);
        return;
      }
      if (failure || !text.trim()) {
        const message = failure instanceof Error ? failure.message : 'the model returned no text';
        this.log.warn({ job: job.uid, attempt: job.attempts, err: failure }, `generation attempt failed: ${message}`);
        await save().catch(() => undefined);
        const hopeless = failure instanceof ProviderError && !failure.retryable;
        if (job.attempts >= MAX_ATTEMPTS || hopeless) await this.fail(job, hopeless ? 'model' : 'tries', message, token);
        else {
          await this.db
            .update(generationJobs)
            .set({ status: 'queued', leaseUntil: null, workerId: null, error: message })
            .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, this.id)));
          this.hub.release(job.novelUid, token);
          this.wake();
        }
        return;
      }
      // The moderation endpoint's second opinion on the finished chapter (when configured): refused, the chapter goes.
      const verdict = await this.safety
        .review(text, { language: story.language, rating }, AbortSignal.timeout(this.lease * 500))
        .catch(() => ({ allowed: true }) as const);
      if (!verdict.allowed) {
        await this.stopUnsafe(job, verdict.reason, '', text, story.targetChars, token);
        return;
      }
      await this.complete(job, text, earlierWords, token);
    } finally {
      // Whatever happened, this attempt's stream entry is gone (a no-op when finished above).
      this.hub.release(job.novelUid, token);
    }
  }

  /** Settles a job the output check stopped (generation/unsafe.ts) and tells the readers why. */
  private async stopUnsafe(job: Job, reason: RefusalReason, kept: string, shown: string, targetChars: number, token: number) {
    this.log.warn({ job: job.uid, reason }, 'the output check stopped a story');
    const settled = await settleUnsafeJob(this.db, {
      job,
      workerId: this.id,
      reason,
      kept,
      shownChars: Array.from(shown).length,
      targetChars,
    });
    if (settled)
      this.hub.finish(job.novelUid, { type: 'error', novel: job.novelUid, status: settled.status, message: SAFETY_FAILURE[reason] }, token);
  }

  /** Hands a claimed job back to the queue without counting the try. */
  private async release(job: Job): Promise<void> {
    await this.db
      .update(generationJobs)
      .set({ status: 'queued', leaseUntil: null, workerId: null, attempts: sql`greatest(${generationJobs.attempts} - 1, 0)` })
      .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, this.id)));
  }

  /** After a stop: our latest text replaces the saved one, unless the stop refunded the charge. */
  private async keepStoppedText(job: Job, text: string, earlierWords: number): Promise<void> {
    if (!text) return;
    await this.db.execute(sql`
      with kept as (
        select uid from generation_jobs where uid = ${job.uid} and status = 'stopped' and worker_id = ${this.id} and not refunded
      ), chapter as (
        update chapters set content = ${text}, updated_at = now()
        where id = ${job.chapterId} and exists (select 1 from kept)
        returning 1
      )
      update novels set word_count = ${earlierWords + wordCount(text)}, updated_at = now()
      where uid = ${job.novelUid} and exists (select 1 from kept)`);
  }

  /** Tells readers the outcome the database holds (after a stop). */
  private async finishFromDatabase(job: Job, token: number): Promise<void> {
    const [after] = await this.db
      .select({ status: novels.generateStatus, words: novels.wordCount })
      .from(novels)
      .where(eq(novels.uid, job.novelUid));
    this.hub.finish(
      job.novelUid,
      { type: 'done', novel: job.novelUid, status: after?.status ?? 'done', wordCount: after?.words ?? 0 },
      token,
    );
  }

  private async complete(job: Job, text: string, earlierWords: number, token: number): Promise<void> {
    const words = earlierWords + wordCount(text);
    const done = await this.db.transaction(async (tx) => {
      const mine = await tx
        .update(generationJobs)
        .set({ status: 'done', finishedAt: sql`now()`, leaseUntil: null, error: null })
        .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, this.id)))
        .returning({ uid: generationJobs.uid });
      if (mine.length === 0) return false;
      await tx
        .update(chapters)
        .set({ content: text, updatedAt: sql`now()` })
        .where(eq(chapters.id, job.chapterId!));
      await tx
        .update(novels)
        .set({ generateStatus: 'done', wordCount: words, failure: null, updatedAt: sql`now()` })
        .where(eq(novels.uid, job.novelUid));
      return true;
    });
    if (done) {
      this.hub.finish(job.novelUid, { type: 'done', novel: job.novelUid, status: 'done', wordCount: words }, token);
      return;
    }
    // Stopped while the last words arrived: the charge stayed, so the whole text does too.
    await this.keepStoppedText(job, text, earlierWords);
    await this.finishFromDatabase(job, token);
  }

  /**
   * Fails a job for good and refunds its charge in the same transaction. Only
   * the worker holding the job can. (A job the safety check stopped is settled
   * by generation/unsafe.ts instead.)
   */
  async fail(job: Job, code: 'model' | 'tries', message: string, token: number): Promise<void> {
    const status = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(generationJobs)
        .set({ status: 'failed', finishedAt: sql`now()`, leaseUntil: null, error: message })
        .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, this.id)))
        .returning({ charge: generationJobs.charge });
      if (!row) return null;
      const [novel] = await tx.select({ authorUid: novels.authorUid }).from(novels).where(eq(novels.uid, job.novelUid));
      if (row.charge > 0 && novel) await applyLedger(tx, { userUid: novel.authorUid, kind: 'refund', amount: row.charge, ref: job.uid });
      // A continuation or rewrite that wrote nothing leaves no empty version behind (modules/novels/versions.ts).
      const next: GenerateStatus = job.kind === 'generate' ? 'failed' : 'done';
      const words = await discardUnwritten(tx, job);
      await tx
        .update(novels)
        .set({ generateStatus: next, failure: code, wordCount: words, updatedAt: sql`now()` })
        .where(eq(novels.uid, job.novelUid));
      return next;
    });
    if (status) this.hub.finish(job.novelUid, { type: 'error', novel: job.novelUid, status, message: code }, token);
  }

  /** Stops claiming, aborts running jobs, saves their text and hands them back to the queue. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake(true);
    for (const controller of this.active.values()) controller.abort(new Error('shutting down'));
    await Promise.all(this.loops);
  }
}
