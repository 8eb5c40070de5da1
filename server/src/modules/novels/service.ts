import {
  CONTINUE_COST,
  formatInputParams,
  GENERATE_COST,
  novelTitle,
  PAGE_SIZE,
  type GenerateBody,
  type Novel,
  type NovelDetails,
} from '@butterfic/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Env } from '../../env';
import type { ProcessCache } from '../../lib/cache';
import type { StreamHub } from '../../generation/hub';
import type { Safety } from '../../safety';
import { prepared } from '../../db/prepared';
import type { Db } from '../../db';
import { chapters, generationJobs, novels, personas, posts, users } from '../../db/schema';
import { queueChapterJob, type Job } from './chapter-store';
import { newStoriesOf, type NewStoryOutcome } from './new-stories';
import type { Prestart } from '../../generation/types';
import { AppError } from '../../lib/errors';
import { tooMany } from '../../lib/rate-limit';
import { newUid } from '../../lib/ids';
import { authorBlocked, authorNotBlocked, type AuthUser } from '../../plugins/auth';
import type { DbOrTx } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { applyLedger, withFreshMoney } from '../wallet/service';
import { saveChapterText } from './history';
import { chosenPath, descend, discardUnwritten, lockedPath, pathWords, setPath } from './versions';

type NovelRow = typeof novels.$inferSelect;

const PERSPECTIVE_TAGS = ['thirdPerson', 'firstPerson', 'secondPerson'] as const;

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

/**
 * MAX_LIVE_JOBS_PER_USER: the account's queued and running jobs, counted under a lock of its row (so
 * concurrent requests cannot both pass); one more → 429001 before anything is charged. 0 = unlimited.
 */
