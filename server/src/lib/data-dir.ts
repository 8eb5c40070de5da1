import fs from 'node:fs';

/**
 * DATA_DIR holds the database, the signing secret and the dev outbox: created readable by its owner
 * only (0700). A folder that already exists keeps the mode its operator gave it. As root, the
 * embedded database's `postgres` account cannot enter a 0700 folder of root's, and keeps its cluster
 * in the stand-in folder db/embedded.ts records in DATA_DIR/pg-location.
 */
export function ensureDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}
