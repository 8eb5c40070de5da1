import { loadEnv } from '../env';
import { runSeed } from '../seed';
import { openDatabase } from './index';

/** `npm run db:migrate`: applies migrations (and the idempotent seed) to DATABASE_URL or the embedded server. */
const env = loadEnv();
const database = await openDatabase(env, (line) => console.log(line), { seed: runSeed });
console.log(`migrations applied to the ${database.kind} database`);
await database.close();
