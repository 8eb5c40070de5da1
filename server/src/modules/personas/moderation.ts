import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { personas } from '../../db/schema';
import { clipSnapshot, type ContentKind } from '../moderation/content';
import { clearMarks, markTakenDown, personaText } from '../moderation/takedown-marks';

/** A persona as the moderation service sees it (modules/moderation/content.ts): published is "active". */
export const personaContent: ContentKind = {
  async load(db: DbOrTx, uid: string) {
    const [p] = await db.select().from(personas).where(eq(personas.uid, uid));
    if (!p) return null;
    const text = [`${p.charAName}: ${p.charASetting}`, `${p.charBName}: ${p.charBSetting}`, p.plot, p.description].join('\n\n');
    return {
      authorUid: p.authorUid,
      status: p.status === 'published' ? 'active' : 'taken_down',
      snapshot: {
        title: `${p.charAName} × ${p.charBName}`,
        text: clipSnapshot(text),
        author_name: p.authorName,
        language: p.language,
        is_r18: p.isR18,
      },
    };
  },
  async setTakedown(tx: DbOrTx, uid: string, takedown: { reason: string } | null) {
    const [row] = await tx
      .update(personas)
      .set(
        takedown
          ? { status: 'taken_down', takedownReason: takedown.reason, takenDownAt: sql`now()`, updatedAt: sql`now()` }
          : { status: 'published', takedownReason: null, takenDownAt: null, updatedAt: sql`now()` },
      )
      .where(eq(personas.uid, uid))
      .returning();
    // It stays down: the same settings and plot cannot be published again until it is restored.
    if (row && takedown) await markTakenDown(tx, { type: 'persona', uid, text: personaText(row) });
    if (row && !takedown) await clearMarks(tx, 'persona', [uid]);
  },
  statusSql: (uid: AnyPgColumn) =>
    sql<string | null>`(select case when pe.status = 'published' then 'active' else pe.status end from personas pe where pe.uid = ${uid})`,
};
