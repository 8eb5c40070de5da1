import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded';
import { startFakeLlm, type FakeLlm } from './fake-llm';
import { storyRequest, waitFor } from './novels';
import { call, freePort, repoRoot, startAppProcess, type AppProcess } from './processes';
import { TEST_SETTINGS } from './settings';
import { testEnvSource } from './test-env';

/**
 * Broken parts at start-up and under the app: an unwritable or full DATA_DIR,
 * the PostgreSQL server going away mid-story and coming back, and the embedded
 * server killed under the app. Each runs the app as its own process
 * (server/src/main.ts) on a PostgreSQL of its own, so the harness database is
 * never touched (and the external pass skips them: they would test the same thing).
 */
const procs: AppProcess[] = [];
const dirs: string[] = [];
let llm: FakeLlm;

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // as root the embedded server runs as the postgres user, who must reach it
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await llm?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const appEnv = (extra: Record<string, string>) => ({
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: llm.url,
  LLM_MODEL: 'fake-model',
  // These tests are about faults of the model and the database, not the judge (on by default with a real model).
  MODERATION_PROVIDER: 'none',
  REQUIRE_EMAIL_VERIFICATION: 'false',
  GENERATION_WORKERS: '1',
  GENERATION_LEASE_SECONDS: '2',
  SHUTDOWN_GRACE_MS: '2000',
  ...extra,
});

async function signedIn(base: string, email: string) {
  const created = await call(base, 'POST', '/api/v1/user/create/', {
    body: { age_confirmed: true, email, password: 'correct horse battery', gender: 'female' },
  });
  expect(created.status).toBe(200);
  const login = await call(base, 'POST', '/api/v1/user/login/', { body: { email, password: 'correct horse battery' } });
  expect(login.status).toBe(200);
  return { uid: created.body.data.uid as string, auth: { authorization: `Bearer ${login.body.data.tokens.access}` } };
}

/** Balance and ledger sum of one account, read straight from the database. */
async function totals(url: string, uid: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = await client.query(
      'select u.balance, coalesce((select sum(amount) from ledger where user_uid = u.uid), 0)::int as sum from users u where uid = $1',
      [uid],
    );
    return { balance: row.rows[0].balance as number, ledgerSum: row.rows[0].sum as number };
  } finally {
    await client.end();
  }
}

/**
 * Whether a novel-details answer shows the story no longer generating. A 503 envelope (the database still
 * coming back: health may answer from its last good check for up to a second) means wait, as a client would;
 * any other answer ends the wait and is checked by the caller.
 */
function storyEnded(body: { base_resp?: { status_code?: number }; data?: { novel?: { generate_status?: string }; retry_after?: number } }) {
  if (body.base_resp?.status_code === 500001 && body.data?.retry_after) return false;
  return body.data?.novel?.generate_status !== 'generating';
}

