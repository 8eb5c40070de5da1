import { wordCount } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import type { generationJobs } from '../../db/schema';
import type { DbOrTx } from '../../db';

/**
 * Chapter versions (docs/decisions/0022-chapter-versions.md). The chapters of a
 * novel form a tree: each version points at the version it follows
 * (`parent_id`); `novels.path` holds the chosen version of each chapter, so
 * the chosen path is one query by primary key; `next_id` remembers, per
 * version, the version of the next chapter chosen after it.
 */

type Job = Pick<typeof generationJobs.$inferSelect, 'novelUid' | 'chapterIndex' | 'chapterId' | 'previousChapterId' | 'kind'>;

export type PathChapter = {
  id: number;
  index: number;
  content: string;
  version: number;
  versions: number;
  createdAt: Date;
};

const toIds = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** The chosen path of a novel, in chapter order, each with its version number and how many versions it has. */
export async function chosenPath(db: DbOrTx, novelUid: string): Promise<PathChapter[]> {
  const result = await db.execute<{
    id: string;
    index: number;
    content: string;
    version: number;
    versions: number;
    created_at: string;
  }>(sql`
    select c.id, c.index, c.content, c.version, c.created_at,
      (select count(*) from chapters s
        where s.novel_uid = c.novel_uid and s.index = c.index and s.parent_id is not distinct from c.parent_id)::int as versions
    from novels n join chapters c on c.id = any(n.path)
    where n.uid = ${novelUid}
    order by c.index`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    index: r.index,
    content: r.content,
    version: r.version,
    versions: r.versions,
    createdAt: new Date(r.created_at),
  }));
}

/** The novel's chosen path as ids, locking the novel row (every change of the path holds this lock). */
export async function lockedPath(tx: DbOrTx, novelUid: string): Promise<number[]> {
  const result = await tx.execute<{ path: unknown }>(sql`select path from novels where uid = ${novelUid} for update`);
  return toIds(result.rows[0]?.path);
}

/** The text of the chosen version of chapter `index` (what the novel's readers see there). */
export async function chosenChapterText(db: Db, novelUid: string, index: number): Promise<string> {
  const result = await db.execute<{ content: string }>(sql`
    select c.content from novels n join chapters c on c.id = n.path[${index + 1}] where n.uid = ${novelUid}`);
  return result.rows[0]?.content ?? '';
}

/** What a job writes from: the chapters its version follows, and the text its version already holds. */
export type StoryLine = {
  earlier: string[];
  current: string;
  version: number;
  /** The story memory of the nearest chapter before it that has one (the author's edit wins), '' for none. */
  memory: string;
};

/**
 * What each of a batch of jobs writes from, in one query (the runner loads a claimed batch at once):
 * for each chapter version, the chapters it follows (its ancestors by `parent_id`, not whatever is
 * chosen now, and never the version a rewrite replaces) and the text it already holds (a resumed
 * attempt carries on after it). Versions that no longer exist are missing from the answer.
 */
export async function storiesBefore(db: DbOrTx, chapterIds: number[]): Promise<Map<number, StoryLine>> {
  const out = new Map<number, StoryLine>();
  if (chapterIds.length === 0) return out;
  const result = await db.execute<{ start: string; id: string; content: string; version: number; memory: string | null }>(sql`
    with recursive up as (
      select id as start, id, parent_id, index, content, version, coalesce(memory_edited, memory) as memory
        from chapters where id = any(${toArray(chapterIds)}::bigint[])
      union all
      select up.start, c.id, c.parent_id, c.index, c.content, c.version, coalesce(c.memory_edited, c.memory)
        from chapters c join up on c.id = up.parent_id
    )
    select start, id, content, version, memory from up order by start, index`);
  for (const row of result.rows) {
    const start = Number(row.start);
    const line = out.get(start) ?? { earlier: [], current: '', version: 1, memory: '' };
    if (Number(row.id) === start) {
      line.current = row.content;
      line.version = row.version;
    } else {
      line.earlier.push(row.content);
      // Ordered by index: the last one seen is the nearest.
      if (row.memory) line.memory = row.memory;
    }
    out.set(start, line);
  }
  return out;
}

/** The version `start` and, after it, the later versions last chosen (following `next_id`). */
export async function descend(tx: DbOrTx, start: number): Promise<number[]> {
  const result = await tx.execute<{ id: string }>(sql`
    with recursive down as (
      select id, next_id, index from chapters where id = ${start}
      union all
      select c.id, c.next_id, c.index from chapters c join down on c.id = down.next_id
    )
    select id from down order by index`);
  return result.rows.map((r) => Number(r.id));
}

/** The word count of a path of chapter ids. */
export async function pathWords(tx: DbOrTx, path: number[]): Promise<number> {
  if (path.length === 0) return 0;
  const result = await tx.execute<{ text: string | null }>(sql`
    select string_agg(content, E'\n\n' order by index) as text from chapters where id = any(${toArray(path)}::bigint[])`);
  return wordCount(result.rows[0]?.text ?? '');
}

/** A path as a PostgreSQL array literal parameter. */
export const toArray = (path: number[]): string => `{${path.map((id) => String(Math.trunc(id))).join(',')}}`;

/** Stores a new chosen path and the word count it has (the novel row must be locked by the caller's transaction). */
export async function setPath(tx: DbOrTx, novelUid: string, path: number[]): Promise<number> {
  const words = await pathWords(tx, path);
  await tx.execute(sql`
    update novels set path = ${toArray(path)}::bigint[], word_count = ${words}, updated_at = now() where uid = ${novelUid}`);
  return words;
}

/**
 * A continuation or rewrite that ended with no text leaves nothing behind:
 * its empty version goes, and the path is the one chosen before it (for a
 * rewrite, the replaced version with its own later chapters). Answers the
 * novel's word count afterwards. Call inside the transaction that settles the
 * job; a first generation keeps its (empty) chapter 0.
 */
export async function discardUnwritten(tx: DbOrTx, job: Job): Promise<number> {
  const path = await lockedPath(tx, job.novelUid);
  const chapterId = job.chapterId ?? path[job.chapterIndex] ?? null;
  if (job.kind === 'generate' || chapterId === null) return pathWords(tx, path);
  const found = await tx.execute<{ parent_id: string | null; content: string }>(
    sql`select parent_id, content from chapters where id = ${chapterId}`,
  );
  const row = found.rows[0];
  if (!row || row.content !== '') return pathWords(tx, path);
  const previous = job.kind === 'rewrite' ? job.previousChapterId : null;
  if (row.parent_id !== null) await tx.execute(sql`update chapters set next_id = ${previous} where id = ${Number(row.parent_id)}`);
  await tx.execute(sql`delete from chapters where id = ${chapterId}`);
  const before = path.slice(0, job.chapterIndex);
  return setPath(tx, job.novelUid, previous === null ? before : [...before, ...(await descend(tx, previous))]);
}
