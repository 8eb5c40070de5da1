/**
 * A worker process for the crash test: the app with generation workers on the
 * test database, talking to the fake model. The test SIGKILLs it mid-story.
 */
import { buildApp } from '../src/app';
import { connect } from '../src/db/client';
import { loadEnv } from '../src/env';
import { openaiProvider } from '../src/generation/providers/openai';
import { TEST_SETTINGS } from './settings';

const [databaseUrl, llmUrl, dataDir] = process.argv.slice(2);
if (!databaseUrl || !llmUrl || !dataDir) throw new Error('usage: worker-child <database url> <llm url> <data dir>');
const env = loadEnv({
  NODE_ENV: 'test',
  ...TEST_SETTINGS,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: llmUrl,
  LLM_MODEL: 'fake-model',
  // Not about the judge (on by default with a real model).
  MODERATION_PROVIDER: 'none',
  GENERATION_WORKERS: '1',
  GENERATION_LEASE_SECONDS: '2',
  LOG_LEVEL: 'silent',
});
const database = connect(databaseUrl, 'external', { max: 4 });
const app = await buildApp({ env, database, provider: openaiProvider({ baseURL: llmUrl, model: 'fake-model', maxRetries: 0 }) });
await app.ready();
process.stdout.write('ready\n');
