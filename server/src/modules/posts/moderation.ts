import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { posts, users } from '../../db/schema';
import { clipSnapshot, type ContentKind } from '../moderation/content';
import { clearMarks, markTakenDown } from '../moderation/takedown-marks';
import { syncNovelVisibility } from './service';

/** A post as the moderation service sees it (modules/moderation/content.ts). */
export const postContent: ContentKind = {
  async load(db: DbOrTx, uid: string) {
    const [row] = await db
      .select({ post: posts, authorName: users.name })
      .from(posts)
      .innerJoin(users, eq(users.uid, posts.authorUid))
      .where(eq(posts.uid, uid));
    if (!row) return null;
    const p = row.post;
    return {
      authorUid: p.authorUid,
      status: p.status,
      snapshot: { title: p.title, text: clipSnapshot(p.content), author_name: row.authorName, language: p.language, is_r18: p.isR18 },
    };
  },
  async setTakedown(tx: DbOrTx, uid: string, takedown: { reason: string } | null) {
    const [row] = await tx
      .update(posts)
      .set(
        takedown
          ? { status: 'taken_down', takedownReason: takedown.reason, takenDownAt: sql`now()`, updatedAt: sql`now()` }
          : { status: 'active', takedownReason: null, takenDownAt: null, takenDownWithNovel: false, updatedAt: sql`now()` },
      )
      .where(eq(posts.uid, uid))
      .returning({ novelUid: posts.novelUid, content: posts.content });
    // It stays down: its text and its novel cannot be posted again until it is restored.
    if (row && takedown) await markTakenDown(tx, { type: 'post', uid, text: row.content, novelUid: row.novelUid });
    if (row && !takedown) await clearMarks(tx, 'post', [uid]);
    // The novel a post shows is public only while a live post shows it.
    await syncNovelVisibility(tx, { novelUid: row?.novelUid ?? null });
  },
  statusSql: (uid: AnyPgColumn) => sql<string | null>`(select p.status from posts p where p.uid = ${uid})`,
};
