import { CONTEXT_KINDS, type ContextPart, type NovelContext } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { ownNovel } from './service';

type Kept = { context_tokens: number; total_tokens: number; parts: ContextPart[] };

const isKept = (value: unknown): value is Kept =>
  typeof value === 'object' && value !== null && Array.isArray((value as Kept).parts) && typeof (value as Kept).context_tokens === 'number';

/**
 * What the model was given for the chosen version of a chapter (issue 49): the prompt part by part,
 * kept on the chapter version when it was written (chapters.context). Author only; a chapter written
 * before this was kept answers 404001.
 */
export async function novelContext(
  db: Db,
  { user, novelUid, chapterIndex }: { user: AuthUser; novelUid: string; chapterIndex: number },
): Promise<NovelContext> {
  const novel = await ownNovel(db, { user: user, uid: novelUid });
  const chapterId = novel.path[chapterIndex];
  if (chapterId === undefined) throw new AppError('notFound');
  const result = await db.execute<{ version: number; context: unknown }>(
    sql`select version, context from chapters where id = ${chapterId}`,
  );
  const row = result.rows[0];
  if (!row || !isKept(row.context)) throw new AppError('notFound');
  const parts = row.context.parts.filter((p) => (CONTEXT_KINDS as readonly string[]).includes(p.kind));
  return {
    novel_uid: novel.uid,
    chapter_index: chapterIndex,
    version: row.version,
    context_tokens: row.context.context_tokens,
    total_tokens: parts.reduce((sum, p) => sum + p.tokens, 0),
    parts,
  };
}
