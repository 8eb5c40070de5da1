import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { postComments, posts, users } from '../../db/schema';
import { clipSnapshot, type ContentKind } from '../moderation/content';

/** A comment as the moderation service sees it (issue 51): reported and taken down like a post. */
export const commentContent: ContentKind = {
  async load(db: DbOrTx, uid: string) {
    const [row] = await db
      .select({ comment: postComments, authorName: users.name, postTitle: posts.title, language: posts.language, isR18: posts.isR18 })
      .from(postComments)
      .innerJoin(users, eq(users.uid, postComments.authorUid))
      .innerJoin(posts, eq(posts.uid, postComments.postUid))
      .where(eq(postComments.uid, uid));
    if (!row) return null;
    const c = row.comment;
    return {
      authorUid: c.authorUid,
      status: c.status,
      snapshot: {
        title: row.postTitle,
        text: clipSnapshot(c.content),
        author_name: row.authorName,
        language: row.language,
        is_r18: row.isR18,
      },
    };
  },
  async setTakedown(tx: DbOrTx, uid: string, takedown: { reason: string } | null) {
    await tx
      .update(postComments)
      .set(
        takedown
          ? { status: 'taken_down', takedownReason: takedown.reason, takenDownAt: sql`now()` }
          : { status: 'active', takedownReason: null, takenDownAt: null },
      )
      .where(eq(postComments.uid, uid));
  },
  statusSql: (uid: AnyPgColumn) => sql<string | null>`(select c.status from post_comments c where c.uid = ${uid})`,
};
