import { randomUUID } from 'node:crypto';
import { wordCount } from '@butterfic/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Grouped } from '../lib/grouped';
import { createSafety, type Safety } from '../safety';
import { outcomeOf, ShutdownError, StoppedError, LostError, type Asked, type Attempt, type Early, type Loaded } from './attempt';
import { AttemptStream } from './attempt-stream';
import { AttemptSettler, MAX_ATTEMPTS } from './settle';
import type { WritersRoom } from './room';
import { EarlyStream } from './early-stream';
import { prestartStory } from './prestart';
import { CONTROL_CHANNEL, JOBS_CHANNEL, type StreamHub } from './hub';
import type { CompleteVerdict, Completion, Job, JobStore, NovelSettings, ProgressSave, SaveVerdict } from './job-store';
import { MemoryKeeper } from './memory';
import { jobPrompt, storyOf } from './story';
import type { LlmProvider, Prestart, StoryRequest } from './types';

export { MAX_ATTEMPTS };
/** At most this many jobs are claimed by one query. */
const CLAIM_BATCH = 128;
/** Saves and completions: at most 200 jobs per statement, two statements under way at once. */
const GROUPS = { max: 200, lanes: 2 };

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
  /** How often an idle runner looks for abandoned jobs (plus up to as much again, at random). */
  pollMs?: number;
  /** A failed attempt is tried again after this long, doubled for each further try (half to all of it, at random). */
  retryDelayMs?: number;
  /** The codex, the passages that come back and the kept context of each chapter (issue 49; modules/novels/room.ts). */
  room?: WritersRoom;
};

/**
 * Runs generation jobs through the job store (job-store.ts: the port `modules/novels` implements).
 * The runner claims runnable jobs in batches, up to GENERATION_WORKERS at a time; each attempt
 * streams from the provider (attempt-stream.ts), saves the text at least every second while renewing
 * the lease, and ends in one of the outcomes of attempt.ts, settled here in one place. A burst of new
 * jobs costs one claim query per batch, not one per job: a NOTIFY only wakes the claimer, and
 * wake-ups arriving while it claims are folded into one more round.
 */
export class JobRunner {
  readonly id = `${process.pid}-${randomUUID().slice(0, 6)}`;
  private running = false;
  private readonly runs = new Set<Promise<void>>();
  private readonly active = new Map<string, AbortController>();
  private claiming: Promise<void> | null = null;
  /** Worker slots kept for stories asked before their commit (prestart). */
  private reserved = 0;
  private claimAgain = false;
  /** A claim found no room while jobs may have been waiting: a slot that frees up looks for them at once. */
  private starved = false;
  private poll: NodeJS.Timeout | undefined;
  private readonly lease: number;
  private readonly flushMs: number;
  private readonly targetChars: number;
  private readonly idleMs: number;
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  private readonly safety: Safety;
  /** Story memory after each chapter, in the background (generation/memory.ts). */
  readonly memory: MemoryKeeper;
  /** The saves and completions of this runner's jobs, many per statement under a burst (lib/grouped.ts). */
  private readonly saves: Grouped<ProgressSave, SaveVerdict>;
  private readonly completions: Grouped<Completion, CompleteVerdict>;
  /** How each attempt ends (settle.ts). */
  private readonly settler: AttemptSettler;

  constructor(
    private readonly store: JobStore,
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
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.safety = options.safety ?? createSafety();
    this.memory = new MemoryKeeper({ store, provider, safety: this.safety, log });
    this.saves = new Grouped((saves) => store.saveProgress(saves), GROUPS);
    this.completions = new Grouped((done) => store.complete(done), GROUPS);
    this.settler = new AttemptSettler({
      workerId: this.id,
      leaseSeconds: this.lease,
      store,
      hub,
      log,
      safety: this.safety,
      memory: this.memory,
      completions: this.completions,
      save: (attempt) => this.save(attempt),
      retryDelay: (attempts) => this.retryDelay(attempts),
      wake: () => this.wake(),
    });
  }

  /** Whether a claim, an attempt or a story asked before its commit is under way on this runner (tests wait for it to settle instead of sleeping). */
  get busy(): boolean {
    return this.claiming !== null || this.runs.size > 0 || this.reserved > 0;
  }

  async start(): Promise<void> {
    if (this.options.workers <= 0) return;
    this.running = true;
    await this.hub.onChannel(JOBS_CHANNEL, () => this.wake());
    await this.hub.onChannel(CONTROL_CHANNEL, (payload) => {
      try {
        const { stop } = JSON.parse(payload) as { stop?: string };
        if (stop) this.active.get(stop)?.abort(new StoppedError('stopped by its author'));
      } catch {
        /* not ours */
      }
    });
    this.wake();
  }

  // ---- claiming -------------------------------------------------------------------------------