const ROOT = process.getuid?.() === 0;
/** Runs `script` in a private mount namespace (as root, or as a mapped root in a user namespace). */
const unshareArgs = ROOT ? ['-m'] : ['-rm'];
function canMount(kind: 'ro' | 'tmpfs'): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-mount-check-'));
  const script =
    kind === 'ro' ? `mount --bind "${dir}" "${dir}" && mount -o remount,bind,ro "${dir}"` : `mount -t tmpfs -o size=512k tmpfs "${dir}"`;
  const result = spawnSync('unshare', [...unshareArgs, 'sh', '-c', script], { stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
  return !result.error && result.status === 0;
}

/** Starts main.ts (optionally after `setup` in a private mount namespace) and waits for it to exit. */
async function startExpectingExit(env: Record<string, string>, setup?: string) {
  const port = await freePort();
  const fullEnv = {
    PATH: testEnvSource().PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'test',
    ...TEST_SETTINGS,
    LOG_LEVEL: 'info',
    ...env,
    PORT: String(port),
  };
  const node = `"${process.execPath}" --import tsx server/src/main.ts`;
  const child = setup
    ? spawn('unshare', [...unshareArgs, 'sh', '-c', `${setup} && exec ${node}`], {
        cwd: repoRoot,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: repoRoot,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const lines = out.split('\n').filter((line) => line.trim());
  // Nothing was left listening.
  const listening = await fetch(`http://127.0.0.1:${port}/api/v1/health/`).then(
    () => true,
    () => false,
  );
  return { code, lines, listening };
}

describe.skipIf(inject('dbKind') === 'external')('DATA_DIR unusable at start', () => {
  it('a DATA_DIR that is not a folder: one line naming it, exit 1, nothing started', async () => {
    const file = path.join(tempDir('butterfic-notdir-'), 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const result = await startExpectingExit({ DATA_DIR: path.join(file, 'data') });
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toContain(`DATA_DIR ${path.join(file, 'data')}`);
    expect(result.lines[0]).toContain('ENOTDIR');
    expect(result.listening).toBe(false);
  }, 90_000);

  it.skipIf(ROOT && !canMount('ro'))(
    'a read-only DATA_DIR: one line naming it, exit 1, no database started',
    async () => {
      const dir = tempDir('butterfic-readonly-');
      // As root, permissions do not stop writes: a read-only bind mount does. Otherwise plain permissions.
      const setup = ROOT ? `mount --bind "${dir}" "${dir}" && mount -o remount,bind,ro "${dir}"` : undefined;
      if (!ROOT) fs.chmodSync(dir, 0o555);
      const result = await startExpectingExit({ DATA_DIR: dir }, setup);
      fs.chmodSync(dir, 0o755);
      expect(result.code).toBe(1);
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0]).toMatch(ROOT ? /read-only file system \(EROFS\)/ : /not writable by this user \(EACCES\)/);
      expect(result.lines[0]).toContain(dir);
      expect(result.listening).toBe(false);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
    90_000,
  );

  it.skipIf(!canMount('tmpfs'))(
    'a full disk: one line saying so, exit 1',
    async () => {
      const dir = tempDir('butterfic-full-');
      // A 512 KB file system: the 1 MB probe write fails with ENOSPC before anything starts.
      const result = await startExpectingExit({ DATA_DIR: dir }, `mount -t tmpfs -o size=512k tmpfs "${dir}"`);
      expect(result.code).toBe(1);
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0]).toMatch(/the disk is full \(ENOSPC\)/);
      expect(result.listening).toBe(false);
    },
    90_000,
  );
});

describe.skipIf(inject('dbKind') === 'external')('how the app reaches its embedded PostgreSQL', () => {
  const transport = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ addr: string | null }>('select host(inet_server_addr()) as addr')).rows[0]!.addr;
    } finally {
      await client.end();
    }
  };

  it('through the Unix socket in its cluster folder, and over loopback TCP when that folder’s path is too long for a socket', async () => {
    const short = await startEmbeddedPostgres({ dataDir: tempDir('butterfic-sock-'), log: () => undefined });
    try {
      // inet_server_addr() is null on a Unix-socket connection.
      expect(await transport(short.url)).toBeNull();
      expect(new URL(short.url).hostname).toBe(encodeURIComponent(short.dataDir));
    } finally {
      await short.stop();
    }

    const deep = path.join(tempDir('butterfic-deep-'), 'a-data-folder-whose-path-is-longer-than-a-unix-socket-address-can-hold');
    fs.mkdirSync(deep, { mode: 0o755 });
    const long = await startEmbeddedPostgres({ dataDir: deep, log: () => undefined });
    try {
      expect(await transport(long.url)).toBe('127.0.0.1');
    } finally {
      await long.stop();
    }
  }, 120_000);
});

