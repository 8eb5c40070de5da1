import type { History, HistorySource, NovelDetails } from '@butterfic/contract';
import { HISTORY_MAX } from '@butterfic/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { chapterHistory, chapters } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { novelDetails, ownNovel } from './service';
import { lockedPath, setPath } from './versions';

/**
 * A chapter version's history (issue 50, docs/decisions/0056-co-writing-in-place.md): every text it
 * held, newest first, at most HISTORY_MAX (the SQL function chapter_history_add, migration 0037,
 * drops the oldest beyond). What the model wrote is recorded by a trigger when its job ends; hand
 * edits, accepted revisions and restores are recorded here, in the transaction that saves them.
 */

/**
 * Records a new text of chapter version `chapterId`. A version with no history yet (written before
 * history was kept) first gets the text it held, as the model's, so an undo can always go back to it.
 */
export async function recordHistory(
  tx: DbOrTx,
  { chapterId, source, before, after }: { chapterId: number; source: HistorySource; before: string; after: string },
): Promise<void> {
  const [known] = await tx.select({ id: chapterHistory.id }).from(chapterHistory).where(eq(chapterHistory.chapterId, chapterId)).limit(1);
  if (!known && before !== '') await tx.execute(sql`select chapter_history_add(${chapterId}::bigint, 'model', ${before})`);
  await tx.execute(sql`select chapter_history_add(${chapterId}::bigint, ${source}, ${after})`);
}

/** The author's own idle novel, locked, with the id of chapter `index` of its chosen path (404001 off the path). */
export async function lockedChapter(tx: DbOrTx, user: AuthUser, novelUid: string, index: number) {
  const novel = await ownNovel(tx, { user, uid: novelUid, lock: true });
  if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
    throw new AppError('invalidInput', { message: 'novelBusy' });
  const path = await lockedPath(tx, novelUid);
  const chapterId = path[index];
  if (chapterId === undefined) throw new AppError('notFound');
  const [row] = await tx.select({ content: chapters.content }).from(chapters).where(eq(chapters.id, chapterId));
  return { novel, path, chapterId, content: row?.content ?? '' };
}

/** Replaces a chapter version's text, keeps the novel's word count, and records the change. */
export async function saveChapterText(
  tx: DbOrTx,
  o: { novelUid: string; path: number[]; chapterId: number; before: string; after: string; source: HistorySource },
): Promise<void> {
  await tx
    .update(chapters)
    .set({ content: o.after, updatedAt: sql`now()` })
    .where(eq(chapters.id, o.chapterId));
  await setPath(tx, o.novelUid, o.path);
  await recordHistory(tx, { chapterId: o.chapterId, source: o.source, before: o.before, after: o.after });
}

/** GET /novel/history/: the history of the chosen version of one chapter, newest first (author only). */
export async function chapterHistoryOf(
  db: Db,
  { user, novelUid, chapterIndex }: { user: AuthUser; novelUid: string; chapterIndex: number },
): Promise<History> {
  const novel = await ownNovel(db, { user, uid: novelUid });
  const chapterId = novel.path[chapterIndex];
  if (chapterId === undefined) throw new AppError('notFound');
  const rows = await db
    .select()
    .from(chapterHistory)
    .where(eq(chapterHistory.chapterId, chapterId))
    .orderBy(desc(chapterHistory.id))
    .limit(HISTORY_MAX);
  if (rows.length === 0) {
    // Written before history was kept: its text as it is now is the one entry.
    const [row] = await db
      .select({ content: chapters.content, createdAt: chapters.createdAt })
      .from(chapters)
      .where(eq(chapters.id, chapterId));
    if (!row?.content) return { entries: [] };
    return { entries: [{ uid: `current-${chapterId}`, source: 'model', created_time: seconds(row.createdAt), content: row.content }] };
  }
  return {
    entries: rows.map((r) => ({ uid: r.uid, source: r.source, created_time: seconds(r.createdAt), content: r.content })),
  };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** POST /novel/history/restore/: an earlier text back as a new entry (so the restore itself can be undone). */
export async function restoreHistory(
  db: Db,
  { user, novelUid, chapterIndex, uid }: { user: AuthUser; novelUid: string; chapterIndex: number; uid: string },
): Promise<NovelDetails> {
  await db.transaction(async (tx) => {
    const { path, chapterId, content } = await lockedChapter(tx, user, novelUid, chapterIndex);
    const [entry] = await tx
      .select({ content: chapterHistory.content })
      .from(chapterHistory)
      .where(and(eq(chapterHistory.uid, uid), eq(chapterHistory.chapterId, chapterId)));
    if (!entry) throw new AppError('notFound');
    await saveChapterText(tx, { novelUid, path, chapterId, before: content, after: entry.content, source: 'restore' });
  });
  return novelDetails(db, { viewer: user, uid: novelUid });
}
