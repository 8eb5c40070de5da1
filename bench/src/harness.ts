import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import { connect, type Database } from '../../server/src/db/client';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { runMigrations } from '../../server/src/db/migrate';
import { loadEnv, type Env } from '../../server/src/env';
import type { LlmProvider } from '../../server/src/generation/types';
import { followSse } from '../../server/test/fake-llm';

export type BenchApp = {
  app: FastifyInstance;
  env: Env;
  database: Database;
  base: string;
  auth: { authorization: string };
  /** The generation request every benchmark sends. */
  body: Record<string, unknown>;
  generate: () => Promise<string>;
  /** Reads one novel's SSE stream; calls onText with the time each non-empty delta arrived. */
  read: (novel: string, onText: (text: string, at: number) => void) => Promise<string>;
  close: () => Promise<void>;
};

/**
 * The app in this process on a fresh embedded PostgreSQL, with one reader who
 * holds a 30-day pass (so generations cost nothing), for the streaming
 * benchmarks. `env` adds to the defaults (LLM_PROVIDER and friends).
 */
export async function startBenchApp(options: { provider: LlmProvider; env: Record<string, string> }): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-streams-'));
  fs.chmodSync(dataDir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dataDir, log: () => undefined });
  const database = connect(pgServer.url, 'embedded', { max: 40 });
  await runMigrations(database.db);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: pgServer.url,
    LOG_LEVEL: 'silent',
    // One bench account stands for hundreds of readers: no per-account stream or story-start limits.
    MAX_STREAMS_PER_USER: '0',
    MAX_GENERATIONS_PER_HOUR: '0',
    ...options.env,
  });
  const app = await buildApp({ env, database, provider: options.provider });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  await app.inject({
    method: 'POST',
    url: '/api/v1/user/create/',
    payload: { age_confirmed: true, email: 'bench@example.com', password: 'bench password' },
  });
  await database.db.execute(
    sql`update users set email_verified_at = now(), pass_expires_at = now() + interval '30 days' where email = 'bench@example.com'`,
  );
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login/',
    payload: { email: 'bench@example.com', password: 'bench password' },
  });
  const auth = { authorization: `Bearer ${login.json().data.tokens.access}` };
  const body = {
    params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
    is_r18: 0,
    dialogue_heavy: 0,
    first_person: 0,
    language: 'en',
  };

  return {
    app,
    env,
    database,
    base,
    auth,
    body,
    async generate() {
      const res = await fetch(`${base}/api/v1/novel/generate/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { data: { novel_uid: string } }).data.novel_uid;
    },
    async read(novel, onText) {
      let text = '';
      await followSse(`${base}/api/v1/novel/stream/?novel_uid=${novel}`, auth, (event, at) => {
        if (event.event === 'delta' && event.data.text) {
          text += event.data.text;
          onText(event.data.text, at);
        }
        return event.event === 'done' || event.event === 'error';
      });
      return text;
    },
    async close() {
      await app.close().catch(() => undefined);
      await database.close();
      await pgServer.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
