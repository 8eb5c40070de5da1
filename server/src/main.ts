import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db';
import { warmUp as warmUpSafety } from './safety';
import { runSeed } from './seed';
import {
  defaultTakedownEmail,
  EnvError,
  loadEnv,
  missingMarketSettings,
  missingOperatorSettings,
  TAKEDOWN_EMAIL_PLACEHOLDER,
  type Env,
} from './env';
import { dataDirProblem } from './lib/data-dir';
import { createLogger } from './lib/logger';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../web/dist');

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = readEnv();
// JSON lines for log collectors; readable lines for a person at a terminal.
const logger = createLogger({ level: env.LOG_LEVEL, pretty: process.stdout.isTTY === true });
// DATA_DIR holds the embedded database and the dev outbox: unwritable or full, stop now with one line, before
// anything has started. A process with DATABASE_URL and SMTP_URL keeps nothing there (a read-only container).
if (!env.DATABASE_URL || !env.SMTP_URL) {
  const problem = dataDirProblem(env.DATA_DIR);
  if (problem) {
    logger.fatal(problem);
    process.exit(1);
  }
}

const database = await openDatabase(env, (line) => logger.info(line), { seed: runSeed }).catch((error: Error) => {
  logger.fatal(`database start-up failed: ${error.message}`);
  process.exit(1);
});

const app = await buildApp({ env, database, webDist: WEB_DIST, logger }).catch(async (error: Error) => {
  // Nothing listens yet: stop the database we started and leave no half-started server behind.
  logger.fatal(`start-up failed: ${error.message}`);
  await database.close().catch(() => undefined);
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: draining requests and stopping`);
  const force = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS + 900);
  force.unref();
  try {
    await Promise.race([app.close(), new Promise((r) => setTimeout(r, env.SHUTDOWN_GRACE_MS))]);
    await database.close();
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The safety check's tables are made now, not in the first reader's request.
warmUpSafety();
try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  logger.fatal(`cannot listen on ${env.HOST}:${env.PORT}: ${(error as Error).message}`);
  await database.close();
  process.exit(1);
}

const defaults = [
  database.kind === 'embedded' ? `database: embedded PostgreSQL in ${env.DATA_DIR}` : 'database: DATABASE_URL',
  env.LLM_PROVIDER === 'offline' ? 'LLM: built-in offline writer (set LLM_PROVIDER for a real model)' : `LLM: ${env.LLM_PROVIDER}`,
  env.SMTP_URL ? 'mail: SMTP' : `mail: dev outbox ${path.join(env.DATA_DIR, 'outbox.jsonl')}`,
  env.PAYMENTS === 'sandbox' ? 'payments: sandbox (no real charges)' : 'payments: Stripe',
];
logger.info(`serving ${env.PUBLIC_URL} — ${defaults.join('; ')}`);
if (env.TAKEDOWN_EMAIL === TAKEDOWN_EMAIL_PLACEHOLDER)
  logger.warn(`the user agreement shows the placeholder takedown address ${TAKEDOWN_EMAIL_PLACEHOLDER}: set TAKEDOWN_EMAIL`);
else if (env.TAKEDOWN_EMAIL === defaultTakedownEmail(env.PUBLIC_URL))
  logger.warn(`the user agreement shows the takedown address ${env.TAKEDOWN_EMAIL}: make sure it receives mail, or set TAKEDOWN_EMAIL`);
const { safety } = app.deps;
if (safety.mode === 'none')
  logger.warn(
    `NO JUDGE: MODERATION_PROVIDER=none, so ${env.LLM_PROVIDER} stories are checked by the local word and age lists alone, and nothing reads what the model is sent or writes as a whole (/health/ warns moderation-off); unset MODERATION_PROVIDER to let the story model judge`,
  );
else if (safety.mode === 'llm') logger.info(`moderation: LLM judge (${safety.layers.join(', ')}), failing closed on adult stories`);
if (env.PAYMENTS_SANDBOX_PUBLIC)
  logger.warn(`sandbox payments on ${env.PUBLIC_URL}: anyone who reaches it gets Butter free (every page says so); set PAYMENTS=stripe with its keys for real payments`);
const unsetOperator = missingOperatorSettings(env);
if (unsetOperator.length > 0)
  logger.warn(`the user agreement and privacy policy show placeholders for who runs the service: set ${unsetOperator.join(', ')}`);
const unsetMarket = missingMarketSettings(env);
if (unsetMarket.length > 0)
  logger.info(`the Korean, Japanese, Taiwanese and mainland Chinese policy pages show placeholders for ${unsetMarket.join(', ')} (docs/contract.md)`);
if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) logger.warn('web/dist is missing: run npm run build to serve the web app');
