import { PAGE_SIZE, type PostPage } from '@butterfic/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { postBookmarks, posts } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { postDetails, readable, selectFacts, summarize } from './service';

/** Toggles a bookmark of a post the account may read (404001 / 403001 as its page otherwise). */
export async function toggleBookmark(db: Db, options: { user: AuthUser; postUid: string }): Promise<{ bookmarked: boolean }> {
  const { user, postUid } = options;
  const removed = await db
    .delete(postBookmarks)
    .where(and(eq(postBookmarks.userUid, user.uid), eq(postBookmarks.postUid, postUid)))
    .returning({ postUid: postBookmarks.postUid });
  if (removed.length > 0) return { bookmarked: false };
  await postDetails(db, { viewer: user, uid: postUid });
  await db.insert(postBookmarks).values({ userUid: user.uid, postUid }).onConflictDoNothing();
  return { bookmarked: true };
}

/**
 * One's own bookmarks, the latest first, as post rows. A bookmarked post that can no longer be read
 * (made a draft, taken down, its author blocked) is left out of the page but kept, should it come back.
 */
export async function listBookmarks(
  db: Db,
  options: { user: AuthUser; page: number },
): Promise<Omit<PostPage, 'snapshot'> & { snapshot: number }> {
  const { user, page } = options;
  const rows = await selectFacts(db)
    .innerJoin(postBookmarks, and(eq(postBookmarks.postUid, posts.uid), eq(postBookmarks.userUid, user.uid)))
    .orderBy(desc(postBookmarks.seq))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  const visible = rows.filter((row) => readable(row.post, user, row.authorBlocked) === 'yes');
  return {
    results: visible.slice(0, PAGE_SIZE).map((row) => summarize(row, user)),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
    snapshot: 0,
  };
}
