import type { QueryResult } from 'pg';
import type { Db } from '../../db';
import { inOneTrip, literal } from '../../db/one-trip';
import { Grouped } from '../../lib/grouped';
import { JOBS_CHANNEL } from '../../generation/hub';
import { spendEach } from '../wallet/service';
import { liveJobsOf } from './live-jobs';

/** One new story to write down: its charge, its novel, its first chapter and its job. */
export type NewStoryRow = {
  userUid: string;
  novelUid: string;
  jobUid: string;
  charge: number;
  novel: {
    title: string;
    description: string;
    tags: string[];
    params: unknown;
    isR18: boolean;
    dialogueHeavy: boolean;
    firstPerson: number;
    language: string;
    model: string;
    writtenBy: string;
    /** Kept only when it names a published persona. */
    personaUid: string | null;
  };
  /** Inserted already claimed by this worker (its process runs it at once: no NOTIFY, no claim). */
  claimedBy?: { workerId: string; leaseSeconds: number };
};

/** What the settling statement answers for each story of a batch. */
type SettledRow = { i: number; outcome: NewStoryOutcome['kind']; chapter_id: string | null; balance: number | null; debt: number | null };

/** How one story of a batch ended: written down, or why not (the caller turns it into its error). */
export type NewStoryOutcome =
  | { kind: 'ok'; chapterId: number; balance: number }
  | { kind: 'short' }
  | { kind: 'debt'; debt: number }
  | { kind: 'cap' }
  | { kind: 'missing' };

/**
 * Many new stories, one transaction (docs/decisions/0039, 0051): the accounts are locked (in uid order),
 * then one statement settles every story on its own, in the order the stories came, as if one request
 * after another: the account's room for live jobs (MAX_LIVE_JOBS_PER_USER, `maxLive`, 0 = none;
 * live-jobs.ts) takes the first ones, the wallet charges each of those in turn (wallet_move through
 * wallet/service.spendEach: the debt and the balance decide there), and the stories written get their
 * novels, their first chapters (ids taken from the sequence first, so each novel's path holds its
 * chapter) and their jobs. A refused story writes nothing; the others are unaffected. The lock comes in
 * its own statement so the counts read after it see every job committed while it waited.
 */
export async function insertNewStories(db: Db, rows: NewStoryRow[], maxLive: number): Promise<NewStoryOutcome[]> {
  const users = [...new Set(rows.map((r) => r.userUid))].sort();
  // One round trip, one transaction: the counts read after the lock see every job committed while it waited.
  const [, settled] = (await inOneTrip(db, [
    `select uid from users where uid in (${users.map(literal).join(', ')}) order by uid for update`,
    settleStatement(rows, Math.trunc(maxLive)),
  ])) as [QueryResult, QueryResult<SettledRow>];
  const byIndex = new Map(settled.rows.map((r) => [Number(r.i), r]));
  return rows.map((_, i) => outcomeOf(byIndex.get(i)));
}

/** A batch's stories as the settling statement reads them (jsonb_to_recordset). */
const storyInput = (rows: NewStoryRow[]) =>
  rows.map((r, i) => ({
    i,
    user_uid: r.userUid,
    novel_uid: r.novelUid,
    job_uid: r.jobUid,
    charge: r.charge,
    title: r.novel.title,
    description: r.novel.description,
    tags: r.novel.tags,
    params: r.novel.params,
    is_r18: r.novel.isR18,
    dialogue_heavy: r.novel.dialogueHeavy,
    first_person: r.novel.firstPerson,
    language: r.novel.language,
    model: r.novel.model,
    written_by: r.novel.writtenBy,
    persona_uid: r.novel.personaUid,
    worker_id: r.claimedBy?.workerId ?? null,
    lease_seconds: r.claimedBy?.leaseSeconds ?? null,
  }));

