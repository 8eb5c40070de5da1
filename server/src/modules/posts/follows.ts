import { MUTES_MAX, PAGE_SIZE, type AuthorPage, type PostPage } from '@butterfic/contract';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { follows, mutes, posts, readingSettings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authorNotBlocked, type AuthUser } from '../../plugins/auth';
import { selectFacts, summarize } from './service';

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Another account that exists (404001 otherwise); oneself is refused with 403001 `ownAccount`. */
async function otherAccount(db: Db, user: AuthUser, authorUid: string): Promise<void> {
  if (authorUid === user.uid) throw new AppError('forbidden', { message: 'ownAccount' });
  const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, authorUid));
  if (!row) throw new AppError('notFound');
}

/** Follows an author, or stops following (issue 51): their new public posts reach the inbox. */
export async function toggleFollow(db: Db, options: { user: AuthUser; authorUid: string }): Promise<{ following: boolean }> {
  const { user, authorUid } = options;
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.followerUid, user.uid), eq(follows.authorUid, authorUid)))
    .returning({ uid: follows.authorUid });
  if (removed.length > 0) return { following: false };
  await otherAccount(db, user, authorUid);
  await db.insert(follows).values({ followerUid: user.uid, authorUid }).onConflictDoNothing();
  return { following: true };
}

/**
 * Mutes an author, or lifts it: their posts and comments leave the muter's feed, inbox and comment
 * threads, and nobody else's. At most MUTES_MAX (2,000, as AO3): one more answers 403001 `muteLimit`.
 */
export async function toggleMute(db: Db, options: { user: AuthUser; authorUid: string }): Promise<{ muted: boolean }> {
  const { user, authorUid } = options;
  const removed = await db
    .delete(mutes)
    .where(and(eq(mutes.userUid, user.uid), eq(mutes.mutedUid, authorUid)))
    .returning({ uid: mutes.mutedUid });
  if (removed.length > 0) return { muted: false };
  await otherAccount(db, user, authorUid);
  return db.transaction(async (tx) => {
    // One muter's toggles one after another, so two at once cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mutes:${user.uid}`}))`);
    const [held] = await tx.select({ n: count() }).from(mutes).where(eq(mutes.userUid, user.uid));
    if ((held?.n ?? 0) >= MUTES_MAX) throw new AppError('forbidden', { message: 'muteLimit', params: { max: MUTES_MAX } });
    await tx.insert(mutes).values({ userUid: user.uid, mutedUid: authorUid }).onConflictDoNothing();
    return { muted: true };
  });
}

/** The accounts one follows (`table` follows) or has muted (mutes), latest first, by pen name. */
export async function listAuthors(db: Db, options: { user: AuthUser; which: 'following' | 'muted'; page: number }): Promise<AuthorPage> {
  const { user, which, page } = options;
  const rows =
    which === 'following'
      ? await db
          .select({ uid: users.uid, name: users.name, since: follows.createdAt })
          .from(follows)
          .innerJoin(users, eq(users.uid, follows.authorUid))
          .where(eq(follows.followerUid, user.uid))
          .orderBy(desc(follows.createdAt), users.uid)
          .limit(PAGE_SIZE + 1)
          .offset((page - 1) * PAGE_SIZE)
      : await db
          .select({ uid: users.uid, name: users.name, since: mutes.createdAt })
          .from(mutes)
          .innerJoin(users, eq(users.uid, mutes.mutedUid))
          .where(eq(mutes.userUid, user.uid))
          .orderBy(desc(mutes.createdAt), users.uid)
          .limit(PAGE_SIZE + 1)
          .offset((page - 1) * PAGE_SIZE);
  return {
    results: rows.slice(0, PAGE_SIZE).map((row) => ({ author_uid: row.uid, author_name: row.name, since: seconds(row.since) })),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
  };
}

/**
 * The inbox's posts: public, live posts of followed authors published since the follow, neither muted
 * nor by a blocked author, adult ones only for 18+-confirmed readers.
 */
function inboxWhere(user: AuthUser, after?: number): SQL {
  return and(
    sql`exists (select 1 from follows f where f.follower_uid = ${user.uid} and f.author_uid = ${posts.authorUid} and ${posts.publishedAt} >= f.created_at)`,
    eq(posts.isPublic, true),
    eq(posts.status, 'active'),
    authorNotBlocked(posts.authorUid),
    sql`${posts.authorUid} not in (select m.muted_uid from mutes m where m.user_uid = ${user.uid})`,
    user.adultConfirmedAt ? undefined : eq(posts.isR18, false),
    after !== undefined ? gt(posts.seq, after) : undefined,
  )!;
}

/** GET /user/inbox/: newest first; page 1 marks everything on it read. */
export async function inbox(db: Db, options: { user: AuthUser; page: number }): Promise<PostPage> {
  const { user, page } = options;
  const rows = await selectFacts(db)
    .where(inboxWhere(user))
    .orderBy(desc(posts.seq))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE);
  const newest = rows[0]?.post.seq ?? 0;
  if (page === 1 && newest > 0)
    await db
      .insert(readingSettings)
      .values({ userUid: user.uid, inboxSeenSeq: newest })
      .onConflictDoUpdate({
        target: readingSettings.userUid,
        set: { inboxSeenSeq: sql`greatest(${readingSettings.inboxSeenSeq}, ${newest})` },
      });
  return {
    results: rows.slice(0, PAGE_SIZE).map((row) => summarize(row, user)),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
    snapshot: newest,
  };
}

/** The shell's badge: inbox posts newer than the last page 1 the reader opened (counted up to 100). */
export async function inboxUnread(db: Db, options: { user: AuthUser }): Promise<{ unread: number }> {
  const { user } = options;
  const [seen] = await db.select({ seq: readingSettings.inboxSeenSeq }).from(readingSettings).where(eq(readingSettings.userUid, user.uid));
  const [row] = await db.select({ n: count() }).from(
    sql`(${db
      .select({ seq: posts.seq })
      .from(posts)
      .where(inboxWhere(user, seen?.seq ?? 0))
      .limit(100)}) as unread`,
  );
  return { unread: row?.n ?? 0 };
}
