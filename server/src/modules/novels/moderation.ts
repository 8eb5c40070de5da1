import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db';
import { novels, posts, users } from '../../db/schema';
import { clipSnapshot, type ContentKind } from '../moderation/content';
import { clearMarks, markTakenDown } from '../moderation/takedown-marks';
import { syncNovelVisibility } from '../posts/service';
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
    // Its posts go down with it (and are marked, like a post taken down on its own); a restore brings
    // back exactly those, never a post an operator took down by itself. The novel is then public
    // again only if one of them is public (syncNovelVisibility).
    const moved = await tx
      .update(posts)
      .set(
        takedown
          ? {
              status: 'taken_down',
              takedownReason: takedown.reason,
              takenDownAt: sql`now()`,
              takenDownWithNovel: true,
              updatedAt: sql`now()`,
            }
          : { status: 'active', takedownReason: null, takenDownAt: null, takenDownWithNovel: false, updatedAt: sql`now()` },
      )
      .where(and(eq(posts.novelUid, uid), takedown ? eq(posts.status, 'active') : eq(posts.takenDownWithNovel, true)))
      .returning({ uid: posts.uid, content: posts.content });
    if (takedown) for (const post of moved) await markTakenDown(tx, { type: 'post', uid: post.uid, text: post.content, novelUid: uid });
    else
      await clearMarks(
        tx,
        'post',
        moved.map((p) => p.uid),
      );
    await syncNovelVisibility(tx, { novelUid: uid });
  },
  statusSql: (uid: AnyPgColumn) => sql<string | null>`(select n.status from novels n where n.uid = ${uid})`,
};
