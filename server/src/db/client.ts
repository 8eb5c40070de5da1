import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** The database or an open transaction: services that may run inside a caller's transaction take this. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  kind: 'embedded' | 'external';
  /**
   * When (performance.now()) the server last looked out of reach: an idle connection dropped, or a request
   * failed to reach it. Anything that trusts an earlier check (the health probe's grace second) stops.
   */
  troubleAt: () => number;
  /** Records that a request could not reach the server. */
  noteTrouble: () => void;
  close: () => Promise<void>;
};

// Return int8 (bigint) and numeric as JS numbers: Butter amounts and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connect(
  url: string,
  kind: Database['kind'],
  options: {
    max?: number;
    onClose?: () => Promise<void>;
    /** Server settings for every connection, e.g. `-c synchronous_commit=off`. */ settings?: string;
  } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(options.settings && { options: options.settings }),
  });
  let troubleAt = -Infinity;
  const noteTrouble = () => {
    troubleAt = performance.now();
  };
  // An idle client that errors (server restarted, network blip) must not crash the process.
  pool.on('error', noteTrouble);
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    url,
    kind,
    troubleAt: () => troubleAt,
    noteTrouble,
    close: async () => {
      await pool.end();
      await options.onClose?.();
    },
  };
}
