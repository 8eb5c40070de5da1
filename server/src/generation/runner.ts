import { randomUUID } from 'node:crypto';
import { wordCount, type StoryParams } from '@butterfic/contract';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { generationJobs, novels } from '../db/schema';
import { storiesBefore } from '../modules/novels/versions';
import {
  completeChapter,
  completeChaptersMany,
  failJobForGood,
  keepStoppedChapterText,
  novelOutcome,
  releaseJob,
  requeueAfterFailure,
  type Completion,
  type ProgressSave,
  saveChapterProgressMany,
  type CompleteVerdict,
  type Job,
  type SaveVerdict,
} from '../modules/novels/chapter-store';
import { CONTROL_CHANNEL, JOBS_CHANNEL, type StreamHub } from './hub';
import { MemoryKeeper } from './memory';
import { Grouped } from '../lib/grouped';
import { buildPrompt, PromptTooLongError, trimToBudget } from './prompts/build';
import { PARTIAL_HOLD } from '../safety/detect';
import { EarlyStream } from './early-stream';
import { createSafety, type RefusalReason, type Safety } from '../safety';
import { ProviderError, type ChatMessage, type LlmProvider, type Prestart, type StoryRequest } from './types';
import { OutputGate, SafetyError, WindowRefusedError } from './output-gate';
import { SAFETY_FAILURE, settleUnsafeJob } from '../modules/novels/unsafe';

export const MAX_ATTEMPTS = 3;
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
  /**
   * The connection claims and their reads go through (default: `db`). A connection of its own keeps a
   * burst of requests queued in the shared pool from holding up the claims that start their stories.
   */
  claimDb?: Db;
  /** The connections heartbeat saves go through (default: `db`). */
  progressDb?: Db;
};

/** Abort reasons: each names one way an attempt can end early. */
class StoppedError extends Error {}
class LostError extends Error {}
class ShutdownError extends Error {}

/** How much of the text already shown the output check reads as context before a new piece. */
const OUTPUT_CONTEXT_CHARS = 400;

/**
 * What the judge reads of a story job: exactly what the model is sent (issue 46), every message in
 * order (our rules, the settings, pinned facts, memory, the author's note, the story so far, a resumed
 * start), one text; the judge cuts it into overlapping pieces only when it does not fit its context.
 */
export function promptText(messages: ChatMessage[]): string {
  return messages.map((m) => `[${m.role}]\n${m.content}`).join('\n\n');
}

/** Everything one attempt at a job knows: what it asks the model, what readers saw, what is saved. */
type NovelRow = typeof novels.$inferSelect;

type Attempt = {
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
  /** The model's answer when it was asked before the job was committed (prestart), with the messages it was sent and what stops that request alone. */
  source: { text: AsyncIterable<string>; messages: ChatMessage[]; stop: AbortController } | null;
  /** The novel's author (the stream call lets them in without reading the novel). */
  author: string;
};

/** What loadStories reads for an attempt before it starts. */
type Loaded = Omit<Attempt, 'token' | 'controller' | 'ended' | 'source'>;

/** A model request started before its job existed: its abort controller, its buffered answer, its messages and what stops the request alone. */
type Early = { controller: AbortController; source: AsyncIterable<string>; messages: ChatMessage[]; stop: AbortController };

/** How an attempt ended. settle() handles each, in one place. */
type Outcome =
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

