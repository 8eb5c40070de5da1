import {
  PAGE_SIZE,
  POST_EXCERPT_LENGTH,
  type CreatePostBody,
  type EditPostBody,
  type Post,
  type PostPage,
  type PostSummary,
  wordCount,
} from '@butterfic/contract';
import { and, desc, eq, getTableColumns, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db';
import { novels, personas, posts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ProcessCache } from '../../lib/cache';
import { newUid } from '../../lib/ids';
import { authorBlocked, authorNotBlocked, type AuthUser } from '../../plugins/auth';
import { refuseTakenDown } from '../moderation/takedown-marks';
import { cleanTags, cleanWarnings, novelTags } from './tags';
import { viewerFacts } from './viewer-facts';
import { feedFilters, NO_FILTERS, type FeedQuery } from './feed-filters';
import type { Safety } from '../../safety';
import type { DbOrTx } from '../../db';

type PostRow = typeof posts.$inferSelect;
type Viewer = AuthUser | null;

/** The joined facts a post is presented with. */
type PostFacts = {
  post: PostRow;
  authorName: string;
  writtenBy: (typeof novels.$inferSelect)['writtenBy'] | null;
  personaUid: string | null;
  personaTitle: string | null;
  authorBlocked: boolean;
};

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The first lines of a post, whole characters (never half a CJK character or emoji). */
export function excerpt(content: string, length = POST_EXCERPT_LENGTH): string {
  // A long story: its opening decides (whitespace collapses locally, so the opening's collapsed
  // characters are the first ones of the whole), without walking the whole text.
  const window = length * 4 + 16;
  if (content.length > window) {
    const opening = Array.from(content.slice(0, window).replace(/\s+/g, ' ').trimStart());
    // One more than needed, and one spare for a surrogate pair the cut may have split.
    if (opening.length > length + 1) return opening.slice(0, length).join('').trimEnd() + '…';
  }
  const flat = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : chars.slice(0, length).join('').trimEnd() + '…';
}

function present(facts: PostFacts, viewer: Viewer): Post {
  const { post } = facts;
  return {
    uid: post.uid,
    title: post.title,
    content: post.content,
    author_name: facts.authorName,
    author_uid: post.authorUid,
    views_count: post.viewsCount,
    is_public: post.isPublic ? 1 : 0,
    is_r18: post.isR18 ? 1 : 0,
    allow_download: post.allowDownload ? 1 : 0,
    word_count: post.wordCount,
    language: post.language,
    novel_uid: post.novelUid,
    novel_modified: post.novelModified ? 1 : 0,
    is_mine: viewer?.uid === post.authorUid,
    created_time: seconds(post.createdAt),
    updated_time: seconds(post.updatedAt),
    published_time: post.publishedAt ? seconds(post.publishedAt) : null,
    provenance: { app: 'butterfic', written_by: facts.writtenBy, persona_uid: facts.personaUid, persona_title: facts.personaTitle },
    takedown:
      post.status === 'taken_down' && viewer?.uid === post.authorUid
        ? { reason: post.takedownReason ?? '', at: seconds(post.takenDownAt ?? post.updatedAt) }
        : null,
    tags: post.tags,
    warnings: post.warnings as Post['warnings'],
    kudos_count: post.kudosCount,
    comments_off: post.commentsOff ? 1 : 0,
    kudoed: false,
    bookmarked: false,
    following_author: false,
    muted_author: false,
  };
}

/** A post in a list: its stored excerpt (migration 0027, equal to `excerpt` of its text) instead of its text. */
export function summarize(facts: PostFacts, viewer: Viewer): PostSummary {
  const { content: _content, kudoed: _k, bookmarked: _b, following_author: _f, muted_author: _m, ...rest } = present(facts, viewer);
  return { ...rest, excerpt: facts.post.excerpt };
}

export const factColumns = {
  post: posts,
  authorName: users.name,
  writtenBy: novels.writtenBy,
  personaUid: personas.uid,
  personaTitle: sql<
    string | null
  >`case when ${personas.uid} is null then null else ${personas.charAName} || ' × ' || ${personas.charBName} end`,
  authorBlocked: authorBlocked(posts.authorUid),
};

export type { PostFacts };

/** Posts with their author's name, the bound novel's writer and its persona. */
export function selectFacts(db: DbOrTx) {
  return db
    .select(factColumns)
    .from(posts)
    .innerJoin(users, eq(users.uid, posts.authorUid))
    .leftJoin(novels, eq(novels.uid, posts.novelUid))
    .leftJoin(personas, and(eq(personas.uid, novels.personaUid), eq(personas.status, 'published')));
}

/** Who may read a post: its author always; others only a public post, and an adult one after the 18+ confirmation. */
export function readable(post: PostRow, viewer: Viewer, authorIsBlocked = false): 'yes' | 'hidden' | 'adultOnly' {
  // Taken down: 404001 for everyone but the author, who sees it with the reason.
  if (viewer?.uid === post.authorUid) return 'yes';
  if (post.status !== 'active' || authorIsBlocked) return 'hidden';
  if (!post.isPublic) return 'hidden';
  if (post.isR18 && !viewer?.adultConfirmedAt) return 'adultOnly';
  return 'yes';
}

async function loadFacts(db: DbOrTx, uid: string): Promise<PostFacts | null> {
  const [row] = await selectFacts(db).where(eq(posts.uid, uid));
  return row ?? null;
}

/** `loadFacts` outside a transaction: one statement prepared once (the reading path of every post page). */
async function loadFactsPrepared(db: Db, uid: string): Promise<PostFacts | null> {
  const query = prepared(db, 'post_facts', () =>
    selectFacts(db)
      .where(eq(posts.uid, sql.placeholder('uid')))
      .prepare('post_facts'),
  );
  const [row] = await query.execute({ uid });
  return row ?? null;
}

/**
 * A novel is readable by others at /article/detail while at least one public
 * post is bound to it; called in the transaction that changed its posts.
 */
export async function syncNovelVisibility(tx: DbOrTx, { novelUid }: { novelUid: string | null }): Promise<void> {
  if (!novelUid) return;
  await tx
    .update(novels)
    .set({
      isPublic: sql`exists (select 1 from ${posts} p where p.novel_uid = ${novelUid} and p.is_public and p.status = 'active')`,
    })
    .where(eq(novels.uid, novelUid));
}

/**
 * A post's text, bound to one of the author's finished novels when `novel_id` is given. The text
 * passes the safety check first, at the bound novel's rating (an unbound post is general), before
 * anything is written.
 */
export async function createPost(db: Db, { safety, user, body }: { safety: Safety; user: AuthUser; body: CreatePostBody }): Promise<Post> {
  const replay = await postOfRequest(db, user, body.request_id);
  if (replay) return postDetails(db, { viewer: user, uid: replay });
  const [bound] = body.novel_id ? await db.select({ isR18: novels.isR18 }).from(novels).where(eq(novels.uid, body.novel_id)) : [];
  // Taken-down content stays down: not its text again, nor its novel (docs/decisions/0035).
  await refuseTakenDown(db, { type: 'post', text: body.content, novelUid: body.novel_id ?? null });
  const labels = await postLabels(db, body);
  await safety.refuse([body.title, body.content, ...labels.tags.map((tag) => tag.name)], {
    language: body.language,
    rating: bound?.isR18 ? 'adult' : 'general',
    account: user.uid,
  });
  const uid = newUid();
  const created = await db.transaction(async (tx) => {
    let isR18 = false;
    if (body.novel_id) {
      const [novel] = await tx.select().from(novels).where(eq(novels.uid, body.novel_id)).for('share');
      if (!novel || novel.status !== 'active') throw new AppError('notFound');
      if (novel.authorUid !== user.uid) throw new AppError('forbidden');
      if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
        throw new AppError('invalidInput', { message: 'novelBusy' });
      isR18 = novel.isR18;
    }
    if (isR18 && body.is_public === 1 && !user.adultConfirmedAt) throw new AppError('forbidden', { message: 'adultOnly' });
    const inserted = await tx
      .insert(posts)
      .values({
        uid,
        authorUid: user.uid,
        novelUid: body.novel_id ?? null,
        novelModified: body.novel_id ? body.novel_modified === 1 : false,
        title: body.title,
        content: body.content,
        language: body.language,
        isPublic: body.is_public === 1,
        isR18,
        allowDownload: body.allow_download === 1,
        wordCount: wordCount(body.content),
        requestId: body.request_id ?? null,
        tags: labels.tags,
        tagKeys: labels.keys,
        warnings: labels.warnings,
        commentsOff: body.comments_off === 1,
        publishedAt: body.is_public === 1 ? sql`now()` : null,
      })
      // The same request arriving twice at once: the second insert meets the first's key and does nothing.
      .onConflictDoNothing({ target: [posts.authorUid, posts.requestId], where: sql`${posts.requestId} is not null` })
      .returning({ uid: posts.uid });
    if (inserted.length === 0) return false;
    await syncNovelVisibility(tx, { novelUid: body.novel_id ?? null });
    return true;
  });
  if (!created) return postDetails(db, { viewer: user, uid: (await postOfRequest(db, user, body.request_id)) ?? uid });
  return postDetails(db, { viewer: user, uid });
}

/** A new post's tags (left out: the bound novel's two characters and their relationship) and warnings. */
async function postLabels(db: Db, body: CreatePostBody) {
  let tags = body.tags;
  if (!tags && body.novel_id) {
    const [novel] = await db.select({ params: novels.params }).from(novels).where(eq(novels.uid, body.novel_id));
    tags = novel ? novelTags(novel.params) : [];
  }
  return { ...(await cleanTags(tags ?? [])), warnings: cleanWarnings(body.warnings ?? []) };
}

/** The post an earlier create with this request id made, if any. */
async function postOfRequest(db: Db, user: AuthUser, requestId: string | undefined): Promise<string | null> {
  if (!requestId) return null;
  const [row] = await db
    .select({ uid: posts.uid })
    .from(posts)
    .where(and(eq(posts.authorUid, user.uid), eq(posts.requestId, requestId), eq(posts.status, 'active')));
  return row?.uid ?? null;
}

async function ownPostForUpdate(tx: DbOrTx, user: AuthUser, uid: string): Promise<PostRow> {
  const [row] = await tx.select().from(posts).where(eq(posts.uid, uid)).for('update');
  if (!row || row.status !== 'active') throw new AppError('notFound');
  if (row.authorUid !== user.uid) throw new AppError(row.isPublic ? 'forbidden' : 'notFound');
  return row;
}

/**
 * Edits one's own post. A draft that goes public takes a new feed position
 * (the top of the feed); a public post that goes back to draft leaves the feed.
 */
export async function editPost(db: Db, { safety, user, body }: { safety: Safety; user: AuthUser; body: EditPostBody }): Promise<Post> {
  // A post keeps its language and rating for life, so the check can run before the transaction.
  const [current] = await db
    .select({ language: posts.language, isR18: posts.isR18, authorUid: posts.authorUid })
    .from(posts)
    .where(eq(posts.uid, body.post_uid));
  if (current?.authorUid === user.uid) await refuseTakenDown(db, { type: 'post', text: body.content });
  const labels = body.tags ? await cleanTags(body.tags) : null;
  if (current?.authorUid === user.uid)
    await safety.refuse([body.title, body.content, ...(labels?.tags ?? []).map((tag) => tag.name)], {
      language: current.language,
      rating: current.isR18 ? 'adult' : 'general',
      account: user.uid,
    });
  await db.transaction(async (tx) => {
    const row = await ownPostForUpdate(tx, user, body.post_uid);
    const publishing = !row.isPublic && body.is_public === 1;
    if (publishing && row.isR18 && !user.adultConfirmedAt) throw new AppError('forbidden', { message: 'adultOnly' });
    await tx
      .update(posts)
      .set({
        title: body.title,
        content: body.content,
        wordCount: wordCount(body.content),
        novelModified: row.novelUid ? row.novelModified || body.novel_modified === 1 : false,
        isPublic: body.is_public === 1,
        ...(body.allow_download !== undefined && { allowDownload: body.allow_download === 1 }),
        ...(labels && { tags: labels.tags, tagKeys: labels.keys }),
        ...(body.warnings && { warnings: cleanWarnings(body.warnings) }),
        ...(body.comments_off !== undefined && { commentsOff: body.comments_off === 1 }),
        updatedAt: sql`now()`,
        ...(publishing && {
          seq: sql`nextval(pg_get_serial_sequence('posts', 'seq'))`,
          publishedAt: sql`coalesce(${posts.publishedAt}, now())`,
        }),
      })
      .where(eq(posts.uid, row.uid));
    await syncNovelVisibility(tx, { novelUid: row.novelUid });
  });
  return postDetails(db, { viewer: user, uid: body.post_uid });
}

export async function deletePost(db: Db, { user, uid }: { user: AuthUser; uid: string }): Promise<{ deleted: true }> {
  await db.transaction(async (tx) => {
    const row = await ownPostForUpdate(tx, user, uid);
    await tx.delete(posts).where(eq(posts.uid, row.uid));
    await syncNovelVisibility(tx, { novelUid: row.novelUid });
  });
  return { deleted: true };
}

/** One post for a reader: 404001 for drafts of others, 403001 for adult posts without the 18+ confirmation. */
export async function postDetails(db: DbOrTx, { viewer, uid }: { viewer: Viewer; uid: string }): Promise<Post> {
  const facts = db instanceof PgTransaction ? await loadFacts(db, uid) : await loadFactsPrepared(db as Db, uid);
  if (!facts) throw new AppError('notFound');
  const access = readable(facts.post, viewer, facts.authorBlocked);
  if (access === 'hidden') throw new AppError('notFound');
  if (access === 'adultOnly') throw new AppError('forbidden', { message: 'adultOnly' });
  const post = present(facts, viewer);
  return viewer ? { ...post, ...(await viewerFacts(db, { viewer: viewer.uid, post: uid, author: post.author_uid })) } : post;
}

/** The post a shared link previews, or null when it must preview nothing (drafts, adult posts, unknown). */
export async function postForPreview(db: Db, { uid }: { uid: string }): Promise<Post | null> {
  const facts = await loadFacts(db, uid);
  if (!facts || facts.post.status !== 'active' || facts.authorBlocked || !facts.post.isPublic || facts.post.isR18) return null;
  return present(facts, null);
}

async function snapshotOf(db: Db, snapshot: number | undefined): Promise<number> {
  if (snapshot !== undefined) return snapshot;
  const [row] = await db.select({ max: sql<number>`coalesce(max(${posts.seq}), 0)::bigint` }).from(posts);
  return Number(row?.max ?? 0);
}

const { content: _content, ...postColumnsButContent } = getTableColumns(posts);

/** Issue 51's filters add `tag` (posts with it), `exclude` (none of them) and `muter` (not the reader's muted authors). */
export type PageShape = {
  mine: boolean;
  language: boolean;
  adult: boolean;
  snapshot: boolean;
  tag: boolean;
  exclude: boolean;
  muter: boolean;
};

/** Issue 51's filters as SQL (the GIN index posts_tag_keys_idx serves `@>` and `&&` on tag_keys). */
function readingFilters(shape: PageShape): SQL[] {
  const filters: SQL[] = [];
  if (shape.tag) filters.push(sql`${posts.tagKeys} @> array[${sql.placeholder('tag')}]::text[]`);
  if (shape.exclude) filters.push(sql`not (${posts.tagKeys} && ${sql.placeholder('exclude')}::text[])`);
  if (shape.muter)
    filters.push(sql`${posts.authorUid} not in (select m.muted_uid from mutes m where m.user_uid = ${sql.placeholder('muter')})`);
  return filters;
}

/**
 * One shape of a post list (the public feed with its filters, or one author's own), prepared once; a page
 * at `snapshot`, or without one the newest with the snapshot read in the same query (one round trip).
 */
export function pageQuery(db: Db, shape: PageShape) {
  const name = `post_page_${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}`;
  return prepared(db, name, () => {
    const snapshot = shape.snapshot
      ? sql<number>`${sql.placeholder('snapshot')}::bigint`
      : sql<number>`(select coalesce(max(seq), 0)::bigint from posts)`;
    const filters: (SQL | undefined)[] = shape.mine
      ? [eq(posts.authorUid, sql.placeholder('author'))]
      : [eq(posts.isPublic, true), eq(posts.status, 'active'), authorNotBlocked(posts.authorUid)];
    if (shape.language) filters.push(sql`${posts.language} = ${sql.placeholder('language')}`);
    if (!shape.mine && !shape.adult) filters.push(eq(posts.isR18, false));
    filters.push(...readingFilters(shape));
    filters.push(lte(posts.seq, snapshot));
    // Deferred join (docs/decisions/0028): the page's keys are cut from a covering index (posts_feed_all_idx,
    // posts_feed_idx, posts_author_idx), offset and all; only those 21 posts are read and joined.
    const keys = db
      .select({ seq: posts.seq })
      .from(posts)
      .where(and(...filters))
      .orderBy(desc(posts.seq))
      .limit(PAGE_SIZE + 1)
      .offset(sql.placeholder('offset'));
    return db
      .select({
        ...factColumns,
        // A page shows each story's stored excerpt, never its text.
        post: postColumnsButContent,
        snapshot: sql<number>`${snapshot}::bigint`.mapWith(Number),
      })
      .from(posts)
      .innerJoin(users, eq(users.uid, posts.authorUid))
      .leftJoin(novels, eq(novels.uid, posts.novelUid))
      .leftJoin(personas, and(eq(personas.uid, novels.personaUid), eq(personas.status, 'published')))
      .where(inArray(posts.seq, keys))
      .orderBy(desc(posts.seq))
      .prepare(name);
  });
}

async function pageOf(
  db: Db,
  viewer: Viewer,
  shape: PageShape,
  values: {
    author?: string;
    language?: string | undefined;
    snapshot?: number | undefined;
    page: number;
    tag?: string;
    exclude?: string[];
    muter?: string;
  },
): Promise<PostPage> {
  const rows = await pageQuery(db, shape).execute({ ...values, offset: (values.page - 1) * PAGE_SIZE });
  const snapshot = values.snapshot ?? rows[0]?.snapshot ?? (await snapshotOf(db, undefined));
  return {
    results: rows.slice(0, PAGE_SIZE).map((r) => summarize({ ...r, post: { ...r.post, content: '' } }, viewer)),
    page: values.page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
    snapshot,
  };
}

/**
 * The public feed, newest first; adult posts only for 18+-confirmed readers. With the list cache on
 * (docs/decisions/0040) a page is read once as every reader sees it, keyed by the filters and the
 * reader's adult setting; the reader's one own field, is_mine, is laid over it per request.
 */
export async function listPublic(
  db: Db,
  options: {
    viewer: Viewer;
    query: FeedQuery;
    cache?: ProcessCache | null;
  },
): Promise<PostPage> {
  const { viewer, query, cache } = options;
  const filters = await feedFilters(db, { viewer: viewer?.uid ?? null, tag: query.tag, exclude: query.exclude_tags });
  const shape = {
    mine: false,
    language: Boolean(query.language),
    adult: Boolean(viewer?.adultConfirmedAt),
    snapshot: query.snapshot !== undefined,
    tag: filters.tag !== undefined,
    exclude: filters.exclude !== undefined,
    muter: filters.muter !== undefined,
  };
  // A filtered page is the reader's own (docs/decisions/0057): read from PostgreSQL, never kept.
  if (!cache?.enabled || shape.tag || shape.exclude || shape.muter) return pageOf(db, viewer, shape, { ...query, ...filters });
  const key = JSON.stringify([shape.adult, query.language ?? null, query.snapshot ?? null, query.page]);
  const page = await cache.read('post', key, () => pageOf(db, null, shape, query));
  if (!viewer || !page.results.some((post) => post.author_uid === viewer.uid)) return page;
  return { ...page, results: page.results.map((post) => (post.author_uid === viewer.uid ? { ...post, is_mine: true } : post)) };
}

/** The caller's own posts, drafts and taken-down ones (labelled) included, newest first. */
export async function listMine(
  db: Db,
  { user, query }: { user: AuthUser; query: { page: number; snapshot?: number | undefined } },
): Promise<PostPage> {
  const shape = { ...NO_FILTERS, mine: true, language: false, adult: true, snapshot: query.snapshot !== undefined };
  return pageOf(db, user, shape, { ...query, author: user.uid });
}
