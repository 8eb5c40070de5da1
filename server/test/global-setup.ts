import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { testEnvSource } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    dbPrefix: string;
    dbKind: 'embedded' | 'external';
  }
}

/**
 * Starts one PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL when
 * TEST_DB=external), migrates a template database once, and hands its name to
 * the test files, which clone it in milliseconds.
 */
export default async function setup(project: TestProject) {
  const source = testEnvSource();
  const external = source.TEST_DB === 'external';
  let server: EmbeddedServer | null = null;
  let tmp: string | null = null;
  let adminUrl: string;
  if (external) {
    if (!source.TEST_DATABASE_URL) throw new Error('TEST_DB=external needs TEST_DATABASE_URL');
    adminUrl = source.TEST_DATABASE_URL;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-test-pg-'));
    fs.chmodSync(tmp, 0o755);
    server = await startEmbeddedPostgres({ dataDir: tmp, log: () => undefined, database: 'postgres' });
    adminUrl = server.url;
  }
  const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const dbPrefix = `bft_${runId}_`;
  const templateDb = `${dbPrefix}template`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(templateDb)}`);
  const templateUrl = withDatabase(adminUrl, templateDb);
  const template = connect(templateUrl, external ? 'external' : 'embedded', { max: 1 });
  await runMigrations(template.db);
  await template.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('dbPrefix', dbPrefix);
  project.provide('dbKind', external ? 'external' : 'embedded');
  console.log(`integration tests on ${external ? 'external PostgreSQL (TEST_DATABASE_URL)' : 'embedded PostgreSQL 17'}`);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${dbPrefix}%`]);
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`).catch(() => undefined);
    }
    await admin.end();
    if (server) await server.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
