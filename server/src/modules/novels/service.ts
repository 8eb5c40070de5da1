import { formatInputParams, PAGE_SIZE, type GenerateBody, type Novel, type NovelDetails } from '@butterfic/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ProcessCache } from '../../lib/cache';
import type { StreamHub } from '../../generation/hub';
import type { Safety } from '../../safety';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db';
import { chapters, generationJobs, novels, personas, posts, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { authorBlocked, authorNotBlocked, type AuthUser } from '../../plugins/auth';
import type { DbOrTx } from '../../db';
import { applyLedger } from '../wallet/service';
import { saveChapterText } from './history';
import { chosenPath, descend, discardUnwritten, lockedPath, setPath } from './versions';

type NovelRow = typeof novels.$inferSelect;

/** The author's beats and direction for a chapter (issue 50): judged like a plot, kept on the job. */
export type Steering = { beats?: string[] | undefined; direction?: string | undefined };

export function presentNovel(row: NovelRow, authorName: string, chapterCount: number): Novel {
  return {
    uid: row.uid,
    title: row.title,
    tags: row.tags,
    author_name: authorName,
    author_uid: row.authorUid,
    generate_status: row.generateStatus,
    created_time: Math.floor(row.createdAt.getTime() / 1000),
    updated_time: Math.floor(row.updatedAt.getTime() / 1000),
    word_count: row.wordCount,
    input_params: formatInputParams(row.params),
    is_r18: row.isR18 ? 1 : 0,
    first_person: (row.firstPerson === 1 || row.firstPerson === 2 ? row.firstPerson : 0) as 0 | 1 | 2,
    dialogue_heavy: row.dialogueHeavy ? 1 : 0,
    language: row.language,
    written_by: row.writtenBy,
    chapter_count: chapterCount,
    failure: row.failure,
    takedown:
      row.status === 'taken_down'
        ? { reason: row.takedownReason ?? '', at: Math.floor((row.takenDownAt ?? row.updatedAt).getTime() / 1000) }
        : null,
  };
}

/** One's own active novel (404001 when missing or taken down, 403001 when another author's), locked on request. */
export async function ownNovel(
  db: DbOrTx,
  { user, uid, lock = false }: { user: AuthUser; uid: string; lock?: boolean },
): Promise<NovelRow> {
  const query = db.select().from(novels).where(eq(novels.uid, uid));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.status !== 'active') throw new AppError('notFound');
  if (row.authorUid !== user.uid) throw new AppError('forbidden');
  return row;
}

/**
 * The safety check for the novel's rating, or 403001 before anything is
 * charged or saved: a continuation checks the settings and the story so far
 * (edits included); an edit checks the new text.
 */
export async function refuseUnsafeStory(
  db: Db,
  {
    safety,
    user,
    novelUid,
    edited,
    before,
    steering,
  }: { safety: Safety; user: AuthUser; novelUid: string; edited?: string; before?: number; steering?: Steering | undefined },
) {
  const novel = await ownNovel(db, { user, uid: novelUid });
  let texts: string[];
  if (edited !== undefined) texts = [edited];
  else {
    // The chosen path (a rewrite of chapter `before`: the chapters before it).
    const list = (await chosenPath(db, novelUid)).filter((c) => before === undefined || c.index < before);
    const p = novel.params as GenerateBody['params'];
    texts = [p.char_a_name, p.char_a_setting, p.char_b_name, p.char_b_setting, p.plot, ...list.map((c) => c.content)];
    // Beats and a direction are judged like the plot (issue 50).
    texts.push(...(steering?.beats ?? []), steering?.direction ?? '');
  }
  // A continuation or rewrite is judged beside its story request (generation/attempt-stream.ts); an edit here.
  await safety.refuse(texts, {
    language: novel.language,
    rating: novel.isR18 ? 'adult' : 'general',
    account: user.uid,
    judgedBeside: edited === undefined,
  });
}

/**
 * Stops the running job of a novel and keeps the text so far. The charge
 * stays when text was delivered and is refunded when none was.
 */
