import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';
import { normaliseStoredEmails } from './normalise-emails';
import { givePenNames } from './pen-names';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed drizzle-kit migrations; an advisory lock lets several processes start at once. */
export async function runMigrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727274001)`);
    await migrate(tx as unknown as Db, { migrationsFolder: MIGRATIONS_DIR });
    // Data step of migration 0008 that needs the contract's normaliser (runs once).
    await normaliseStoredEmails(tx as unknown as Db);
    // Data step of migration 0022: pen names and the invitation rewards already paid (runs once).
    await givePenNames(tx as unknown as Db);
  });
}
