import { wordCount, type GenerateStatus } from '@butterfic/contract';
import { and, eq, sql } from 'drizzle-orm';
import { generationJobs, novels } from '../../db/schema';
import { discardUnwritten, toArray } from './versions';
import type { Db, DbOrTx } from '../../db';
import { applyLedger } from '../wallet/service';
import { JOBS_CHANNEL } from '../../generation/hub';

/**
 * Where a generation job's text lands, and how a job ends, in the database.
 * Every write here holds only for the worker that holds the job (`status =
 * 'running' and worker_id = me`), so a worker that lost its job can never
 * overwrite the one that took it over. The runner (runner.ts) decides which
 * of these to call; the functions only persist.
 */

export type Job = typeof generationJobs.$inferSelect;

/**
 * The chapter row a job writes: the version it was created for (docs/decisions/0022). A job from
 * before versions without one (never run: the runner fails it for good) falls back to the chosen
 * version at its place.
 */
const jobChapter = (job: Job) =>
  job.chapterId === null
    ? sql`id = (select n.path[${job.chapterIndex + 1}] from novels n where n.uid = ${job.novelUid})`
    : sql`id = ${job.chapterId}`;

/** What a save learned: still ours, stopped by its author (ours to finish), or taken over by another worker. */
export type SaveVerdict = 'saved' | 'stopped' | 'lost';

/** One running job's save (saveChapterProgress). */
export type ProgressSave = { job: Job; workerId: string; leaseSeconds: number; text: string; changed: boolean; earlierWords: number };

/**
 * Saves running jobs' chapter texts (those that changed) and renews their leases, many jobs in one
 * statement (the runner groups the saves of its jobs: runner.ts). Answers, for each, why the job is
 * no longer ours when it is not. Each job row is updated (locked) whatever its state, so a stop
 * committing while this waits for the row is seen as the stop it is: a plain read here would still
 * see the snapshot from before the stop and mistake it for a lost job.
 */
export async function saveChapterProgressMany(db: Db, saves: ProgressSave[]): Promise<SaveVerdict[]> {
  const input = saves.map((o, i) => ({
    i,
    job_uid: o.job.uid,
    worker_id: o.workerId,
    lease: o.leaseSeconds,
    text: o.text,
    changed: o.changed,
    words: o.earlierWords + wordCount(o.text),
    ...chapterRef(o.job),
  }));
  const result = await db.execute<{ i: number; status: string | null }>(sql`
    with req as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(
        i int, job_uid text, worker_id text, lease int, text text, changed boolean, words int, novel_uid text, chapter_id bigint, chapter_index int)
    ), mine as (
      update generation_jobs j
      set lease_until = case when j.status = 'running' then now() + make_interval(secs => r.lease) else j.lease_until end
      from req r
      where j.uid = r.job_uid and j.worker_id = r.worker_id and j.status in ('running', 'stopped')
      returning j.uid, j.status
    ), written as (
      select r.* from req r join mine m on m.uid = r.job_uid where m.status = 'running' and r.changed
    ), chapter as (
      update chapters c set content = w.text, updated_at = now()
      from written w
      where c.id = coalesce(w.chapter_id, (select n.path[w.chapter_index + 1] from novels n where n.uid = w.novel_uid))
      returning 1
    ), novel as (
      update novels n set word_count = w.words, updated_at = now()
      from written w where n.uid = w.novel_uid
      returning 1
    )
    select r.i, m.status from req r left join mine m on m.uid = r.job_uid`);
  const byIndex = new Map(result.rows.map((r) => [Number(r.i), r.status]));
  return saves.map((_, i) => {
    const status = byIndex.get(i);
    if (status === 'running') return 'saved';
    return status === 'stopped' ? 'stopped' : 'lost';
  });
}

/** One job's save (saveChapterProgressMany). */
export async function saveChapterProgress(db: Db, options: ProgressSave): Promise<SaveVerdict> {
  return (await saveChapterProgressMany(db, [options]))[0]!;
}

/** The chapter a job writes, as the grouped statements read it (jobChapter). */
const chapterRef = (job: Job) => ({ novel_uid: job.novelUid, chapter_id: job.chapterId, chapter_index: job.chapterIndex });