export async function stopGeneration(
  db: Db,
  { hub, user, novelUid }: { hub: Pick<StreamHub, 'notify'>; user: AuthUser; novelUid: string },
) {
  const result = await db.transaction(async (tx) => {
    // Lock order as the workers: the job, then the chapter, then the novel.
    const novel = await ownNovel(tx, { user, uid: novelUid });
    const [job] = await tx
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.novelUid, novelUid), inArray(generationJobs.status, ['queued', 'running'])))
      .for('update');
    const [fresh] = await tx.select({ balance: users.balance }).from(users).where(eq(users.uid, user.uid));
    if (!job) {
      // Another stop (or the worker) finished the job while we waited for its lock: answer the state
      // after that, not the one read before the wait (issue 18: concurrent stops answered "generating").
      const [now] = await tx.select({ status: novels.generateStatus }).from(novels).where(eq(novels.uid, novelUid));
      return { status: now?.status ?? novel.generateStatus, refunded: false, balance: fresh?.balance ?? 0, jobUid: null };
    }
    const [chapter] = await tx
      .select({ content: chapters.content })
      .from(chapters)
      .where(
        job.chapterId === null
          ? and(eq(chapters.novelUid, novelUid), eq(chapters.index, job.chapterIndex))
          : eq(chapters.id, job.chapterId),
      );
    const delivered = (chapter?.content ?? '').length > 0;
    const refund = !delivered && job.charge > 0;
    await tx
      .update(generationJobs)
      .set({ status: 'stopped', finishedAt: sql`now()`, leaseUntil: null, refunded: refund })
      .where(eq(generationJobs.uid, job.uid));
    let balance = fresh?.balance ?? 0;
    if (!delivered && job.charge > 0)
      balance = (await applyLedger(tx, { userUid: user.uid, kind: 'refund', amount: job.charge, ref: job.uid })).balance;
    let status: Novel['generate_status'] = 'done';
    if (!delivered && job.kind === 'generate') status = 'failed';
    // An unwritten continuation or rewrite goes; the path is the one chosen before it.
    if (!delivered && job.kind !== 'generate') await discardUnwritten(tx, job);
    await tx
      .update(novels)
      .set({ generateStatus: status, failure: status === 'failed' ? 'stopped' : null, updatedAt: sql`now()` })
      .where(eq(novels.uid, novelUid));
    return { status, refunded: refund, balance, jobUid: job.uid };
  });
  if (result.jobUid) await hub.notify('butterfic_control', JSON.stringify({ stop: result.jobUid }));
  return { generate_status: result.status, refunded: result.refunded, balance: result.balance };
}

async function authorNames(db: Db, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: users.uid, name: users.name })
    .from(users)
    .where(inArray(users.uid, [...new Set(uids)]));
  return new Map(rows.map((r) => [r.uid, r.name]));
}

/**
 * The author's novels, newest first; other readers see only public ones, adult ones after the 18+ confirmation.
 * With the list cache on (docs/decisions/0042) a page is kept as every reader of its shape sees it (nothing
 * on it is per reader) and forgotten with its author's notices; a page showing a story being written is
 * not kept (its word count moves with every progress save, which notifies nobody).
 */
export async function listNovels(
  db: Db,
  { viewer, authorUid, page, cache }: { viewer: AuthUser; authorUid: string | undefined; page: number; cache?: ProcessCache | null },
) {
  const author = authorUid ?? viewer.uid;
  const own = author === viewer.uid;
  // Another author's adult stories, like their adult personas, need the reader's 18+ confirmation.
  const shape = own ? 'own' : viewer.adultConfirmedAt ? 'adult' : 'general';
  const read = async () => {
    const rows = await novelListQuery(db, { shape }).execute({ author, offset: (page - 1) * PAGE_SIZE });
    return {
      results: rows.slice(0, PAGE_SIZE).map((r) => presentNovel(r.novel, r.authorName ?? '', r.chapterCount)),
      page,
      page_size: PAGE_SIZE,
      has_more: rows.length > PAGE_SIZE,
    };
  };
  if (!cache?.enabled) return read();
  return cache.read('novel', JSON.stringify([author, shape, page]), read, { scope: author, keep: (p) => !p.results.some(beingWritten) });
}

const beingWritten = (novel: Novel) => novel.generate_status === 'generating' || novel.generate_status === 'continuing';

/** One shape of an author's novel list, prepared once; the page's keys come from novels_author_idx alone (docs/decisions/0028). */
export function novelListQuery(db: Db, { shape }: { shape: 'own' | 'adult' | 'general' }) {
  const name = `novel_list_${shape}`;
  return prepared(db, name, () => {
    const keys = db
      .select({ seq: novels.seq })
      .from(novels)
      .where(
        and(
          eq(novels.authorUid, sql.placeholder('author')),
          eq(novels.status, 'active'),
          shape === 'own' ? undefined : eq(novels.isPublic, true),
          shape === 'own' ? undefined : authorNotBlocked(novels.authorUid),
          shape === 'general' ? eq(novels.isR18, false) : undefined,
        ),
      )
      .orderBy(desc(novels.seq))
      .limit(PAGE_SIZE + 1)
      .offset(sql.placeholder('offset'));
    return db
      .select({
        novel: novels,
        // The chosen path's chapters (docs/decisions/0022).
        chapterCount: sql<number>`cardinality(${novels.path})::int`,
        // The author's name in the same query (one round trip per page).
        authorName: sql<string>`(select u.name from ${users} u where u.uid = ${novels.authorUid})`,
      })
      .from(novels)
      .where(inArray(novels.seq, keys))
      .orderBy(desc(novels.seq))
      .prepare(name);
  });
}

