import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * The rows of `npm run bench -- --scale` (issue 14, "A million rows"; fewer for the plan test), written
 * by PostgreSQL itself with `insert … select from generate_series` (no row
 * crosses the wire). Every insert names its columns and leaves the rest to the
 * columns' defaults, so the seed keeps working when a migration adds a column
 * with a default. Chapters are not seeded: no measured figure reads them.
 *
 * The bench account (`benchUid`) owns the deep lists the figures page through:
 * `benchNovels` novels, `benchFavourites` favourites and `benchLedger` ledger
 * rows; everything else is spread over the other 100,000 accounts, 1 in 100 of
 * them banned (so the feeds' blocked-author filter has something to filter).
 *
 * The ledger is append-only (migration 0002 refuses UPDATE and DELETE; inserts
 * are what it accepts). Each account's rows are written with running
 * `balance_after` values and its balance set to their sum in the same
 * transaction, so every balance equals its ledger sum (checked at the end).
 */
export type ScaleCounts = {
  users: number;
  personas: number;
  novels: number;
  posts: number;
  ledger: number;
  /** How many of the novels, favourites and ledger rows are the bench account's. */
  benchNovels: number;
  benchFavourites: number;
  benchLedger: number;
};
/** `npm run bench -- --scale`: issue 14's counts. */
export const SCALE: ScaleCounts = {
  users: 100_000,
  personas: 100_000,
  novels: 1_000_000,
  posts: 1_000_000,
  ledger: 2_000_000,
  benchNovels: 50_000,
  benchFavourites: 50_000,
  benchLedger: 100_000,
};

export type SeedTimes = Record<string, number>;

export async function seedScale(
  client: pg.ClientBase,
  benchUid: string,
  passwordHash: string,
  log: (line: string) => void,
  counts: ScaleCounts = SCALE,
): Promise<SeedTimes> {
  const { benchNovels, benchFavourites, benchLedger } = counts;
  const times: SeedTimes = {};
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    times[name] = Math.round(performance.now() - started);
    log(`  ${name}: ${result.rowCount ?? 0} rows in ${(times[name] / 1000).toFixed(1)} s`);
  };
  // One session of bulk writes: no waiting for the WAL flush per statement, room to sort.
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);

  const otherLedger = counts.ledger - benchLedger;
  const perUser = Math.floor(otherLedger / counts.users);

  await client.query('begin');
  await step(
    'users',
    `insert into users (uid, email, password_hash, name, invitation_code, email_verified_at, status, balance)
     select 'su' || i, 'scale' || i || '@example.com', $1, 'Writer ' || i, 'SCALE' || i, now(),
            case when i % 100 = 0 then 'banned' else 'active' end, $2 * 10
     from generate_series(1, $3) i`,
    [passwordHash, perUser, counts.users],
  );
  // 19 rows of +10 per account (balance 190 = their sum), then the bench account's long history of +1s.
  await step(
    'ledger_accounts',
    `insert into ledger (user_uid, kind, amount, balance_after, note, created_at)
     select 'su' || u, 'grant', 10, 10 * j, 'scale', now() - interval '1 second' * ($1 - j)
     from generate_series(1, $2) u, generate_series(1, $1) j`,
    [perUser, counts.users],
  );
  await step(
    'ledger_bench',
    `insert into ledger (user_uid, kind, amount, balance_after, note)
     select $1, 'grant', 1, b.balance + j, 'scale' from (select balance from users where uid = $1) b, generate_series(1, $2) j`,
    [benchUid, benchLedger],
  );
  await client.query(`update users set balance = balance + $2 where uid = $1`, [benchUid, benchLedger]);
  await client.query('commit');

  await step(
    'personas',
    `insert into personas (uid, author_uid, author_name, char_a_name, char_a_setting, char_b_name, char_b_setting, plot, description,
                           is_r18, tags, tag_list, language, used_count, status)
     select 'sp' || i, 'su' || (1 + i % $2), 'Writer ' || (1 + i % $2), 'Ines ' || i, 'A quiet archivist.', 'Tomas ' || i, 'A sailor who stays.',
            'A storm closes the harbour and two strangers share a lamp.', 'Persona ' || i || ': slow burn by the sea.',
            i % 10 = 0, 'slow burn,harbour', array['slow burn','harbour'], (array['en','ja','ko','zh-CN','zh-TW'])[1 + i % 5], i % 97,
            case when i % 200 = 0 then 'taken_down' else 'published' end
     from generate_series(1, $1) i`,
    [counts.personas, counts.users],
  );
  await step(
    'novels',
    `insert into novels (uid, author_uid, title, description, tags, params, language, generate_status, word_count, written_by, is_public, is_r18, persona_uid)
     select 'sn' || i, case when i <= $2 then $3 else 'su' || (1 + i % $4) end, 'Novel ' || i, 'A story about a storm.',
            array['notR18','third','description'],
            '{"char_a_name":"Ines","char_a_setting":"","char_b_name":"Tomas","char_b_setting":"","plot":"A storm."}'::jsonb,
            (array['en','ja','ko','zh-CN','zh-TW'])[1 + i % 5], 'done', 1200, 'offline', i % 3 <> 0, i % 10 = 0, 'sp' || (1 + i % $5)
     from generate_series(1, $1) i`,
    [counts.novels, benchNovels, benchUid, counts.users, counts.personas],
  );
  await step(
    'posts',
    `insert into posts (uid, author_uid, novel_uid, title, content, language, is_public, is_r18, published_at, views_count)
     select 'sq' || i, 'su' || (1 + i % $2), 'sn' || i, 'Post ' || i,
            'The rain kept on and the lamp stayed lit. Ines counted the boats; Tomas mended a net by the door. ' || i,
            (array['en','ja','ko','zh-CN','zh-TW'])[1 + i % 5], i % 50 <> 0, i % 10 = 0, now(), i % 50
     from generate_series(1, $1) i`,
    [counts.posts, counts.users],
  );
  // Newest favourite first: distinct times, so the list's order is the favourites index's order.
  await step(
    'favourites',
    `insert into persona_favorites (user_uid, persona_uid, created_at)
     select $1, 'sp' || i, now() - interval '1 second' * i from generate_series(1, $2) i`,
    [benchUid, benchFavourites],
  );
  // Fresh statistics, and a visibility map so covering indexes answer without visiting the table.
  await step('vacuum_analyze', 'vacuum analyze');

  const {
    rows: [check],
  } = await client.query<{ off: string }>(
    `select count(*)::text as off from users u
     left join (select user_uid, sum(amount) as total from ledger group by user_uid) l on l.user_uid = u.uid
     where u.balance <> coalesce(l.total, 0)`,
  );
  if (check?.off !== '0') throw new Error(`${check?.off} balances differ from their ledger sums`);
  log('  every balance equals its ledger sum');
  return times;
}
