import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { withDatabase } from './global-setup';

/**
 * A database of its own for a test of one migration on data from before it, dropped after the file:
 * `applyBefore(file)` runs every migration before `file`, `apply(file)` runs that one.
 */
export function migrationDatabase() {
  let admin: pg.Client;
  let client: pg.Client;
  let name: string;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    name = `${inject('dbPrefix')}mig${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    client = new pg.Client({ connectionString: withDatabase(inject('adminUrl'), name) });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await admin?.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin?.end();
  });
  const apply = async (file: string) => {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
  };
  return {
    get client() {
      return client;
    },
    apply,
    async applyBefore(file: string) {
      const files = fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      const at = files.indexOf(file);
      if (at <= 0) throw new Error(`no migration ${file} with migrations before it`);
      for (const earlier of files.slice(0, at)) await apply(earlier);
    },
  };
}