  /**
   * Claims what there is room for now. Wake-ups that arrive while a claim is under way (a burst of
   * NOTIFYs) make one more round after it, not one query each.
   */
  private wake(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    clearTimeout(this.poll);
    this.claiming = this.claimRounds().finally(() => {
      this.claiming = null;
      if (this.claimAgain) {
        this.claimAgain = false;
        this.wake();
      } else if (this.running) {
        // Idle until a NOTIFY, a finished job, or now and then (jobs whose worker died: lease expired).
        this.poll = setTimeout(() => this.wake(), this.pollMs + Math.floor(Math.random() * this.pollMs));
      }
    });
  }

  private async claimRounds(): Promise<void> {
    while (this.running) {
      const room = Math.min(this.options.workers - this.runs.size - this.reserved, CLAIM_BATCH);
      if (room <= 0) {
        this.starved = true;
        return;
      }
      let jobs: Job[];
      try {
        jobs = await this.claimMany(room);
      } catch (error) {
        this.log.error({ err: error }, 'could not claim generation jobs');
        return;
      }
      if (jobs.length > 0) await this.launch(jobs);
      if (jobs.length < room) {
        this.starved = false;
        return;
      }
    }
  }

  /** Starts an attempt for each claimed job; the novels and chapters of the batch are read in two queries. */
  private async launch(jobs: Job[]): Promise<void> {
    let stories: Map<string, Loaded>;
    try {
      stories = await this.loadStories(jobs);
    } catch (error) {
      // Hand the whole batch back at once, tries not counted, instead of holding it for a lease.
      this.log.error({ err: error, jobs: jobs.length }, 'could not read the novels of claimed jobs; releasing them');
      await Promise.all(
        jobs.map((job) =>
          this.store
            .release({ job, workerId: this.id })
            .catch((releaseError: unknown) =>
              this.log.error({ err: releaseError, job: job.uid }, 'could not release a claimed job; its lease will'),
            ),
        ),
      );
      setTimeout(() => this.wake(), this.retryDelayMs).unref();
      return;
    }
    for (const job of jobs) this.launchOne(job, stories.get(job.uid));
  }

  private launchOne(job: Job, loaded: Loaded | undefined, early?: Early): void {
    const run: Promise<void> = this.run(job, loaded, early)
      .catch((error: unknown) => this.log.error({ err: error, job: job.uid }, 'generation job crashed'))
      .finally(() => {
        this.runs.delete(run);
        // Jobs queued meanwhile woke the claimer; only one that found every slot taken needs this one.
        if (this.starved) this.wake();
      });
    this.runs.add(run);
  }

  /** Claims one runnable job, or null (see claimMany). */
  async claim(): Promise<Job | null> {
    return (await this.claimMany(1))[0] ?? null;
  }

  /** Claims up to `limit` runnable jobs in one statement, fairly across accounts (JobStore.claim). */
  async claimMany(limit: number): Promise<Job[]> {
    return this.store.claim({ workerId: this.id, leaseSeconds: this.lease, limit });
  }

  /** What each claimed job asks the model (two queries for the whole batch: JobStore.loadStories). */
  private async loadStories(jobs: Job[]): Promise<Map<string, Loaded>> {
    const stored = await this.store.loadStories(jobs);
    const out = new Map<string, Loaded>();
    for (const [uid, { job, author, novel, line }] of stored) {
      const earlierText = line.earlier.join('\n\n');
      // The author's beats and direction for this chapter, kept on its job (issue 50).
      const story = {
        ...storyOf(novel, { ...line, chapterIndex: job.chapterIndex, earlierText }, this.targetChars),
        beats: job.beats,
        direction: job.direction,
      };
      out.set(uid, { job, author, story, earlierWords: wordCount(earlierText), text: line.current, saved: line.current });
    }
    await this.options.room?.furnish(
      [...out.values()].map((l) => ({ novelUid: l.job.novelUid, chapterId: l.job.chapterId, story: l.story })),
    );
    return out;
  }

  /** A new story asked of the model before its job is committed (prestart.ts, docs/decisions/0039). */
  prestart(novel: NovelSettings, author: string): Prestart | null {
    if (!this.running) return null;
    return prestartStory(
      {
        workerId: this.id,
        leaseSeconds: this.lease,
        targetChars: this.targetChars,
        provider: this.provider,
        reserve: () => this.runs.size + this.reserved < this.options.workers && ++this.reserved > 0,
        unreserve: (cancelled) => {
          this.reserved--;
          if (cancelled && this.starved) this.wake();
        },
        launch: (job, loaded, early) => this.launchOne(job, loaded, early),
        keep: (chapterId, prompt) => this.keepContext(chapterId, prompt),
      },
      novel,
      author,
    );
  }

  // ---- one attempt: begin → stream → outcome → settle ----------------------------------------

