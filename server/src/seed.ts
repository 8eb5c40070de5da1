import { sql } from 'drizzle-orm';
import type { Db } from './db';
import { importPersonas, seedCatalogue } from './modules/personas/catalogue';
import { appMeta } from './db/schema';

/** Idempotent: safe to run on every start. Later domains add their seed steps here. */
export async function runSeed(db: Db): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: 'installed_at', value: sql`to_jsonb(extract(epoch from now())::bigint)` })
    .onConflictDoNothing();
  await importPersonas(db, seedCatalogue());
}
