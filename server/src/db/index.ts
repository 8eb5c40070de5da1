import type { Env } from '../env';
import { connect, type Database } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { runSeed } from './seed';

export type { Database, Db } from './client';

/** DATABASE_URL → that server; unset → the embedded PostgreSQL under DATA_DIR. Migrated and seeded. */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  log: (line: string) => void,
  options: { seed?: boolean; takeOver?: boolean } = {},
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
    if (options.seed !== false) await runSeed(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
