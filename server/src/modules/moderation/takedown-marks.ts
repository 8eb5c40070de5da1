import { createHash } from 'node:crypto';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { takedownMarks } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The kinds whose takedowns leave a mark (a novel's takedown marks the posts bound to it). */
export type MarkedKind = 'post' | 'persona';

/** White space a re-post could add or remove; migration 0024 removes the same characters in SQL. */
const SPACE = /[ \t\n\r\f\v\u00a0\u3000]+/g;

/** The hash a takedown keeps of a text: sha256 (hex) of the text without white space. */
export const textHash = (text: string) => createHash('sha256').update(text.replace(SPACE, ''), 'utf8').digest('hex');

/** The text of a persona that its takedown keeps: both settings and the plot (names and blurb are short). */
export const personaText = (p: { charASetting: string; charBSetting: string; plot: string }) => p.charASetting + p.charBSetting + p.plot;

/** Records a takedown's mark (inside the takedown's transaction); taking it down again keeps one mark. */
export async function markTakenDown(tx: DbOrTx, mark: { type: MarkedKind; uid: string; text: string; novelUid?: string | null }) {
  const values = { targetType: mark.type, targetUid: mark.uid, textHash: textHash(mark.text), novelUid: mark.novelUid ?? null };
  await tx
    .insert(takedownMarks)
    .values(values)
    .onConflictDoUpdate({
      target: [takedownMarks.targetType, takedownMarks.targetUid],
      set: { textHash: values.textHash, novelUid: values.novelUid },
    });
}

/** Removes the marks of restored content. */
export async function clearMarks(tx: DbOrTx, type: MarkedKind, uids: string[]) {
  if (uids.length === 0) return;
  await tx.delete(takedownMarks).where(and(eq(takedownMarks.targetType, type), inArray(takedownMarks.targetUid, uids)));
}

/**
 * Refuses (400001 with data.refused "taken_down") a post or persona that would bring taken-down content
 * back: the same text as one taken down, or (a post) bound to a novel a taken-down post was bound to.
 */
export async function refuseTakenDown(db: DbOrTx, input: { type: MarkedKind; text: string; novelUid?: string | null }) {
  const match: SQL[] = [eq(takedownMarks.textHash, textHash(input.text))];
  if (input.novelUid) match.push(eq(takedownMarks.novelUid, input.novelUid));
  const [hit] = await db
    .select({ novelUid: takedownMarks.novelUid, textHash: takedownMarks.textHash })
    .from(takedownMarks)
    .where(and(eq(takedownMarks.targetType, input.type), or(...match)))
    .limit(1);
  if (!hit) return;
  const why = input.novelUid && hit.novelUid === input.novelUid ? 'novel' : 'text';
  throw new AppError('invalidInput', {
    message: why === 'novel' ? 'takenDownNovel' : 'takenDownText',
    data: { refused: 'taken_down', match: why },
  });
}