/** Who may read a novel (its details, its stream): 404001 / 403001 otherwise. */
export function assertReadable(
  viewer: AuthUser | null,
  row: Pick<NovelRow, 'authorUid' | 'status' | 'isPublic' | 'isR18'> | undefined,
  blocked: boolean,
): asserts row {
  const mine = row !== undefined && row.authorUid === viewer?.uid;
  // Taken down, or its author suspended or banned: 404001 for everyone but the author (who sees why).
  if (!row || (!mine && (row.status !== 'active' || blocked))) throw new AppError('notFound');
  if (row.authorUid !== viewer?.uid && !row.isPublic) throw new AppError('forbidden');
  if (row.isR18 && row.authorUid !== viewer?.uid && !viewer?.adultConfirmedAt) throw new AppError('forbidden', { message: 'adultOnly' });
}

/** A novel with its chapters: for its author, or for anyone once it is public. */
export async function novelDetails(db: Db, { viewer, uid }: { viewer: AuthUser | null; uid: string }): Promise<NovelDetails> {
  const [found] = await db
    .select({
      row: novels,
      blocked: authorBlocked(novels.authorUid),
      // Where others can follow it (the source line of copied text): its newest public post …
      publicPost: sql<
        string | null
      >`(select p.uid from ${posts} p where p.novel_uid = novels.uid and p.is_public and p.status = 'active' order by p.published_at desc nulls last, p.seq desc limit 1)`,
      // … else the persona it was written from, while that persona is published.
      personaPublished: sql<boolean>`exists (select 1 from ${personas} pe where pe.uid = novels.persona_uid and pe.status = 'published')`,
    })
    .from(novels)
    .where(eq(novels.uid, uid));
  const row = found?.row;
  assertReadable(viewer, row, found?.blocked ?? false);
  const list = await chosenPath(db, uid);
  const names = await authorNames(db, [row.authorUid]);
  const reachable = row.status === 'active' && !found.blocked;
  return {
    share: {
      post_uid: reachable ? found.publicPost : null,
      novel_public: reachable && row.isPublic,
      persona_uid: found.personaPublished ? row.personaUid : null,
    },
    novel: presentNovel(row, names.get(row.authorUid) ?? '', list.length),
    chapters: list.map((c) => ({
      index: c.index,
      content: c.content,
      created_time: Math.floor(c.createdAt.getTime() / 1000),
      version: c.version,
      versions: c.versions,
    })),
  };
}

/** Saves edited text of one chapter (the last by default) of one's own, finished novel. */
export async function editNovel(
  db: Db,
  {
    safety,
    user,
    novelUid: uid,
    chapterIndex,
    content,
  }: { safety: Safety; user: AuthUser; novelUid: string; chapterIndex: number | undefined; content: string },
): Promise<NovelDetails> {
  await refuseUnsafeStory(db, { safety, user, novelUid: uid, edited: content });
  await db.transaction(async (tx) => {
    const novel = await ownNovel(tx, { user, uid, lock: true });
    if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
      throw new AppError('invalidInput', { message: 'novelBusy' });
    // The chosen version of that chapter.
    const path = await lockedPath(tx, uid);
    const target = path[chapterIndex ?? path.length - 1];
    if (target === undefined) throw new AppError('notFound');
    const [before] = await tx.select({ content: chapters.content }).from(chapters).where(eq(chapters.id, target));
    // The text, the word count and the chapter's history entry (issue 50) in one go.
    await saveChapterText(tx, { novelUid: uid, path, chapterId: target, before: before?.content ?? '', after: content, source: 'edit' });
  });
  return novelDetails(db, { viewer: user, uid });
}

/**
 * Chooses version `version` (1-based) of chapter `chapterIndex` of the chosen
 * path; the chapters after it are the ones last chosen after that version.
 * Not while a job writes the novel (400001). Answers the novel details.
 */
export async function selectVersion(
  db: Db,
  { user, novelUid, chapterIndex, version }: { user: AuthUser; novelUid: string; chapterIndex: number; version: number },
): Promise<NovelDetails> {
  await db.transaction(async (tx) => {
    const novel = await ownNovel(tx, { user, uid: novelUid, lock: true });
    if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
      throw new AppError('invalidInput', { message: 'novelBusy' });
    const path = await lockedPath(tx, novelUid);
    if (chapterIndex >= path.length) throw new AppError('notFound');
    const parent = chapterIndex > 0 ? path[chapterIndex - 1]! : null;
    const found = await tx.execute<{ id: string }>(sql`
      select id from chapters
      where novel_uid = ${novelUid} and index = ${chapterIndex} and parent_id is not distinct from ${parent}::bigint and version = ${version}`);
    const chosen = found.rows[0] ? Number(found.rows[0].id) : undefined;
    if (chosen === undefined) throw new AppError('notFound');
    if (chosen === path[chapterIndex]) return;
    if (parent !== null) await tx.update(chapters).set({ nextId: chosen }).where(eq(chapters.id, parent));
    await setPath(tx, novelUid, [...path.slice(0, chapterIndex), ...(await descend(tx, chosen))]);
  });
  return novelDetails(db, { viewer: user, uid: novelUid });
}
