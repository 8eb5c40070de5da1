import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { AppError } from './errors';

/**
 * A fixed-window counter in PostgreSQL (shared by every app process): the
 * `max`+1-th hit of `key` within `windowSeconds` answers 429001 with Retry-After.
 */
export async function rateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`);
  const row = result.rows[0];
  if (row && row.count > max) throw tooMany(Math.max(1, row.retry_after));
}

export function tooMany(seconds: number): AppError {
  return new AppError('rateLimited', { headers: { 'retry-after': String(seconds) }, params: { seconds }, data: { retry_after: seconds } });
}

/** Counts one hit of `key` without refusing (for limits that count failures only). */
export async function rateLimitCount(db: Db, key: string, windowSeconds: number): Promise<void> {
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end`);
}

/** Counts one hit of `key`; true when it is the first of its window (a thing counted once per window). */
export async function firstHit(db: Db, key: string, windowSeconds: number): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  return result.rows[0]?.count === 1;
}

/** 429001 when `key` already has `max` hits in its current window; counts nothing. */
export async function rateLimitCheck(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after
    from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = result.rows[0];
  if (row && row.count >= max) throw tooMany(Math.max(1, row.retry_after));
}

/** The longest window any limit uses is a day: older counters are dead and deleted (hourly, every process). */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '2 days'`);
  return result.rowCount ?? 0;
}
