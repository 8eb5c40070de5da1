import { sql } from 'drizzle-orm';
import { escapeLiteral, type QueryResult } from 'pg';
import type { Db } from './client';

/**
 * Runs statements in one round trip: sent as one simple query (no parameters), they run as one
 * implicit transaction, rolled back whole on any error, and each statement reads a snapshot of its
 * own (so a statement after a lock sees what committed while it waited). Values go in through
 * `literal`. Answers each statement's result, in order.
 */
export async function inOneTrip(db: Db, statements: string[]): Promise<QueryResult[]> {
  const results = (await db.execute(sql.raw(statements.join(';\n')))) as unknown as QueryResult | QueryResult[];
  return Array.isArray(results) ? results : [results];
}

/** A value as an SQL literal for `inOneTrip`: a quoted, escaped string, or a whole number. */
export function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return String(value);
  }
  return escapeLiteral(value);
}
