import { PAGE_SIZE, type Comment, type CommentPage, type CreateCommentBody } from '@butterfic/contract';
import { and, asc, eq, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { postComments, posts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import { LIMITS } from '../../lib/limits';
import { limitJudgedWrite, rateLimit } from '../../lib/rate-limit';
import { authorNotBlocked, type AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { postDetails } from './service';

type Viewer = AuthUser | null;
type Row = { comment: typeof postComments.$inferSelect; authorName: string };

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** What a reader sees of a comment: live ones by authors who are not blocked, nor muted by this reader. */
function shown(viewer: Viewer): SQL {
  return and(
    eq(postComments.status, 'active'),
    authorNotBlocked(postComments.authorUid),
    viewer ? sql`${postComments.authorUid} not in (select m.muted_uid from mutes m where m.user_uid = ${viewer.uid})` : undefined,
  )!;
}

function present(row: Row, viewer: Viewer, postAuthor: string): Comment {
  const c = row.comment;
  return {
    uid: c.uid,
    post_uid: c.postUid,
    parent_uid: c.parentUid,
    author_uid: c.authorUid,
    author_name: row.authorName,
    content: c.content,
    created_time: seconds(c.createdAt),
    can_delete: viewer !== null && (viewer.uid === c.authorUid || viewer.uid === postAuthor),
  };
}

const columns = { comment: postComments, authorName: users.name };

/**
 * A post's comments for anyone who may read the post: threads oldest first, 20 top comments a page,
 * each followed by its replies (oldest first; a reply names its parent).
 */
export async function listComments(db: Db, options: { viewer: Viewer; postUid: string; page: number }): Promise<CommentPage> {
  const { viewer, postUid, page } = options;
  const post = await postDetails(db, { viewer: viewer, uid: postUid });
  const roots = await db
    .select(columns)
    .from(postComments)
    .innerJoin(users, eq(users.uid, postComments.authorUid))
    .where(and(eq(postComments.postUid, postUid), isNull(postComments.parentUid), shown(viewer)))
    .orderBy(asc(postComments.seq))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  const threads = roots.slice(0, PAGE_SIZE);
  const replies =
    threads.length === 0
      ? []
      : await db
          .select(columns)
          .from(postComments)
          .innerJoin(users, eq(users.uid, postComments.authorUid))
          .where(
            and(
              inArray(
                postComments.rootUid,
                threads.map((r) => r.comment.uid),
              ),
              isNotNull(postComments.parentUid),
              shown(viewer),
            ),
          )
          .orderBy(asc(postComments.seq));
  const results = threads.flatMap((root) => [root, ...replies.filter((r) => r.comment.rootUid === root.comment.uid)]);
  return {
    results: results.map((row) => present(row, viewer, post.author_uid)),
    page,
    page_size: PAGE_SIZE,
    has_more: roots.length > PAGE_SIZE,
    comments_off: post.comments_off === 1,
  };
}

/** The comment a reply answers: a live one of the same post (404001 otherwise). */
async function parentOf(db: Db, postUid: string, parentUid: string): Promise<{ uid: string; root: string }> {
  const [parent] = await db
    .select({ uid: postComments.uid, root: postComments.rootUid, status: postComments.status, postUid: postComments.postUid })
    .from(postComments)
    .where(eq(postComments.uid, parentUid));
  if (!parent || parent.postUid !== postUid || parent.status !== 'active') throw new AppError('notFound');
  return { uid: parent.uid, root: parent.root ?? parent.uid };
}

/**
 * A comment or a reply on a post the account may read, unless its author turned comments off (403001
 * `commentsOff`). Counted against `commentsPerAccount` and the judged writes, then checked like a post
 * (at the post's rating) before anything is written.
 */
export async function createComment(db: Db, options: { user: AuthUser; safety: Safety; body: CreateCommentBody }): Promise<Comment> {
  const { user, safety, body } = options;
  const post = await postDetails(db, { viewer: user, uid: body.post_uid });
  if (post.comments_off === 1) throw new AppError('forbidden', { message: 'commentsOff' });
  const parent = body.parent_uid ? await parentOf(db, body.post_uid, body.parent_uid) : null;
  await rateLimit(db, `comment:user:${user.uid}`, LIMITS.commentsPerAccount);
  await limitJudgedWrite(db, user.uid);
  await safety.refuse([body.content], { language: post.language, rating: post.is_r18 ? 'adult' : 'general', account: user.uid });
  const uid = newUid();
  const [row] = await db
    .insert(postComments)
    .values({
      uid,
      postUid: body.post_uid,
      parentUid: parent?.uid ?? null,
      rootUid: parent?.root ?? uid,
      authorUid: user.uid,
      content: body.content,
    })
    .returning();
  return present({ comment: row!, authorName: user.name }, user, post.author_uid);
}

/** Deletes a comment (its replies go with it): its author or the post's author only (403001 for others). */
export async function deleteComment(db: Db, options: { user: AuthUser; commentUid: string }): Promise<{ deleted: true }> {
  const { user, commentUid } = options;
  const [row] = await db
    .select({ author: postComments.authorUid, postAuthor: posts.authorUid })
    .from(postComments)
    .innerJoin(posts, eq(posts.uid, postComments.postUid))
    .where(eq(postComments.uid, commentUid));
  if (!row) throw new AppError('notFound');
  if (row.author !== user.uid && row.postAuthor !== user.uid) throw new AppError('forbidden');
  await db.delete(postComments).where(eq(postComments.uid, commentUid));
  return { deleted: true };
}
