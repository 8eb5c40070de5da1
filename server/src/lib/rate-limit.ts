import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { AppError } from './errors';
import { LIMITS, type Limit } from './limits';

/**
 * Fixed-window counters in PostgreSQL (shared by every app process), for the limits of lib/limits.ts.
 * One upsert counts a hit: the window starts again once it has passed.
 */
async function countHit(db: Db, key: string, windowSeconds: number): Promise<{ count: number; retry_after: number } | undefined> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  return result.rows[0];
}

/** Counts a hit of `key`; the `max`+1-th within the window answers 429001 with Retry-After. Answers the count. */
export async function rateLimit(db: Db, key: string, limit: Pick<Limit, 'max' | 'windowSeconds'>): Promise<number> {
  const row = await countHit(db, key, limit.windowSeconds);
  if (row && row.count > limit.max) throw tooMany(Math.max(1, row.retry_after));
  return row?.count ?? 1;
}

/** Takes back one hit of `key` (a hit counted before its outcome was known, which turned out not to count). */
export async function rateLimitUncount(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Starts `key`'s window again now, keeping its count: a limit just reached then holds for a whole window. */
export async function rateLimitHold(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set window_start = now() where key = ${key}`);
}

/** A write the safety judge reads (issue 46): counted per account against judgedWritesPerAccount, before the judge is asked. */
export async function limitJudgedWrite(db: Db, uid: string): Promise<void> {
  await rateLimit(db, `judged-write:user:${uid}`, LIMITS.judgedWritesPerAccount);
}

export function tooMany(seconds: number): AppError {
  return new AppError('rateLimited', { headers: { 'retry-after': String(seconds) }, params: { seconds }, data: { retry_after: seconds } });
}

/** Counts one hit of `key` without refusing (for limits that count failures only). */
export async function rateLimitCount(db: Db, key: string, limit: Pick<Limit, 'windowSeconds'>): Promise<void> {
  await countHit(db, key, limit.windowSeconds);
}

/** Counts one hit of `key`; true when it is the first of its window (a thing counted once per window). */
export async function firstHit(db: Db, key: string, limit: Pick<Limit, 'windowSeconds'>): Promise<boolean> {
  return (await countHit(db, key, limit.windowSeconds))?.count === 1;
}

/** 429001 when `key` already has `max` hits in its current window; counts nothing. */
export async function rateLimitCheck(db: Db, key: string, limit: Pick<Limit, 'max' | 'windowSeconds'>): Promise<void> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after
    from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${limit.windowSeconds})`);
  const row = result.rows[0];
  if (row && row.count >= limit.max) throw tooMany(Math.max(1, row.retry_after));
}

/** The longest window any limit uses is a day: older counters are dead and deleted (hourly, every process). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '2 days'`);
  return result.rowCount ?? 0;
}
