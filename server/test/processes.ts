import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SETTINGS } from './settings';
import { testEnvSource } from './test-env';
import { freePort } from '../src/lib/free-port';

export { freePort };

/** The repository root: child processes run `node --import tsx server/src/main.ts` from here, as an operator would. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AppProcess = {
  child: ChildProcess;
  name: string;
  base: string;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM and wait for the exit code. */
  stop: () => Promise<number | null>;
  kill: () => Promise<void>;
};

/**
 * Starts the app exactly as `npm start` serves it (server/src/main.ts in its own
 * Node process) with `env` on top of a bare PATH, and waits until /health/
 * answers 200. Nothing of the test runner's environment leaks in.
 */
export async function startAppProcess(
  name: string,
  env: Record<string, string>,
  options: { waitHealthy?: boolean; timeoutMs?: number } = {},
) {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: testEnvSource().PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'test',
      ...TEST_SETTINGS,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const proc: AppProcess = {
    child,
    name,
    base,
    port,
    output: () => out,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  if (options.waitHealthy === false) return proc;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited early: ${out}`);
    try {
      const res = await fetch(`${base}/api/v1/health/`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return proc;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start: ${out}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON, asserted field by field
type JsonBody = any;

/** A JSON call against one process. */
export async function call(
  base: string,
  method: string,
  urlPath: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: JsonBody }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + urlPath, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}
