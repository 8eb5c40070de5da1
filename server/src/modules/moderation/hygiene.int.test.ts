import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { capturedLog, createTestContext, type TestContext } from '../../../test/helpers';

/** Issue 11, hygiene: what the server writes to its log, and to disk. */
const log = capturedLog('info');
const logText = log.text;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    logger: log.logger,
    // Routes that fail in the database the way a bug would, with a private value among the parameters.
    extend: (app) => {
      const db = app.deps.database.db;
      app.get('/test/cast', async () => db.execute(sql`select ${'private-value@example.net'}::int as n`));
      app.get('/test/duplicate', async () => {
        await db.execute(sql`insert into rate_limits (key, window_start, count) values (${'private-key@example.net'}, now(), 1)`);
        return db.execute(sql`insert into rate_limits (key, window_start, count) values (${'private-key@example.net'}, now(), 1)`);
      });
    },
  });
});
afterAll(() => ctx.close());

describe('server logs', () => {
  it('log a database error with its code and query, without its parameters or the values in its message and detail', async () => {
    const cast = await ctx.request('GET', '/test/cast');
    expect(cast.status).toBe(500);
    const duplicate = await ctx.request('GET', '/test/duplicate');
    expect(duplicate.status).toBe(500);
    const errors = log.lines().filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    expect(errors[0]!.err).toMatchObject({ query: expect.stringContaining('$1'), cause: { code: '22P02' } });
    expect(errors[1]!.err).toMatchObject({ cause: { code: '23505', constraint: 'rate_limits_pkey', table: 'rate_limits' } });
    expect(logText()).not.toContain('private-value');
    expect(logText()).not.toContain('private-key');
    expect(logText()).not.toContain('example.net');
  });

  it('name accounts by uid: signing up, logging in and mail leave no e-mail address in the log', async () => {
    const me = await signUp(ctx, 'hygiene.reader@example.org');
    await ctx.request('POST', '/api/v1/user/login/', { body: { email: 'hygiene.reader@example.org', password: 'wrong password!' } });
    await ctx.request('GET', '/verify-email?email=hygiene.reader%40example.org');
    expect(me.uid).toBeTruthy();
    expect(logText()).toContain('mail written to the dev outbox');
    expect(logText()).toContain('/verify-email?email=[email]');
    expect(logText()).not.toContain('example.org');
    expect(logText()).not.toContain('hygiene.reader');
  });
});

describe('DATA_DIR', () => {
  it('is created readable by its owner only (0700), and the signing secret is kept in the database, not on disk', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-datadir-'));
    const dataDir = path.join(parent, 'fresh', 'data');
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: ctx.database.url, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const until = Date.now() + 60_000;
      while (!out.includes('serving ') && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('serving ');
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
