import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { novels, users } from '../../db/schema';
import { clipSnapshot, type ContentKind } from '../moderation/content';
import { chosenPath } from './versions';

/** A novel as the moderation service sees it (modules/moderation/content.ts). */
export const novelContent: ContentKind = {
  async load(db: DbOrTx, uid: string) {
    const [row] = await db
      .select({ novel: novels, authorName: users.name })
      .from(novels)
      .innerJoin(users, eq(users.uid, novels.authorUid))
      .where(eq(novels.uid, uid));
    if (!row) return null;
    // What its readers were shown: the chosen path of chapter versions.
    const list = await chosenPath(db, uid);
    const n = row.novel;
    return {
      authorUid: n.authorUid,
      status: n.status,
      snapshot: {
        title: n.title,
        text: clipSnapshot(list.map((c) => c.content).join('\n\n')),
        author_name: row.authorName,
        language: n.language,
        is_r18: n.isR18,
      },
    };
  },
  async setTakedown(tx: DbOrTx, uid: string, takedown: { reason: string } | null) {
    await tx
      .update(novels)
      .set(
        takedown
          ? { status: 'taken_down', takedownReason: takedown.reason, takenDownAt: sql`now()`, updatedAt: sql`now()` }
          : { status: 'active', takedownReason: null, takenDownAt: null, updatedAt: sql`now()` },
      )
      .where(eq(novels.uid, uid));
  },
  statusSql: (uid: AnyPgColumn) => sql<string | null>`(select n.status from novels n where n.uid = ${uid})`,
};
