import { CONTINUE_COST, GENERATE_COST, novelTitle, type GenerateBody } from '@butterfic/contract';
import type { Db, DbOrTx } from '../../db';
import type { Env } from '../../env';
import type { Job, NovelSettings } from '../../generation/job-store';
import type { Prestart } from '../../generation/types';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import { tooMany } from '../../lib/rate-limit';
import type { AuthUser } from '../../plugins/auth';
import type { Safety } from '../../safety';
import { applyLedger, withFreshMoney } from '../wallet/service';
import { queueChapterJob } from './chapter-store';
import { assertLiveJobRoom } from './live-jobs';
import { newStoriesOf, type NewStoryOutcome } from './new-stories';
import { codexTexts, seedCodex } from './codex';
import { ownNovel, refuseUnsafeStory, type Steering } from './service';
import { pathWords } from './versions';

/**
 * What a caller can start (docs/decisions/0051). Each kind is one entry of KINDS below: its price, its
 * checks before anything is charged, whether the model can be asked before the commit, and how its job
 * is written down with its charge. A new kind (a revision) is one more entry.
 */
export type JobStart =
  | { kind: 'generate'; body: GenerateBody }
  | { kind: 'continue'; novelUid: string; steering?: Steering }
  | { kind: 'rewrite'; novelUid: string; chapterIndex: number; steering?: Steering };

export type Started = { novel_uid: string; generate_status: 'generating' | 'continuing'; balance: number };

/** A worker of this process that may take the job at once (JobRunner.prestart). */
type EarlyRunner = { prestart(novel: NovelSettings, author: string): Prestart | null };

type StartContext = { env: Pick<Env, 'MAX_LIVE_JOBS_PER_USER' | 'LLM_PROVIDER'>; safety: Safety; user: AuthUser };

/** The job written down: its version, where it is, and the balance after its charge. */
type Written = { balance: number; chapterId: number; chapterIndex: number; previousChapterId: number | null };

/** One start of one kind, after its checks passed: what it costs and how it is written down. */
type Plan = {
  kind: Job['kind'];
  novelUid: string;
  cost: number;
  status: Started['generate_status'];
  /** The story the model can be asked before the commit (decision 0039): today a new story's settings. */
  early?: NovelSettings;
  /** Writes the job down with its charge (the wallet's), or throws the refusal; `claimedBy`: inserted running for this worker. */
  write(job: { jobUid: string; charge: number; claimedBy?: { workerId: string; leaseSeconds: number } }): Promise<Written>;
};

const KINDS: { [K in JobStart['kind']]: (db: Db, context: StartContext, start: Extract<JobStart, { kind: K }>) => Promise<Plan> } = {
  generate: planNewStory,
  continue: planContinuation,
  rewrite: planRewrite,
};

const passActive = (user: AuthUser) => user.passExpiresAt !== null && user.passExpiresAt.getTime() > Date.now();

/**
 * The one way to start any job, whichever route calls it: the kind's checks (refused before anything is
 * charged or stored), the price (nothing while a pass runs), the early model call when the kind has its
 * story up front and the account's known money covers it (its thinking time hides the commit; an account
 * without Butter never costs a model call), the job written down with its charge, then the early answer
 * adopted (or its request aborted on a refusal). Answers what every start call answers.
 */
export async function startJob(
  db: Db,
  { env, safety, user, start, runner }: StartContext & { start: JobStart; runner?: EarlyRunner },
): Promise<Started> {
  const plan = await (KINDS[start.kind] as (db: Db, context: StartContext, start: JobStart) => Promise<Plan>)(
    db,
    { env, safety, user },
    start,
  );
  const charge = passActive(user) ? 0 : plan.cost;
  const jobUid = newUid();
  // The model is asked early only when the account's money covers the story (read fresh: the cached
  // account holds none, decision 0052), so an account without Butter never costs a model call.
  const money = plan.early && runner ? await withFreshMoney(db, { user }) : null;
  const covered = money !== null && money.debt === 0 && (charge === 0 || money.balance >= charge);
  const early = plan.early && covered ? (runner?.prestart(plan.early, user.uid) ?? null) : null;
  let written: Written;
  try {
    written = await plan.write({
      jobUid,
      charge,
      ...(early && { claimedBy: { workerId: early.workerId, leaseSeconds: early.leaseSeconds } }),
    });
  } catch (error) {
    // Refused (not enough Butter, a debt, the cap on live jobs, a busy novel): the model's request ends unread.
    early?.cancel();
    throw error;
  }
  // Committed: the charge, the novel and the job are durable; only now can readers see its text.
  early?.adopt(claimedJob({ ...written, kind: plan.kind, jobUid, novelUid: plan.novelUid, charge, ...early }));
  return { novel_uid: plan.novelUid, generate_status: plan.status, balance: written.balance };
}

