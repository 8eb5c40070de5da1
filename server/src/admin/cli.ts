import { runAdmin } from './program';

/**
 * The operator CLI's entry (`npm run admin -- <command>`, CONTRACT.md section 6); the program is in
 * program.ts. No `env`: loadEnv reads process.env, the only place that does.
 */
process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
