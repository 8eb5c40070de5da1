import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../src/lib/free-port';

/**
 * The app as `npm start` runs it (server/src/main.ts, embedded PostgreSQL under
 * DATA_DIR): SIGTERM stops it cleanly, a restart keeps the data, and after a
 * kill -9 the next start finds the orphaned database server and carries on.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-lifecycle-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

async function startApp(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited early: ${out}`);
    try {
      const res = await fetch(`${base}/api/v1/health/`);
      if (res.ok) return { child, base, output: () => out };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`app did not start: ${out}`);
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function fileReport(base: string, reason: string, which: number): Promise<string> {
  // A report names content that exists: a seeded persona (one reporter reports each only once, decision 0035).
  const list = (await (await fetch(`${base}/api/v1/persona/list/`)).json()) as { data: { results: { uid: string }[] } };
  const res = await fetch(`${base}/api/v1/report/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ target_type: 'persona', target_uid: list.data.results[which]?.uid, reason }),
  });
  const body = (await res.json()) as { data: { uid: string } };
  return body.data.uid;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  // Stop any database server a killed app left behind, then remove the data.
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* already gone */
    }
    const until = Date.now() + 10_000;
    while (fs.existsSync(pidFile) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(inject('dbKind') === 'external')('the app process on its embedded database', () => {
  it('stops within 5 s on SIGTERM and keeps its data across restarts and a kill -9', async () => {
    const first = await startApp();
    expect(first.output()).toContain('embedded PostgreSQL');
    expect(first.output()).toContain('offline writer');
    const uid = await fileReport(first.base, 'first run', 0);

    const started = Date.now();
    const done = exited(first.child);
    first.child.kill('SIGTERM');
    expect(await done).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = await startApp();
    const uid2 = await fileReport(second.base, 'second run', 1);
    const killed = exited(second.child);
    second.child.kill('SIGKILL');
    await killed;

    const third = await startApp();
    expect(third.output()).toMatch(/found a running embedded PostgreSQL|initialising/);
    const res = await fetch(`${third.base}/api/v1/health/`);
    expect(res.status).toBe(200);
    // Both reports survived: read them back through the database the app uses.
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8')) as { user: string; password: string };
    const pidLines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const pg = await import('pg');
    const client = new pg.default.Client({
      connectionString: `postgres://${secrets.user}:${encodeURIComponent(secrets.password)}@127.0.0.1:${pidLines[3]}/butterfic`,
    });
    await client.connect();
    const rows = await client.query('select uid from reports order by created_at');
    await client.end();
    expect(rows.rows.map((r) => r.uid)).toEqual([uid, uid2]);

    const stopped = exited(third.child);
    third.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 180_000);
});