const PERSPECTIVE_TAGS = ['thirdPerson', 'firstPerson', 'secondPerson'] as const;

/** A new story: 6 Butter; its settings judged beside the story request; written with the other new stories of this moment (new-stories.ts). */
async function planNewStory(db: Db, { env, safety, user }: StartContext, { body }: { body: GenerateBody }): Promise<Plan> {
  if (body.is_r18 === 1 && !user.adultConfirmedAt) throw new AppError('forbidden', { message: 'adultOnly' });
  const p = body.params;
  // With an LLM judge (the default with a real model) it reads the whole prompt beside the story request (attempt-stream.ts).
  await safety.refuse(
    [
      p.char_a_name,
      p.char_a_setting,
      p.char_b_name,
      p.char_b_setting,
      p.plot,
      body.title,
      body.description,
      ...codexTexts(body.codex ?? []),
    ],
    {
      language: body.language,
      rating: body.is_r18 === 1 ? 'adult' : 'general',
      account: user.uid,
      judgedBeside: true,
    },
  );
  const novelUid = newUid();
  const novel = {
    title: novelTitle(body.params),
    description: body.description ?? '',
    tags: [body.is_r18 ? 'R18' : 'notR18', PERSPECTIVE_TAGS[body.first_person], body.dialogue_heavy ? 'conversation' : 'description'],
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
  const write: Plan['write'] = async ({ jobUid, charge, claimedBy }) => {
    const outcome = await newStoriesOf(db, env.MAX_LIVE_JOBS_PER_USER).add({
      userUid: user.uid,
      novelUid,
      jobUid,
      charge,
      novel: { ...novel, personaUid: body.persona_uid ?? null },
      ...(claimedBy && { claimedBy }),
    });
    const written = writtenStory(outcome);
    // The codex starts with the characters and the cards' books (issue 49); the story stands without them if this fails.
    await seedCodex(db, { novelUid, params: body.params, book: body.codex ?? [] }).catch(() => undefined);
    return { ...written, chapterIndex: 0, previousChapterId: null };
  };
  return { kind: 'generate', novelUid, cost: GENERATE_COST, status: 'generating', early: novel, write };
}

/** A new story's outcome in its batch, or its refusal. */
function writtenStory(outcome: NewStoryOutcome): { balance: number; chapterId: number } {
  if (outcome.kind === 'ok') return { balance: outcome.balance, chapterId: outcome.chapterId };
  if (outcome.kind === 'cap') throw tooMany(30);
  if (outcome.kind === 'debt')
    throw new AppError('insufficientButter', { message: 'inDebt', params: { debt: outcome.debt }, data: { debt: outcome.debt } });
  if (outcome.kind === 'short') throw new AppError('insufficientButter');
  throw new AppError('notFound');
}

/** The next chapter, after the last chapter of the chosen path, for 3 Butter. */
async function planContinuation(
  db: Db,
  { env, safety, user }: StartContext,
  { novelUid, steering }: { novelUid: string; steering?: Steering },
): Promise<Plan> {
  await refuseUnsafeStory(db, { safety, user, novelUid, steering });
  const write = chapterWriter(db, { env, user, novelUid }, async (novel) => {
    if (novel.wordCount <= 0) throw new AppError('invalidInput', { message: 'nothingToContinue' });
    return { kind: 'continue', chapterIndex: novel.path.length, before: novel.path, ...steered(steering) };
  });
  return { kind: 'continue', novelUid, cost: CONTINUE_COST, status: 'continuing', write };
}

/**
 * A new version of chapter `chapterIndex` of the chosen path, priced like a continuation. It is written from
 * the settings and the chapters before it (not from the version it replaces), becomes the chosen version at
 * once and starts a branch: the later chapters stay with the version they were written after. Nothing is deleted.
 */
async function planRewrite(
  db: Db,
  { env, safety, user }: StartContext,
  { novelUid, chapterIndex, steering }: { novelUid: string; chapterIndex: number; steering?: Steering },
): Promise<Plan> {
  await refuseUnsafeStory(db, { safety, user, novelUid, before: chapterIndex, steering });
  const write = chapterWriter(db, { env, user, novelUid }, async (novel, tx) => {
    if (novel.generateStatus !== 'done') throw new AppError('invalidInput', { message: 'nothingToContinue' });
    const replaced = novel.path[chapterIndex]; // read under the novel row's lock
    if (replaced === undefined) throw new AppError('notFound');
    const before = novel.path.slice(0, chapterIndex);
    return { kind: 'rewrite', chapterIndex, before, previousChapterId: replaced, words: await pathWords(tx, before), ...steered(steering) };
  });
  return { kind: 'rewrite', novelUid, cost: CONTINUE_COST, status: 'continuing', write };
}

type NovelRow = Awaited<ReturnType<typeof ownNovel>>;
/** Where a chapter job goes: its kind, its place, the chosen versions before it, the version it replaces and the path's new word count. */
type ChapterPlace = {
  kind: Job['kind'];
  chapterIndex: number;
  before: number[];
  previousChapterId?: number;
  words?: number;
  beats?: string[];
  direction?: string | null;
};

/** The author's beats and direction as the job keeps them (issue 50). */
const steered = (steering: Steering | undefined) => ({ beats: steering?.beats ?? [], direction: steering?.direction || null });

/**
 * A chapter job (a continuation, a rewrite) written down with its charge, in one transaction: the account's
 * live-job room, the novel locked and idle, `place` (its own checks under the lock), the job queued with its
 * empty version (queueChapterJob) and the wallet's charge. A second job racing for the novel meets the
 * one-live-job index and answers novelBusy.
 */
function chapterWriter(
  db: Db,
  { env, user, novelUid }: { env: StartContext['env']; user: AuthUser; novelUid: string },
  place: (novel: NovelRow, tx: DbOrTx) => Promise<ChapterPlace>,
): Plan['write'] {
  return async ({ jobUid, charge, claimedBy }) => {
    try {
      return await db.transaction(async (tx) => {
        await assertLiveJobRoom(tx, { userUid: user.uid, max: env.MAX_LIVE_JOBS_PER_USER });
        const novel = await ownNovel(tx, { user: user, uid: novelUid, lock: true });
        if (novel.generateStatus === 'generating' || novel.generateStatus === 'continuing')
          throw new AppError('invalidInput', { message: 'novelBusy' });
        const where = await place(novel, tx);
        // Queues the chapter's job and marks the novel continuing, in one statement.
        const chapterId = await queueChapterJob(tx, { ...where, jobUid, novelUid, charge, ...(claimedBy && { claimedBy }) });
        const balance =
          charge > 0
            ? (await applyLedger(tx, { userUid: user.uid, kind: 'continue', amount: -charge, ref: jobUid })).balance
            : (await withFreshMoney(tx, { user })).balance;
        return { balance, chapterId, chapterIndex: where.chapterIndex, previousChapterId: where.previousChapterId ?? null };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('invalidInput', { message: 'novelBusy' });
      throw error;
    }
  };
}

/** The job row of a job inserted claimed by a worker, as the runner reads it. */
function claimedJob(
  o: Written & { kind: Job['kind']; jobUid: string; novelUid: string; charge: number; workerId: string; leaseSeconds: number },
): Job {
  const now = new Date();
  return {
    uid: o.jobUid,
    novelUid: o.novelUid,
    chapterIndex: o.chapterIndex,
    chapterId: o.chapterId,
    previousChapterId: o.previousChapterId,
    kind: o.kind,
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