/** After a stop: the worker's latest text replaces the saved one, unless the stop refunded the charge. */
export async function keepStoppedChapterText(db: Db, options: { job: Job; workerId: string; text: string; earlierWords: number }) {
  const { job, text } = options;
  if (!text) return;
  await db.execute(sql`
    with kept as (
      select uid from generation_jobs where uid = ${job.uid} and status = 'stopped' and worker_id = ${options.workerId} and not refunded
    ), chapter as (
      update chapters set content = ${text}, updated_at = now()
      where ${jobChapter(job)} and exists (select 1 from kept)
      returning 1
    )
    update novels set word_count = ${options.earlierWords + wordCount(text)}, updated_at = now()
    where uid = ${job.novelUid} and exists (select 1 from kept)`);
}

/** How a completion ended: written, stopped by its author first (ours to finish), or taken over by another worker. */
export type CompleteVerdict = 'done' | 'stopped' | 'lost';

/** One finished chapter (completeChapter). */
export type Completion = { job: Job; workerId: string; text: string; words: number };

/**
 * Finished chapters, their jobs done and their novels done, many in one statement (the runner
 * groups them). Like a save, it locks each job row whatever its state, so a stop that commits first
 * is told apart from a job another worker took over (whose readers that worker tells; we must not
 * say "done" to them).
 */
export async function completeChaptersMany(db: Db, completions: Completion[]): Promise<CompleteVerdict[]> {
  const input = completions.map((o, i) => ({
    i,
    job_uid: o.job.uid,
    worker_id: o.workerId,
    text: o.text,
    words: o.words,
    ...chapterRef(o.job),
  }));
  const result = await db.execute<{ i: number; status: string | null }>(sql`
    with req as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(
        i int, job_uid text, worker_id text, text text, words int, novel_uid text, chapter_id bigint, chapter_index int)
    ), mine as (
      update generation_jobs j set
        status = case when j.status = 'running' then 'done' else j.status end,
        finished_at = case when j.status = 'running' then now() else j.finished_at end,
        lease_until = case when j.status = 'running' then null else j.lease_until end,
        error = case when j.status = 'running' then null else j.error end
      from req r
      where j.uid = r.job_uid and j.worker_id = r.worker_id and j.status in ('running', 'stopped')
      returning j.uid, j.status
    ), written as (
      select r.* from req r join mine m on m.uid = r.job_uid where m.status = 'done'
    ), chapter as (
      update chapters c set content = w.text, updated_at = now()
      from written w
      where c.id = coalesce(w.chapter_id, (select n.path[w.chapter_index + 1] from novels n where n.uid = w.novel_uid))
      returning 1
    ), novel as (
      update novels n set generate_status = 'done', word_count = w.words, failure = null, updated_at = now()
      from written w where n.uid = w.novel_uid
      returning 1
    )
    select r.i, m.status from req r left join mine m on m.uid = r.job_uid`);
  const byIndex = new Map(result.rows.map((r) => [Number(r.i), r.status]));
  return completions.map((_, i) => {
    const status = byIndex.get(i);
    if (status === 'done') return 'done';
    return status === 'stopped' ? 'stopped' : 'lost';
  });
}

/** One finished chapter (completeChaptersMany). */
export async function completeChapter(db: Db, options: Completion): Promise<CompleteVerdict> {
  return (await completeChaptersMany(db, [options]))[0]!;
}

/**
 * Fails a job for good and refunds its charge in the same transaction; the empty version of a
 * continuation or rewrite goes and the path chosen before it comes back (versions.discardUnwritten). Answers the novel's new status, or null when the job was no longer ours. (A job the
 * safety check stopped is settled by unsafe.ts instead.)
 */
export async function failJobForGood(
  db: Db,
  options: { job: Job; workerId: string; code: 'model' | 'tries'; message: string },
): Promise<GenerateStatus | null> {
  const { job } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(generationJobs)
      .set({ status: 'failed', finishedAt: sql`now()`, leaseUntil: null, error: options.message })
      .where(and(eq(generationJobs.uid, job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, options.workerId)))
      .returning({ charge: generationJobs.charge });
    if (!row) return null;
    const [novel] = await tx.select({ authorUid: novels.authorUid }).from(novels).where(eq(novels.uid, job.novelUid));
    if (row.charge > 0 && novel) await applyLedger(tx, { userUid: novel.authorUid, kind: 'refund', amount: row.charge, ref: job.uid });
    // A continuation or rewrite that wrote nothing leaves no empty version behind; the word count is the chosen path's.
    const next: GenerateStatus = job.kind === 'generate' ? 'failed' : 'done';
    const words = await discardUnwritten(tx, job);
    await tx
      .update(novels)
      .set({ generateStatus: next, failure: options.code, wordCount: words, updatedAt: sql`now()` })
      .where(eq(novels.uid, job.novelUid));
    return next;
  });
}

