import type { Env } from '../env';
import { connect, type Database, type Db } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

export type { Database, Db, DbOrTx } from './client';

/**
 * DATABASE_URL → that server; unset → the embedded PostgreSQL under DATA_DIR. Migrated, then `seed`
 * run when given (the app's seed, server/src/seed.ts, lives above the domains it fills).
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  log: (line: string) => void,
  options: { seed?: (db: Db) => Promise<void>; takeOver?: boolean } = {},
): Promise<Database> {
  let database: Database;
  if (env.DATABASE_URL) {
    database = connect(env.DATABASE_URL, 'external');
  } else {
    // The app (takeOver) also supervises its server: one that dies is started again on the same port.
    const takeOver = options.takeOver ?? true;
    const server = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, log, takeOver, supervise: takeOver });
    database = connect(server.url, 'embedded', { onClose: server.stop });
  }
  try {
    await runMigrations(database.db);
    if (options.seed) await options.seed(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