  private async run(job: Job, loaded: Loaded | undefined, early?: Early): Promise<void> {
    if (!this.running) {
      // Claimed while shutting down: give it straight back.
      early?.controller.abort(new ShutdownError('shutting down'));
      await this.store.release({ job, workerId: this.id });
      return;
    }
    if (!loaded) return; // its novel is gone
    // From here on the job carries the chapter version it writes (loadStories).
    job = loaded.job;
    // Out of tries, or an old job whose empty chapter is gone: failed for good, refunded.
    if (job.attempts > MAX_ATTEMPTS || job.chapterId === null) {
      await this.failForGood(job, 'tries', 'the story could not be written after 3 tries', 0);
      return;
    }
    const attempt = this.begin(job, loaded, early);
    try {
      const failure = await this.stream(attempt);
      await this.settler.settle(attempt, outcomeOf(attempt, failure));
    } finally {
      // Whatever happened, this attempt's stream entry is gone (a no-op when it finished).
      this.hub.release(job.novelUid, attempt.token);
    }
  }

  private begin(job: Job, loaded: Loaded, early?: Early): Attempt {
    const controller = early?.controller ?? new AbortController();
    this.active.set(job.uid, controller);
    const token = this.hub.begin(job.novelUid, job.chapterIndex, loaded.text, job.attempts > 1, loaded.author);
    return { ...loaded, token, controller, ended: null, source: early?.asked ?? null };
  }

  /** Streams the attempt's text to readers (attempt-stream.ts); answers what went wrong, if anything. */
  private async stream(attempt: Attempt): Promise<unknown> {
    try {
      return await new AttemptStream(attempt, {
        hub: this.hub,
        safety: this.safety,
        log: this.log,
        flushMs: this.flushMs,
        idleMs: this.idleMs,
        save: (a) => this.save(a),
        ask: (story, a) => this.ask(story, a),
      }).run();
    } finally {
      this.active.delete(attempt.job.uid);
    }
  }

  /** Keeps what the model is given for the chapter version (GET /novel/context/), in the background. */
  private keepContext(chapterId: number | null, prompt: ReturnType<typeof jobPrompt>): void {
    if (chapterId !== null)
      void this.options.room?.keep({ chapterId, contextTokens: this.provider.contextTokens ?? 0, parts: prompt.parts });
  }

  /** Asks the model for `story` (a first try, or the stricter second one): its answer read ahead, its messages and what stops it alone. */
  private ask(story: StoryRequest, attempt: Attempt): Asked {
    const prompt = jobPrompt(this.provider, story, (error) =>
      this.log.error(
        { job: attempt.job.uid, contextTokens: this.provider.contextTokens },
        `a story prompt does not fit the model: ${error.message}`,
      ),
    );
    this.keepContext(attempt.job.chapterId, prompt);
    const stop = new AbortController();
    // Read ahead like a prestart's answer: what arrives while the last piece is checked goes on as one.
    const text = new EarlyStream(
      this.provider.stream({
        story,
        messages: prompt.messages,
        maxTokens: prompt.maxTokens,
        signal: AbortSignal.any([attempt.controller.signal, stop.signal]),
      }),
    );
    return { text, messages: prompt.messages, stop };
  }

  /** Saves the text and renews the lease; a job found no longer ours aborts the stream, saying why. */
  private async save(attempt: Attempt): Promise<SaveVerdict> {
    const text = attempt.text;
    const verdict = await this.saves.add({
      job: attempt.job,
      workerId: this.id,
      leaseSeconds: this.lease,
      text,
      changed: text !== attempt.saved,
      earlierWords: attempt.earlierWords,
    });
    if (verdict === 'saved') attempt.saved = text;
    else {
      attempt.ended ??= verdict;
      // Stopped before the control message reached us: still ours to finish, keeping the text readers saw.
      attempt.controller.abort(
        verdict === 'stopped' ? new StoppedError('stopped by its author') : new LostError('the job is no longer ours'),
      );
    }
    return verdict;
  }

  /** Backoff before try n + 1: retryDelayMs × 2^(n − 1), half to all of it at random (failing jobs do not retry in step). */
  retryDelay(attempts: number): number {
    const full = this.retryDelayMs * 2 ** Math.max(0, attempts - 1);
    return Math.round(full / 2 + Math.random() * (full / 2));
  }

  /** Fails a job for good, refunded (the job store), and tells its readers. Only the worker holding the job can. */
  async failForGood(job: Job, code: 'model' | 'tries', message: string, token: number): Promise<void> {
    return this.settler.failForGood(job, code, message, token);
  }

  /** Stops claiming, aborts running jobs, saves their text and hands them back to the queue. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.poll);
    for (const controller of this.active.values()) controller.abort(new ShutdownError('shutting down'));
    await this.claiming;
    // Jobs launched by the last claim round abort as they begin (run() checks `running`).
    for (const controller of this.active.values()) controller.abort(new ShutdownError('shutting down'));
    await Promise.all([...this.runs]);
    await this.memory.close();
  }
}