/**
 * Puts a job whose attempt failed back in the queue, to be claimed no earlier than `delayMs` from
 * now (a queued job's lease_until is its not-before time). The try counts.
 */
export async function requeueAfterFailure(db: Db, options: { job: Job; workerId: string; message: string; delayMs: number }) {
  await db
    .update(generationJobs)
    .set({
      status: 'queued',
      leaseUntil: sql`now() + make_interval(secs => ${options.delayMs / 1000})`,
      workerId: null,
      error: options.message,
    })
    .where(
      and(eq(generationJobs.uid, options.job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, options.workerId)),
    );
}

/** Hands a claimed job back to the queue without counting the try (this process is stopping). */
export async function releaseJob(db: Db, options: { job: Job; workerId: string }) {
  await db
    .update(generationJobs)
    .set({ status: 'queued', leaseUntil: null, workerId: null, attempts: sql`greatest(${generationJobs.attempts} - 1, 0)` })
    .where(
      and(eq(generationJobs.uid, options.job.uid), eq(generationJobs.status, 'running'), eq(generationJobs.workerId, options.workerId)),
    );
}

/** The novel's status and word count as the database holds them (told to readers after a stop). */
export async function novelOutcome(db: Db, novelUid: string): Promise<{ status: GenerateStatus; words: number } | null> {
  const [row] = await db.select({ status: novels.generateStatus, words: novels.wordCount }).from(novels).where(eq(novels.uid, novelUid));
  return row ?? null;
}

/**
 * Queues a job for a new, empty chapter version: the version (numbered after its siblings, chosen
 * after its parent from now on), the novel's chosen path (`before` and then the new version) and its
 * status (`continuing`, no failure), the job that writes it and the workers' wake-up (NOTIFY, sent at
 * commit), in one statement inside the
 * caller's transaction (which inserted the novel or holds its row lock: version numbers are taken
 * under it). `words`, when given, is the new path's word count (a rewrite cuts the path short).
 * docs/decisions/0022-chapter-versions.md.
 */
export async function queueChapterJob(
  tx: DbOrTx,
  options: {
    jobUid: string;
    novelUid: string;
    chapterIndex: number;
    kind: Job['kind'];
    charge: number;
    /** The chosen versions of the chapters before this one (their ids, in order). */
    before: number[];
    /** A rewrite: the version it replaces, chosen again if the rewrite ends with no text. */
    previousChapterId?: number | null;
    words?: number;
    /** The author's beats and direction for this chapter (issue 50). */
    beats?: string[];
    direction?: string | null;
  },
): Promise<number> {
  const { novelUid, chapterIndex } = options;
  const parent = options.before[chapterIndex - 1] ?? null;
  const result = await tx.execute<{ id: string }>(sql`
    with chapter as (
      insert into chapters (novel_uid, index, parent_id, version)
      values (${novelUid}, ${chapterIndex}, ${parent}::bigint, (
        select coalesce(max(s.version), 0) + 1 from chapters s
        where s.novel_uid = ${novelUid} and s.index = ${chapterIndex} and s.parent_id is not distinct from ${parent}::bigint))
      returning id
    ), parent as (
      update chapters set next_id = (select id from chapter) where id = ${parent}::bigint
    ), novel as (
      update novels set path = ${toArray(options.before)}::bigint[] || (select id from chapter),
        word_count = coalesce(${options.words ?? null}::int, word_count),
        generate_status = 'continuing', failure = null, updated_at = now()
      where uid = ${novelUid}
    ), job as (
      insert into generation_jobs (uid, novel_uid, chapter_index, chapter_id, previous_chapter_id, kind, charge, beats, direction)
      select ${options.jobUid}, ${novelUid}, ${chapterIndex}, id, ${options.previousChapterId ?? null}::bigint, ${options.kind}, ${options.charge},
        ${JSON.stringify(options.beats ?? [])}::jsonb, ${options.direction || null}
      from chapter
    )
    select id, pg_notify(${JOBS_CHANNEL}, ${options.jobUid}) from chapter`);
  return Number(result.rows[0]!.id);
}
