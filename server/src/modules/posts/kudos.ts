import type { KudosResult } from '@butterfic/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { postKudos, posts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { postDetails } from './service';

/**
 * Kudos (issue 51): once per account and post (again changes nothing), never on one's own post (403001
 * `ownKudos`); only on a post the account may read (404001 / 403001 as its page). The count is kept on the
 * post, raised in the transaction that records the kudos.
 */
export async function giveKudos(db: Db, options: { user: AuthUser; postUid: string }): Promise<KudosResult> {
  const { user, postUid } = options;
  const post = await postDetails(db, { viewer: user, uid: postUid });
  if (post.author_uid === user.uid) throw new AppError('forbidden', { message: 'ownKudos' });
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(postKudos)
      .values({ postUid, userUid: user.uid })
      .onConflictDoNothing()
      .returning({ postUid: postKudos.postUid });
    if (inserted.length > 0) {
      const [row] = await tx
        .update(posts)
        .set({ kudosCount: sql`${posts.kudosCount} + 1` })
        .where(eq(posts.uid, postUid))
        .returning({ kudos: posts.kudosCount });
      return { kudos_count: row?.kudos ?? 0, kudoed: true };
    }
    const [row] = await tx.select({ kudos: posts.kudosCount }).from(posts).where(eq(posts.uid, postUid));
    return { kudos_count: row?.kudos ?? 0, kudoed: true };
  });
}
