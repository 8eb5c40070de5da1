import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { chapters, generationJobs, novels } from '../../db/schema';
import type { Job, JobStore, MemorySource, StoredStory } from '../../generation/job-store';
import {
  completeChaptersMany,
  failJobForGood,
  keepStoppedChapterText,
  novelOutcome,
  releaseJob,
  requeueAfterFailure,
  saveChapterProgressMany,
} from './chapter-store';
import { SAFETY_FAILURE, settleUnsafeJob } from './unsafe';
import { storiesBefore } from './versions';

/**
 * The novels module's side of the engine's port (generation/job-store.ts, docs/decisions/0051): jobs,
 * novels and chapters as the job loop and the story memory read and write them. `claimDb`: the
 * connection claims and their reads go through (a burst of requests queued in the shared pool must
 * not hold up the claims that start stories); `progressDb`: the connections heartbeat saves go
 * through. Both default to `db`, which finishes, fails and refunds.
 */
export function novelJobStore({ db, claimDb = db, progressDb = db }: { db: Db; claimDb?: Db; progressDb?: Db }): JobStore {
  return {
    claim: (options) => claimJobs(claimDb, options),
    loadStories: (jobs) => loadStories(claimDb, jobs),
    saveProgress: (saves) => saveChapterProgressMany(progressDb, saves),
    complete: (completions) => completeChaptersMany(db, completions),
    keepStoppedText: (options) => keepStoppedChapterText(db, options),
    failForGood: (options) => failJobForGood(db, options),
    settleUnsafe: async (options) => {
      const settled = await settleUnsafeJob(db, options);
      return settled && { status: settled.status, failure: SAFETY_FAILURE[options.reason] };
    },
    requeue: (options) => requeueAfterFailure(db, options),
    release: (options) => releaseJob(db, options),
    novelOutcome: (novelUid) => novelOutcome(db, novelUid),
    memorySource: (chapterId) => memorySource(db, chapterId),
    saveMemory: async ({ chapterId, memory }) => {
      await db.update(chapters).set({ memory }).where(eq(chapters.id, chapterId));
    },
  };
}

/**
 * Claims up to `limit` runnable jobs (queued, or running with a lease that ran out: their process died)
 * in one statement, fairly across accounts rather than first in, first out: an account's n-th waiting
 * job takes its turn after (its running jobs + n), oldest first among equal turns; so one account
 * queueing many jobs cannot hold every worker while another waits. A queued job whose lease_until lies
 * ahead waits for its retry (backoff). Candidates are looked up and locked by key, FOR UPDATE SKIP
 * LOCKED, in turn order until enough are taken (docs/decisions/0048).
 */
async function claimJobs(
  db: Db,
  { workerId, leaseSeconds, limit }: { workerId: string; leaseSeconds: number; limit: number },
): Promise<Job[]> {
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
  return db
    .update(generationJobs)
    .set({
      status: 'running',
      attempts: sql`${generationJobs.attempts} + 1`,
      workerId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      startedAt: sql`coalesce(${generationJobs.startedAt}, now())`,
    })
    .where(sql`${generationJobs.uid} in (${picked})`)
    .returning();
}

/**
 * What each job writes from: its novel's settings, the chapters its version follows (its ancestors by
 * `parent_id`, not whatever is chosen now: a rewrite is never written from the version it replaces),
 * and any saved start of the chapter. Two queries for the whole batch. A job whose novel is gone has
 * no entry.
 */
async function loadStories(db: Db, jobs: Job[]): Promise<Map<string, StoredStory>> {
  const novelRows = await db
    .select()
    .from(novels)
    .where(inArray(novels.uid, [...new Set(jobs.map((j) => j.novelUid))]));
  const byUid = new Map(novelRows.map((n) => [n.uid, n]));
  // The version each job writes (old jobs from before versions: the chosen one at its place).
  const versionOf = new Map<string, number | null>();
  for (const job of jobs) versionOf.set(job.uid, job.chapterId ?? byUid.get(job.novelUid)?.path[job.chapterIndex] ?? null);
  const lines = await storiesBefore(
    db,
    [...versionOf.values()].filter((id): id is number => id !== null),
  );
  const out = new Map<string, StoredStory>();
  for (const job of jobs) {
    const novel = byUid.get(job.novelUid);
    if (!novel) continue;
    const chapterId = versionOf.get(job.uid) ?? null;
    const line = (chapterId !== null && lines.get(chapterId)) || { earlier: [], current: '', version: 1, memory: '' };
    out.set(job.uid, { job: { ...job, chapterId }, author: novel.authorUid, novel, line });
  }
  return out;
}

/** The chapter version and what the memory prompt needs of its novel (one query), and the memory before it. */
async function memorySource(db: Db, chapterId: number): Promise<MemorySource | null> {
  const [row] = await db
    .select({
      index: chapters.index,
      content: chapters.content,
      novel: { language: novels.language, params: novels.params, pinnedFacts: novels.pinnedFacts, isR18: novels.isR18 },
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.uid, chapters.novelUid))
    .where(eq(chapters.id, chapterId));
  if (!row) return null;
  if (!row.content.trim()) return { ...row, previous: '' };
  const line = (await storiesBefore(db, [chapterId])).get(chapterId);
  return { ...row, previous: line?.memory ?? '' };
}
