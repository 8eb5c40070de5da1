import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { literal } from '../../db/one-trip';
import { tooMany } from '../../lib/rate-limit';

/**
 * MAX_LIVE_JOBS_PER_USER, defined once: an account's live jobs are its queued and running ones. `user` is an
 * SQL expression naming the account's uid (a column, or a literal). Counted under a lock of the account's
 * row, so concurrent starts cannot both pass: the new-stories batch locks its accounts first, a chapter
 * start in assertLiveJobRoom.
 */
export const liveJobsOf = (user: string): string =>
  `(select count(*) from generation_jobs j join novels n on n.uid = j.novel_uid
    where n.author_uid = ${user} and j.status in ('queued', 'running'))::int`;

/** The account's room for one more live job, in the caller's transaction: one more than `max` → 429001 before anything is charged. 0 = unlimited. */
export async function assertLiveJobRoom(tx: DbOrTx, { userUid, max }: { userUid: string; max: number }): Promise<void> {
  if (max === 0) return;
  await tx.execute(sql`select 1 from users where uid = ${userUid} for update`);
  const live = await tx.execute<{ n: number }>(sql.raw(`select ${liveJobsOf(literal(userUid))} as n`));
  if ((live.rows[0]?.n ?? 0) >= max) throw tooMany(30);
}
