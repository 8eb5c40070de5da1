import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../server/src/lib/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the built app exactly as `npm start` serves it (server/src/main.ts,
 * embedded PostgreSQL, offline writer, dev outbox) on a free port with a fresh
 * DATA_DIR. `npm run test:e2e` builds the web app first.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) throw new Error('web/dist is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      // Each test context comes from its own X-Forwarded-For address (fixtures.ts someClientAddress).
      TRUST_PROXY: 'loopback',
      // policy.e2e.ts checks that this address reaches the user agreement and about us.
      TAKEDOWN_EMAIL: 'takedown@e2e.example',
      // moderation.e2e.ts signs this account up and works the operator console with it.
      ADMIN_EMAILS: 'operator@e2e.example',
      // Two test files run at a time (vitest.config.ts): room for both files' stories, as each alone has.
      GENERATION_WORKERS: '4',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the app exited during start-up');
    try {
      if ((await fetch(`${baseUrl}/api/v1/health/`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the app did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await done;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