describe.skipIf(inject('dbKind') === 'external')('PostgreSQL going away under the app', () => {
  let server: EmbeddedServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 with Retry-After while the database is down, recovers by itself, and loses no job', async () => {
    const pgDir = tempDir('butterfic-outage-pg-');
    server = await startEmbeddedPostgres({ dataDir: pgDir, log: () => undefined });
    const port = server.port;
    const app = await startAppProcess('outage-app', appEnv({ DATABASE_URL: server.url, DATA_DIR: tempDir('butterfic-outage-data-') }));
    procs.push(app);
    const me = await signedIn(app.base, 'outage@example.com');

    llm.script([{ chunks: Array.from({ length: 100 }, (_, i) => `o${i} `), delayMs: 120 }, { chunks: ['and the rest.'] }]);
    const started = await call(app.base, 'POST', '/api/v1/novel/generate/', { headers: me.auth, body: storyRequest() });
    expect(started.status).toBe(200);
    const novelUid = started.body.data.novel_uid as string;
    const details = () => call(app.base, 'GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: me.auth });
    const savedBefore = await waitFor(
      async () => (await details()).body.data?.chapters?.[0]?.content ?? '',
      (text: string) => text.length > 0,
      30_000,
    );

    // The database goes away mid-story (a fast shutdown, as a restart or failover does).
    await server.stop();
    server = null;
    // Health may answer from its last good check for up to a second (DB_CHECK_MS), no longer.
    const health = await waitFor(
      () => call(app.base, 'GET', '/api/v1/health/', { headers: { 'accept-language': 'ja' } }),
      (answer) => answer.status !== 200,
      3_000,
    );
    expect(health.status).toBe(503);
    expect(health.body.base_resp.status_code).toBe(500001);
    expect(health.body.base_resp.status_msg).toContain('一時的に利用できません');
    expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
    const read = await details();
    expect(read.status).toBe(503);
    expect(read.body.base_resp.status_code).toBe(500001);
    expect(read.body.data.request_id).toBeTruthy();
    const refused = await call(app.base, 'POST', '/api/v1/novel/generate/', { headers: me.auth, body: storyRequest() });
    expect(refused.status).toBe(503);
    expect(app.child.exitCode).toBeNull();

    // It comes back on the same address: the app reconnects without a restart.
    server = await startEmbeddedPostgres({ dataDir: pgDir, log: () => undefined, port });
    await waitFor(
      async () => (await call(app.base, 'GET', '/api/v1/health/')).status,
      (status) => status === 200,
      60_000,
    );
    // The story is finished (resumed from its saved text if its attempt died with the connection), charged once.
    const done = await waitFor(
      async () => (await details()).body,
      (body) => storyEnded(body),
      90_000,
    );
    expect(done.data.novel.generate_status).toBe('done');
    const content = done.data.chapters[0].content as string;
    expect(content.startsWith(savedBefore)).toBe(true);
    expect(content.endsWith('and the rest.') || content.endsWith('o99 ')).toBe(true);
    const db = new pg.Client({ connectionString: server.url });
    await db.connect();
    const jobs = await db.query('select status from generation_jobs');
    expect(jobs.rows).toEqual([{ status: 'done' }]);
    // The stream fan-out's LISTEN connection is back too (readers on other processes follow stories again).
    await waitFor(
      async () =>
        (
          await db.query(
            // Past its LISTEN: the batch itself, or the heartbeat that follows it.
            `select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and application_name like 'butterfic-listen-%'
               and (query ilike 'listen %' or query ilike 'select pg_notify(%')`,
          )
        ).rows[0].n as number,
      (n) => n >= 1,
      30_000,
    );
    await db.end();
    expect(await totals(server.url, me.uid)).toEqual({ balance: 0, ledgerSum: 0 });
    expect(await app.stop()).toBe(0);
  }, 240_000);

  it('restarts its embedded PostgreSQL when that is killed, and the story in progress is finished', async () => {
    const dataDir = tempDir('butterfic-embedded-kill-');
    const app = await startAppProcess('embedded-app', appEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }));
    procs.push(app);
    const me = await signedIn(app.base, 'kill-pg@example.com');
    llm.script([{ chunks: Array.from({ length: 100 }, (_, i) => `k${i} `), delayMs: 120 }, { chunks: ['and the rest.'] }]);
    const started = await call(app.base, 'POST', '/api/v1/novel/generate/', { headers: me.auth, body: storyRequest() });
    expect(started.status).toBe(200);
    const novelUid = started.body.data.novel_uid as string;
    const details = () => call(app.base, 'GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: me.auth });
    const savedBefore = await waitFor(
      async () => (await details()).body.data?.chapters?.[0]?.content ?? '',
      (text: string) => text.length > 0,
      30_000,
    );

    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const postmaster = () => {
      const [pid, , , port] = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n') : [];
      return { pid: Number(pid), port: Number(port) };
    };
    const before = postmaster();
    expect(before.pid).toBeGreaterThan(0);
    process.kill(before.pid, 'SIGKILL');

    // The app notices and starts it again on the same port; requests work again without restarting the app.
    await waitFor(
      async () => ({ pg: postmaster(), health: (await call(app.base, 'GET', '/api/v1/health/').catch(() => ({ status: 0 }))).status }),
      (now) => now.pg.pid > 0 && now.pg.pid !== before.pid && now.health === 200,
      90_000,
    );
    expect(postmaster().port).toBe(before.port);
    expect(app.output()).toContain('stopped unexpectedly; starting it again');
    const done = await waitFor(
      async () => (await details()).body,
      (body) => storyEnded(body),
      90_000,
    );
    expect(done.data.novel.generate_status).toBe('done');
    expect((done.data.chapters[0].content as string).startsWith(savedBefore)).toBe(true);
    const wallet = await call(app.base, 'GET', '/api/v1/user/info/', { headers: me.auth });
    expect(wallet.status).toBe(200);
    // Charged once: 6 signup Butter, one story of 6.
    expect(wallet.body.data.balance).toBe(0);
    expect(app.child.exitCode).toBeNull();
    // SIGTERM still stops both cleanly.
    expect(await app.stop()).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 240_000);
});