/**
 * Runs generation jobs from PostgreSQL. The runner claims runnable jobs (queued,
 * or running with a lease that ran out: their process died) in batches with FOR
 * UPDATE SKIP LOCKED, up to GENERATION_WORKERS at a time; each attempt streams
 * from the provider, saves the text at least every second while renewing the
 * lease, and ends in one of the outcomes above. A burst of new jobs costs one
 * claim query per batch, not one per job: a NOTIFY only wakes the claimer,
 * and wake-ups arriving while it claims are folded into one more round.
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
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.safety = options.safety ?? createSafety();
    this.memory = new MemoryKeeper({ db, provider, safety: this.safety, log });
    this.saves = new Grouped((saves) => saveChapterProgressMany(options.progressDb ?? db, saves), GROUPS);
    this.completions = new Grouped((done) => completeChaptersMany(db, done), GROUPS);
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
          releaseJob(this.db, { job, workerId: this.id }).catch((releaseError: unknown) =>
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

  /**
   * Claims up to `limit` runnable jobs in one statement, fairly across accounts rather than first in,
   * first out: an account's n-th waiting job takes its turn after (its running jobs + n), oldest
   * first among equal turns; so one account queueing many jobs cannot hold every worker while
   * another waits. A queued job whose lease_until lies ahead waits for its retry (backoff).
   */
  async claimMany(limit: number): Promise<Job[]> {
    const picked = sql`
      with runnable as (
        select j.uid, j.created_at, n.author_uid from generation_jobs j join novels n on n.uid = j.novel_uid
        where (j.status = 'queued' and (j.lease_until is null or j.lease_until <= now()))
          or (j.status = 'running' and j.lease_until < now())
      ), busy as (
        -- From the running jobs (a few per worker slot), not from the waiting accounts' novels: those can be
        -- hundreds, each looked up with all its novels.
        select rn.author_uid, count(*)::int as n from generation_jobs r join novels rn on rn.uid = r.novel_uid
        where r.status = 'running' and r.lease_until >= now()
        group by rn.author_uid
      ), ranked as (
        select q.uid, q.created_at,
          coalesce(b.n, 0) + row_number() over (partition by q.author_uid order by q.created_at) as turn
        from runnable q left join busy b on b.author_uid = q.author_uid
      ), picked as (
        -- Each candidate is looked up and locked by its key in turn order, until enough are taken (a join
        -- of the queue with itself, planned for the few rows its statistics expect, took time in the
        -- square of a long queue).
        select l.uid from (select uid, turn, created_at from ranked order by turn, created_at) r
        cross join lateral (
          select j.uid from generation_jobs j
          where j.uid = r.uid and (
            (j.status = 'queued' and (j.lease_until is null or j.lease_until <= now()))
            or (j.status = 'running' and j.lease_until < now()))
          for update of j skip locked
        ) l
        limit ${limit}
      )
      select uid from picked`;
    return (this.options.claimDb ?? this.db)
      .update(generationJobs)
      .set({
        status: 'running',
        attempts: sql`${generationJobs.attempts} + 1`,
        workerId: this.id,
        leaseUntil: sql`now() + make_interval(secs => ${this.lease})`,
        startedAt: sql`coalesce(${generationJobs.startedAt}, now())`,
      })
      .where(sql`${generationJobs.uid} in (${picked})`)
      .returning();
  }

  /**
   * What each job asks the model: its novel's settings, the chapters its version follows (its
   * ancestors by `parent_id`, not whatever is chosen now: a rewrite is never written from the version
   * it replaces), and any saved start of the chapter. Two queries for the whole batch.
   */
  private async loadStories(jobs: Job[]): Promise<Map<string, Loaded>> {
    const novelUids = [...new Set(jobs.map((j) => j.novelUid))];
    const db = this.options.claimDb ?? this.db;
    const novelRows = await db.select().from(novels).where(inArray(novels.uid, novelUids));
    const byUid = new Map(novelRows.map((n) => [n.uid, n]));
    // The version each job writes (old jobs from before versions: the chosen one at its place).
    const versionOf = new Map<string, number | null>();
    for (const job of jobs) versionOf.set(job.uid, job.chapterId ?? byUid.get(job.novelUid)?.path[job.chapterIndex] ?? null);
    const lines = await storiesBefore(
      db,
      [...versionOf.values()].filter((id): id is number => id !== null),
    );
    const out = new Map<string, Loaded>();
    for (const job of jobs) {
      const novel = byUid.get(job.novelUid);
      if (!novel) continue;
      const chapterId = versionOf.get(job.uid) ?? null;
      const line = (chapterId !== null && lines.get(chapterId)) || { earlier: [], current: '', version: 1, memory: '' };
      const earlierText = line.earlier.join('\n\n');
      // The author's beats and direction for this chapter, kept on its job (issue 50).
      const story = { ...this.storyOf(novel, { ...line, chapterIndex: job.chapterIndex, earlierText }), beats: job.beats, direction: job.direction };
      out.set(job.uid, {
        job: { ...job, chapterId },
        author: novel.authorUid,
        story,
        earlierWords: wordCount(earlierText),
        text: line.current,
        saved: line.current,
      });
    }
    return out;
  }

  /** What the model is asked for one chapter of `novel` (a new story: no line). */
  storyOf(
    novel: Pick<NovelRow, 'params' | 'firstPerson' | 'dialogueHeavy' | 'isR18' | 'language' | 'pinnedFacts' | 'authorNote'>,
    line: { chapterIndex: number; earlierText: string; current: string; version: number; memory: string },
  ): StoryRequest {
    return {
      params: novel.params as StoryParams,
      perspective: (novel.firstPerson === 1 || novel.firstPerson === 2 ? novel.firstPerson : 0) as 0 | 1 | 2,
      dialogueHeavy: novel.dialogueHeavy,
      spicy: novel.isR18,
      language: novel.language,
      chapterIndex: line.chapterIndex,
      storySoFar: trimToBudget(line.earlierText),
      resumeFrom: line.current,
      version: line.version,
      memory: line.memory,
      pinnedFacts: novel.pinnedFacts,
      authorNote: novel.authorNote,
      targetChars: ['en', 'ko'].includes(novel.language) ? this.targetChars : Math.round(this.targetChars * 0.5),
    };
  }

  // ---- a story asked of the model before its job is committed (docs/decisions/0039) -----------

  /**
   * Asks the model for a new story while its charge and job are still being committed: a worker
   * slot of this process is kept for it and the model's answer is buffered, shown to no one.
   * `adopt` hands the committed job (inserted as running, claimed by this runner) to that slot;
   * `cancel` (the charge was refused) aborts the model's request. Null when no slot is free or the
   * prompt does not fit (the job then goes through the queue as before).
   */
  prestart(novel: Parameters<JobRunner['storyOf']>[0], author: string): Prestart | null {
    if (!this.running || this.runs.size + this.reserved >= this.options.workers) return null;
    const story = this.storyOf(novel, { chapterIndex: 0, earlierText: '', current: '', version: 1, memory: '' });
    let prompt: ReturnType<typeof buildPrompt>;
    try {
      prompt = buildPrompt(story, { contextTokens: this.provider.contextTokens, count: this.provider.countTokens?.bind(this.provider) });
    } catch {
      return null;
    }
    this.reserved++;
    const controller = new AbortController();
    // Stops this request alone (the judge refused a window: the attempt goes on with a stricter try).
    const stop = new AbortController();
    // The request goes out once this turn of the event loop has taken in what else arrived with it
    // (under a burst: every story of the burst is handed to its batch first, so the commit runs in
    // the database while the model requests are made); started at once if the commit came first.
    let early: EarlyStream | null = null;
    const ask = () =>
      (early ??= new EarlyStream(
        this.provider.stream({
          story,
          messages: prompt.messages,
          maxTokens: prompt.maxTokens,
          signal: AbortSignal.any([controller.signal, stop.signal]),
        }),
      ));
    setImmediate(() => {
      if (!controller.signal.aborted) ask();
    });
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      this.reserved--;
      return true;
    };
    return {
      workerId: this.id,
      leaseSeconds: this.lease,
      adopt: (job) => {
        if (!settle()) return;
        const loaded: Loaded = { job, author, story, earlierWords: 0, text: '', saved: '' };
        this.launchOne(job, loaded, { controller, source: ask(), messages: prompt.messages, stop });
      },
      cancel: () => {
        if (!settle()) return;
        controller.abort(new StoppedError('the charge was refused'));
        if (this.starved) this.wake();
      },
    };
  }

  // ---- one attempt: begin → stream → outcome → settle ----------------------------------------

  private async run(job: Job, loaded: Loaded | undefined, early?: Early): Promise<void> {
    if (!this.running) {
      // Claimed while shutting down: give it straight back.
      early?.controller.abort(new ShutdownError('shutting down'));
      await releaseJob(this.db, { job, workerId: this.id });
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
      await this.settle(attempt, this.outcomeOf(attempt, failure));
    } finally {
      // Whatever happened, this attempt's stream entry is gone (a no-op when it finished).
      this.hub.release(job.novelUid, attempt.token);
    }
  }

  private begin(job: Job, loaded: Loaded, early?: Early): Attempt {
    const controller = early?.controller ?? new AbortController();
    this.active.set(job.uid, controller);
    const token = this.hub.begin(job.novelUid, job.chapterIndex, loaded.text, job.attempts > 1, loaded.author);
    return {
      ...loaded,
      token,
      controller,
      ended: null,
      source: early ? { text: early.source, messages: early.messages, stop: early.stop } : null,
    };
  }

  /** Streams the model's text to readers, saving on a heartbeat. Answers what went wrong, if anything. */
  /** The prompt fitted to the model's context; one whose settings alone do not fit fails at once (refunded, not retried). */
  private prompt(story: StoryRequest, attempt: Attempt) {
    try {
      return buildPrompt(story, {
        contextTokens: this.provider.contextTokens,
        count: this.provider.countTokens?.bind(this.provider),
      });
    } catch (error) {
      if (!(error instanceof PromptTooLongError)) throw error;
      this.log.error(
        { job: attempt.job.uid, contextTokens: this.provider.contextTokens },
        `a story prompt does not fit the model: ${error.message}`,
      );
      throw new ProviderError(error.message, false);
    }
  }

  /** Asks the model for `story` (a first try, or the stricter second one): its buffered answer, its messages and what stops it alone. */
  private ask(story: StoryRequest, attempt: Attempt) {
    const prompt = this.prompt(story, attempt);
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

  /**
   * Streams the model's text to readers, saving on a heartbeat. Answers what went wrong, if anything.
   *
   * Every piece passes the local output check as it arrives, then the OutputGate (output-gate.ts): with
   * an LLM judge nothing is shown before the judge has passed the prompt the model was sent, and in an
   * adult story each window of output before readers see it. A window the judge refuses ends the try:
   * the chapter goes on once more from what was shown, with a stricter instruction (STRICT_RULE); a
   * second refusal ends the attempt (settled as unsafe: refunded for what was not shown).
   */
  private async stream(attempt: Attempt): Promise<unknown> {
    const { job, story, controller } = attempt;
    const heartbeat = this.heartbeat(attempt);
    const idle = this.idleWatch(controller);
    const rating = story.spicy ? 'adult' : 'general';
    const judgeOptions = { language: story.language, rating, account: attempt.author } as const;
    const publish = (text: string) => {
      const first = !attempt.text && text;
      attempt.text += text;
      this.hub.publish(job.novelUid, text, attempt.token);
      // The first text is saved at once rather than on the job's phase (a stop refunds and discards
      // only when nothing was saved), without holding up the reader.
      if (first) heartbeat.now();
    };
    /** Text the model sent whose end the output check has not decided yet (shown to no one). */
    let unchecked = '';
    let gate: OutputGate | null = null;
    const checkOutput = (fresh: string, partial: boolean) => {
      const context = (attempt.text + (gate?.held ?? '')).slice(-OUTPUT_CONTEXT_CHARS);
      return this.safety.check(context + fresh, {
        language: story.language,
        rating,
        newFrom: Math.max(0, context.length - PARTIAL_HOLD),
        partial,
      });
    };
    try {
      // A story asked before its commit (prestart) reads the answer already under way.
      let current = attempt.source ?? this.ask(story, attempt);
      // The judge reads the prompt while the model starts writing; the first words wait for its answer
      // (no wait when the model is the slower).
      gate = new OutputGate({
        input: this.safety.judgeBeside(promptText(current.messages), judgeOptions, controller.signal),
        judgeWindow: this.safety.judgesOutput(rating) ? (text) => this.safety.judgeOutput(text, judgeOptions, controller.signal) : null,
        publish,
        shown: () => attempt.text,
        onFailure: () => current.stop.abort(),
      });
      for (let tryNumber = 1; ; tryNumber++) {
        try {
          for await (const raw of current.text) {
            if (controller.signal.aborted || gate.failure) break;
            idle.reset();
            // PostgreSQL text cannot hold NUL; a model that sends one must not make every save fail.
            const delta = raw.replaceAll('\u0000', '');
            // Output check before anyone sees it: a spicy story that starts describing a minor, or a general one
            // that turns sexual, is cut off here; the reader keeps (and pays for) only what was shown. Only the
            // new text is judged (the text before it is context). A possible match touching its end ("a minor",
            // which " detail" may clear) keeps the new text unseen until the next piece decides it.
            const fresh = unchecked + delta;
            const verdict = checkOutput(fresh, true);
            if (!verdict.allowed) throw new SafetyError(verdict.reason);
            unchecked = verdict.pending ? fresh : '';
            if (!verdict.pending) gate.add(fresh);
          }
          if (unchecked && !controller.signal.aborted && !gate.failure) {
            const verdict = checkOutput(unchecked, false);
            if (!verdict.allowed) throw new SafetyError(verdict.reason);
            gate.add(unchecked);
            unchecked = '';
          }
          if (controller.signal.aborted) return null;
          await gate.finish();
          return null;
        } catch (error) {
          // The request stopped by a refusal ends with an abort error of its own: the refusal is what happened.
          const failure = gate.failure ?? error;
          if (!(failure instanceof WindowRefusedError) || tryNumber >= 2 || controller.signal.aborted) throw failure;
          this.log.warn({ job: job.uid, reason: failure.reason }, 'the judge refused a window of the output: writing the chapter again, more strictly');
          unchecked = '';
          const strict = { ...story, strict: true, resumeFrom: gate.judged };
          current = this.ask(strict, attempt);
          const stop = current.stop;
          gate.retry(() => stop.abort());
        }
      }
    } catch (error) {
      return error;
    } finally {
      idle.stop();
      await heartbeat.stop();
      this.active.delete(job.uid);
    }
  }

  /**
   * Saves every flushMs, each job on its own phase of the interval (many jobs started together do
   * not all hit the database at once). A save that finds the job no longer ours aborts the stream.
   */
  private heartbeat(attempt: Attempt) {
    let saving: Promise<unknown> | null = null;
    const flush = () => {
      saving ??= this.save(attempt)
        .catch((error: unknown) => this.log.warn({ err: error, job: attempt.job.uid }, 'could not save streamed text'))
        .finally(() => (saving = null));
    };
    let interval: NodeJS.Timeout | undefined;
    const phase = setTimeout(
      () => {
        flush();
        interval = setInterval(flush, this.flushMs);
      },
      Math.floor(Math.random() * this.flushMs),
    );
    return {
      now: flush,
      stop: async () => {
        clearTimeout(phase);
        clearInterval(interval);
        await saving;
      },
    };
  }

  /** A model that stops sending without closing the stream must not hold the job for ever. */
  private idleWatch(controller: AbortController) {
    let timer: NodeJS.Timeout | undefined;
    const reset = () => {
      if (timer) timer.refresh();
      else timer = setTimeout(() => controller.abort(new ProviderError(`no text from the model for ${this.idleMs / 1000} s`)), this.idleMs);
    };
    reset();
    return { reset, stop: () => clearTimeout(timer) };
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

  /** Every way an attempt can end, decided from what the database said first, then why the stream stopped. */
  private outcomeOf(attempt: Attempt, failure: unknown): Outcome {
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

  private async settle(attempt: Attempt, outcome: Outcome): Promise<void> {
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
    await keepStoppedChapterText(this.db, { job: attempt.job, workerId: this.id, text: attempt.text, earlierWords: attempt.earlierWords });
    await this.finishFromDatabase(attempt);
  }

  /** Shutting down: save, hand the job back without using up a try. */
  private async settleShutdown(attempt: Attempt): Promise<void> {
    const verdict = await this.save(attempt).catch(() => null);
    if (verdict === 'stopped') return this.settleStopped(attempt);
    await releaseJob(this.db, { job: attempt.job, workerId: this.id });
  }

  /** A failed attempt: saved, then tried again after a backoff, or failed for good (refunded) after the last try. */
  private async settleFailed(attempt: Attempt, outcome: Extract<Outcome, { kind: 'failed' }>): Promise<void> {
    const { job } = attempt;
    this.log.warn({ job: job.uid, attempt: job.attempts, err: outcome.error }, `generation attempt failed: ${outcome.message}`);
    const verdict = await this.save(attempt).catch(() => null);
    if (verdict === 'stopped') return this.settleStopped(attempt);
    if (verdict === 'lost') return;
    if (!outcome.retryable) return this.failForGood(job, 'model', outcome.message, attempt.token);
    if (job.attempts >= MAX_ATTEMPTS) return this.failForGood(job, 'tries', outcome.message, attempt.token);
    const delayMs = this.retryDelay(job.attempts);
    await requeueAfterFailure(this.db, { job, workerId: this.id, message: outcome.message, delayMs });
    this.hub.release(job.novelUid, attempt.token);
    setTimeout(() => this.wake(), delayMs + 10).unref();
  }

  /** Backoff before try n + 1: retryDelayMs × 2^(n − 1), half to all of it at random (failing jobs do not retry in step). */
  retryDelay(attempts: number): number {
    const full = this.retryDelayMs * 2 ** Math.max(0, attempts - 1);
    return Math.round(full / 2 + Math.random() * (full / 2));
  }

  /** The model finished: the moderation endpoint's second opinion (when configured), then the chapter is complete. */
  private async settleWritten(attempt: Attempt): Promise<void> {
    const { job, story, text } = attempt;
    const rating = story.spicy ? 'adult' : 'general';
    // An adult story's output was judged window by window before it was shown (OutputGate): nothing is left to ask.
    const verdict = this.safety.judgesOutput(rating)
      ? ({ allowed: true } as const)
      : await this.safety
          .review(text, { language: story.language, rating, account: attempt.author }, AbortSignal.timeout(this.lease * 500))
          .catch((error: unknown) => {
            this.log.error({ err: error, job: job.uid }, 'the moderation check of a finished chapter failed; the chapter was kept');
            return { allowed: true } as const;
          });
    if (!verdict.allowed) return this.stopUnsafe(attempt, verdict.reason, '');
    const words = attempt.earlierWords + wordCount(text);
    const completion = { job, workerId: this.id, text, words };
    // A group that failed (a deadlock with a stop, say) is tried again for this chapter alone.
    const completed = await this.completions.add(completion).catch(() => completeChapter(this.db, completion));
    if (completed === 'done') {
      this.hub.finish(job.novelUid, { type: 'done', novel: job.novelUid, status: 'done', wordCount: words }, attempt.token);
      this.memory.schedule(job.chapterId);
      return;
    }
    // Another worker took the job over (our lease ran out): it writes the chapter and tells the readers.
    if (completed === 'lost') {
      this.log.warn({ job: job.uid }, 'a finished chapter was not saved: another worker holds its job');
      return;
    }
    // Stopped while the last words arrived: the charge stayed, so the whole text does too.
    await this.settleStopped(attempt);
  }

  /** Settles a job the output check stopped (modules/novels/unsafe.ts) and tells the readers why. */
  private async stopUnsafe(attempt: Attempt, reason: RefusalReason, kept: string): Promise<void> {
    const { job } = attempt;
    this.log.warn({ job: job.uid, reason }, 'the output check stopped a story');
    const settled = await settleUnsafeJob(this.db, {
      job,
      workerId: this.id,
      reason,
      kept,
      shownChars: Array.from(attempt.text).length,
      targetChars: attempt.story.targetChars,
    });
    if (settled)
      this.hub.finish(
        job.novelUid,
        { type: 'error', novel: job.novelUid, status: settled.status, message: SAFETY_FAILURE[reason] },
        attempt.token,
      );
  }

  /** Tells readers the outcome the database holds (after a stop). */
  private async finishFromDatabase(attempt: Attempt): Promise<void> {
    const { job } = attempt;
    const after = await novelOutcome(this.db, job.novelUid);
    this.hub.finish(
      job.novelUid,
      { type: 'done', novel: job.novelUid, status: after?.status ?? 'done', wordCount: after?.words ?? 0 },
      attempt.token,
    );
  }

  /** Fails a job for good, refunded (modules/novels/chapter-store.ts), and tells its readers. Only the worker holding the job can. */
  async failForGood(job: Job, code: 'model' | 'tries', message: string, token: number): Promise<void> {
    const status = await failJobForGood(this.db, { job, workerId: this.id, code, message });
    if (status) this.hub.finish(job.novelUid, { type: 'error', novel: job.novelUid, status, message: code }, token);
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
