import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/lib/free-port';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningApp = { base: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> };

/** The V8 flags `npm run serve -w server` gives node (server/package.json), so the bench runs the app with them too. */
export function serveFlags(): string[] {
  const serve = (JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')) as { scripts: { serve: string } }).scripts
    .serve;
  const words = serve.split(/\s+/);
  return words[0] === 'node' ? words.slice(1, words.indexOf('--import')) : [];
}

/**
 * The app as `npm start` serves it (`npm run serve -w server`: node with its flags, tsx, src/main.ts) in its own process,
 * on a free loopback port and a fresh DATA_DIR, with `env` added to this process's environment;
 * resolves once /health/ answers. `BENCH_CPU_PROF=<dir>` writes a CPU profile of it there.
 */
export async function startApp(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<RunningApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-app-'));
  // The embedded database's own account (when run as root) must be able to enter it.
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...serveFlags(), ...(profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profile)] : []), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: path.join(root, 'server'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    dataDir,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await done;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