/** The statement that decides each story (the cap, then the wallet) and writes those that pass. */
function settleStatement(rows: NewStoryRow[], maxLive: number): string {
  const cap = literal(maxLive);
  return `      with req as (
        select * from jsonb_to_recordset(${literal(JSON.stringify(storyInput(rows)))}::jsonb) as r(
          i int, user_uid text, novel_uid text, job_uid text, charge int, title text, description text, tags jsonb, params jsonb,
          is_r18 boolean, dialogue_heavy boolean, first_person smallint, language text, model text, written_by text, persona_uid text,
          worker_id text, lease_seconds int)
      ), acct as (
        select u.uid, u.balance, u.debt, case when ${cap}::int > 0 then ${liveJobsOf('u.uid')} else 0 end as live
        from users u where u.uid in (select user_uid from req)
      ), ranked as (
        -- The account's room for live jobs takes its first stories; only those are charged.
        select r.*, a.balance, a.debt, a.live, row_number() over (partition by r.user_uid order by r.i) as n,
          case when ${cap}::int > 0 then greatest(${cap}::int - a.live, 0) else 2147483647 end as room
        from req r join acct a on a.uid = r.user_uid
      ), paid as materialized (
        ${spendEach('(select * from ranked where n <= room and charge > 0)')}
      ), counted as (
        select ranked.*, p.balance as after, p.refused, max(p.refused) over (partition by ranked.user_uid) as account_refused,
          n <= room and (charge = 0 or (p.i is not null and p.refused is null)) as written
        from ranked left join paid p on p.i = ranked.i
      ), verdict as (
        -- A refused story meets the checks in the order one request alone would: the cap on live jobs
        -- (counting the stories written before it), then the wallet's refusal (the debt, then the balance).
        select counted.*, case
          when written then 'ok'
          when ${cap}::int > 0 and live + least(n - 1, count(*) filter (where written) over (partition by user_uid)) >= ${cap}::int then 'cap'
          else coalesce(refused, account_refused, 'short') end as outcome,
          coalesce(after, balance - coalesce(sum(charge) filter (where written) over (partition by user_uid order by i), 0)) as balance_now
        from counted
      ), ok as (
        select v.*, nextval(pg_get_serial_sequence('chapters', 'id')) as chapter_id from verdict v where v.outcome = 'ok'
      ), ${writeStories}
      select v.i, v.outcome, ok.chapter_id, v.balance_now as balance, v.debt,
        case when ok.chapter_id is not null and ok.worker_id is null then pg_notify(${literal(JOBS_CHANNEL)}, ok.job_uid) end as woke
      from verdict v left join ok on ok.i = v.i`;
}

/** The novels, first chapters and jobs of the stories written (the `ok` relation of settleStatement). */
const writeStories = `novel as (
        insert into novels (uid, author_uid, title, description, tags, params, is_r18, dialogue_heavy, first_person, language, model,
          generate_status, written_by, persona_uid, path)
        select novel_uid, user_uid, title, description, array(select jsonb_array_elements_text(ok.tags)), params, is_r18, dialogue_heavy,
          first_person, language, model, 'generating', written_by,
          (select p.uid from personas p where p.uid = ok.persona_uid and p.status = 'published'), array[chapter_id]
        from ok order by i
      ), chapter as (
        insert into chapters (id, novel_uid, index, parent_id, version) select chapter_id, novel_uid, 0, null, 1 from ok
      ), job as (
        insert into generation_jobs (uid, novel_uid, chapter_index, chapter_id, kind, charge, status, attempts, worker_id, lease_until, started_at)
        select job_uid, novel_uid, 0, chapter_id, 'generate', charge,
          case when worker_id is null then 'queued' else 'running' end, case when worker_id is null then 0 else 1 end, worker_id,
          case when worker_id is null then null else now() + make_interval(secs => lease_seconds) end,
          case when worker_id is null then null else now() end
        from ok
      )`;

/** One story's outcome from its settled row (none: its account is gone). */
function outcomeOf(row: SettledRow | undefined): NewStoryOutcome {
  if (!row) return { kind: 'missing' };
  if (row.outcome === 'ok') return { kind: 'ok', chapterId: Number(row.chapter_id), balance: Number(row.balance) };
  if (row.outcome === 'debt') return { kind: 'debt', debt: Number(row.debt) };
  return { kind: row.outcome === 'cap' ? 'cap' : row.outcome === 'short' ? 'short' : 'missing' };
}

/**
 * New stories of one process, written down together (group commit): stories that arrive while
 * earlier ones are being committed go with the next batch, so a burst costs a few transactions
 * instead of one each, and the account rows are locked once per batch. One story alone goes at once;
 * two batches may be under way, so the next is already at the database when one commits (one that
 * shares an account waits there for its lock). At most 200 stories per statement.
 */
export type NewStoryBatcher = Grouped<NewStoryRow, NewStoryOutcome>;

const batchers = new WeakMap<Db, Map<number, NewStoryBatcher>>();

/** The batcher of new stories for this database handle (one per process and cap). */
export function newStoriesOf(db: Db, maxLive: number): NewStoryBatcher {
  let byCap = batchers.get(db);
  if (!byCap) batchers.set(db, (byCap = new Map()));
  let batcher = byCap.get(maxLive);
  if (!batcher) byCap.set(maxLive, (batcher = new Grouped((rows) => insertNewStories(db, rows, maxLive), { max: 200, lanes: 2 })));
  return batcher;
}