async function assertLiveJobRoom(tx: DbOrTx, userUid: string, max: number): Promise<void> {
  if (max === 0) return;
  await tx.execute(sql`select 1 from users where uid = ${userUid} for update`);
  const live = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from generation_jobs j join novels n on n.uid = j.novel_uid
    where n.author_uid = ${userUid} and j.status in ('queued', 'running')`);
  if ((live.rows[0]?.n ?? 0) >= max) throw tooMany(30);
}

/** A continuation or rewrite request: the caps, the safety check, the author and the novel. */
type ChapterRequest = {
  env: Pick<Env, 'MAX_LIVE_JOBS_PER_USER'>;
  safety: Safety;
  user: AuthUser;
  novelUid: string;
  /** The author's beats and direction for this chapter (issue 50): judged like a plot, kept on the job. */
  steering?: Steering;
};
type Steering = { beats?: string[] | undefined; direction?: string | undefined };

const passActive = (user: AuthUser) => user.passExpiresAt !== null && user.passExpiresAt.getTime() > Date.now();

/**
 * Queues a new story: the novel, its first chapter, the job and the charge of
 * 6 Butter in one transaction. Not enough Butter → 305001 and nothing exists.
 */
export async function startGeneration(
  db: Db,
  {
    env,
    safety,
    user,
    body,
    runner,
  }: {
    env: Pick<Env, 'MAX_LIVE_JOBS_PER_USER' | 'LLM_PROVIDER'>;
    safety: Safety;
    user: AuthUser;
    body: GenerateBody;
    /** This process's runner: the story is asked of the model while the charge commits (docs/decisions/0039). */
    runner?: { prestart(novel: NewStory, author: string): Prestart | null };
  },
): Promise<{ novel_uid: string; generate_status: 'generating'; balance: number }> {
  if (body.is_r18 === 1 && !user.adultConfirmedAt) throw new AppError('forbidden', { message: 'adultOnly' });
  // Refused before anything is charged or stored.
  const p = body.params;
  // With an LLM judge (the default with a real model) it reads the whole prompt beside the story request (runner.ts).
  await safety.refuse([p.char_a_name, p.char_a_setting, p.char_b_name, p.char_b_setting, p.plot, body.title, body.description], {
    language: body.language,
    rating: body.is_r18 === 1 ? 'adult' : 'general',
    account: user.uid,
    judgedBeside: true,
  });
  const charge = passActive(user) ? 0 : GENERATE_COST;
  const novelUid = newUid();
  const jobUid = newUid();
  const tags = [body.is_r18 ? 'R18' : 'notR18', PERSPECTIVE_TAGS[body.first_person], body.dialogue_heavy ? 'conversation' : 'description'];
  const novel = {
    title: novelTitle(body.params),
    description: body.description ?? '',
    tags,
    params: body.params,
    isR18: body.is_r18 === 1,
    dialogueHeavy: body.dialogue_heavy === 1,
    firstPerson: body.first_person,
    language: body.language,
    model: body.model,
    writtenBy: env.LLM_PROVIDER,
    pinnedFacts: [] as string[],
    authorNote: '',
  };
  // The model is asked at once, so that its thinking time hides the commit (decision 0039). No balance
  // is known here (the cached account holds none, decision 0052): a refused charge cancels the call.
  const early = runner?.prestart(novel, user.uid) ?? null;
  let outcome: NewStoryOutcome;
  try {
    // Written down with the other new stories of this moment, each settled on its own (new-stories.ts).
    outcome = await newStoriesOf(db, env.MAX_LIVE_JOBS_PER_USER).add({
      userUid: user.uid,
      novelUid,
      jobUid,
      charge,
      novel: { ...novel, personaUid: body.persona_uid ?? null },
      ...(early && { claimedBy: { workerId: early.workerId, leaseSeconds: early.leaseSeconds } }),
    });
  } catch (error) {
    early?.cancel();
    throw error;
  }
  if (outcome.kind !== 'ok') {
    // Refused (not enough Butter, a debt, the cap on live jobs): the model's request ends unread.
    early?.cancel();
    if (outcome.kind === 'cap') throw tooMany(30);
    if (outcome.kind === 'debt')
      throw new AppError('insufficientButter', { message: 'inDebt', params: { debt: outcome.debt }, data: { debt: outcome.debt } });
    if (outcome.kind === 'short') throw new AppError('insufficientButter');
    throw new AppError('notFound');
  }
  const { chapterId, balance } = outcome;
  // Committed: the charge, the novel and the job are durable; only now can readers see its text.
  early?.adopt(claimedJob({ jobUid, novelUid, chapterId, charge, workerId: early.workerId, leaseSeconds: early.leaseSeconds }));
  return { novel_uid: novelUid, generate_status: 'generating', balance };
}

/** What a new story's settings give its prompt (JobRunner.storyOf). */
type NewStory = Pick<
  typeof novels.$inferSelect,
  'params' | 'firstPerson' | 'dialogueHeavy' | 'isR18' | 'language' | 'pinnedFacts' | 'authorNote'
>;

/** The job row of a new story, inserted claimed by a worker (new-stories.ts), as the runner reads it. */
function claimedJob(o: {
  jobUid: string;
  novelUid: string;
  chapterId: number;
  charge: number;
  workerId: string;
  leaseSeconds: number;
}): Job {
  const now = new Date();
  return {
    uid: o.jobUid,
    novelUid: o.novelUid,
    chapterIndex: 0,
    chapterId: o.chapterId,
    previousChapterId: null,
    kind: 'generate',
    status: 'running',
    attempts: 1,
    charge: o.charge,
    leaseUntil: new Date(now.getTime() + o.leaseSeconds * 1000),
    workerId: o.workerId,
    error: null,
    refunded: false,
    beats: [],
    direction: null,
    createdAt: now,
    startedAt: now,
    finishedAt: null,
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
async function refuseUnsafeStory(
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
  // A continuation or rewrite is judged beside its story request (runner.ts); an edit here.
  await safety.refuse(texts, {
    language: novel.language,
    rating: novel.isR18 ? 'adult' : 'general',
    account: user.uid,
    judgedBeside: edited === undefined,
  });
}

/** Queues the next chapter for 3 Butter; only one job per novel runs at a time. */
export async function startContinuation(
  db: Db,
  { env, safety, user, novelUid, steering }: ChapterRequest,
): Promise<{ novel_uid: string; generate_status: 'continuing'; balance: number }> {
  await refuseUnsafeStory(db, { safety, user, novelUid, steering });
  return queueChapter(db, { env, user, novelUid }, async (tx, novel, job) => {
    if (novel.wordCount <= 0) throw new AppError('invalidInput', { message: 'nothingToContinue' });
    // The next chapter follows the last chapter of the chosen path (the novel row is locked).
    await queueChapterJob(tx, { ...job, ...steering, novelUid, chapterIndex: novel.path.length, kind: 'continue', before: novel.path });
  });
}

/**
 * A continuation or a rewrite, priced and booked alike (CONTRACT.md section 5;
 * the ledger keeps its kinds): in one transaction, the account's live-job room,
 * the novel locked and idle, `queue` (its own checks, then queueChapterJob: the
 * chapter job and the novel marked continuing) and the charge. A second job racing for the novel
 * meets the one-live-job index and answers novelBusy.
 */
async function queueChapter(
  db: Db,
  { env, user, novelUid }: Omit<ChapterRequest, 'safety'>,
  queue: (tx: DbOrTx, novel: NovelRow, job: { jobUid: string; charge: number }) => Promise<void>,
): Promise<{ novel_uid: string; generate_status: 'continuing'; balance: number }> {
  const charge = passActive(user) ? 0 : CONTINUE_COST;
  const jobUid = newUid();
  try {
    const balance = await db.transaction(async (tx) => {
      await assertLiveJobRoom(tx, user.uid, env.MAX_LIVE_JOBS_PER_USER);
      const novel = await ownNovel(tx, { user, uid: novelUid, lock: true });
      if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
        throw new AppError('invalidInput', { message: 'novelBusy' });
      // Queues the chapter's job and marks the novel continuing, in one statement (queueChapterJob).
      await queue(tx, novel, { jobUid, charge });
      return charge > 0
        ? (await applyLedger(tx, { userUid: user.uid, kind: 'continue', amount: -charge, ref: jobUid })).balance
        : (await withFreshMoney(tx, { user })).balance;
    });
    return { novel_uid: novelUid, generate_status: 'continuing', balance };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('invalidInput', { message: 'novelBusy' });
    throw error;
  }
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
 * Queues a new version of chapter `chapterIndex` of the chosen path, priced
 * like a continuation. It is written from the settings and the chapters
 * before it (not from the version it replaces), becomes the chosen version at
 * once and starts a branch: the later chapters stay with the version they
 * were written after. Nothing is deleted.
 */
export async function startRewrite(
  db: Db,
  { env, safety, user, novelUid, chapterIndex, steering }: ChapterRequest & { chapterIndex: number },
): Promise<{ novel_uid: string; generate_status: 'continuing'; balance: number }> {
  await refuseUnsafeStory(db, { safety, user, novelUid, before: chapterIndex, steering });
  return queueChapter(db, { env, user, novelUid }, async (tx, novel, job) => {
    if (novel.generateStatus !== 'done') throw new AppError('invalidInput', { message: 'nothingToContinue' });
    const path = novel.path; // read under the novel row's lock
    const replaced = path[chapterIndex];
    if (replaced === undefined) throw new AppError('notFound');
    const before = path.slice(0, chapterIndex);
    await queueChapterJob(tx, {
      ...job,
      ...steering,
      novelUid,
      chapterIndex,
      kind: 'rewrite',
      before,
      previousChapterId: replaced,
      words: await pathWords(tx, before),
    });
  });
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
