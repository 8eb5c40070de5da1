import type { Db } from './client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle query prepared once per database handle under a fixed statement
 * name (docs/decisions/0020): the SQL is built once, not per request, and
 * node-postgres sends it as a named statement, so PostgreSQL parses and plans it
 * once per connection. `name` must identify the query's shape (every
 * parameter-free choice that changes its text); values go in as placeholders.
 */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build()));
  return statement;
}
