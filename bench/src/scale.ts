import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { SCALE, seedScale } from '../../server/test/scale-seed';
import { cannon, JWT_SECRET, peer, seed, startApp, type Figure, type Load } from './lists';

/**
 * `npm run bench -- --scale` (issue 14, "A million rows"; docs/decisions/0028). One run:
 *
 * 1. the app started as `npm start` starts it (its own process and DATA_DIR) on a fresh embedded
 *    PostgreSQL (or on BENCH_DATABASE_URL, an empty database), seeded as `npm run bench` seeds it
 *    (a few thousand rows): the list, details and wallet figures on page 1 — the small database;
 * 2. 100,000 users, 100,000 personas, 1,000,000 novels, 1,000,000 posts and 2,000,000 ledger rows
 *    written into the same database by `insert … select from generate_series` (the seeding time is
 *    printed), then the app restarted;
 * 3. the same figures on page 1 and on a deep page (BENCH_DEEP_PAGE, default 500: offset 9,980),
 *    each printed with `small_rps` (its page-1 figure on the small database) and `ratio`
 *    (rps / small_rps; the target is within 2×, `target_ratio=0.5`).
 *
 * The raw-PostgreSQL 20-row page (`baseline_pg_page`) is measured on each database beside them.
 */
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

type Target = { name: string; path: (page: number) => string; paged: boolean };

export async function runScale(print: (name: string, figure: Figure) => void): Promise<void> {
  const started = performance.now();
  const external = process.env.BENCH_DATABASE_URL;
  const pgDir = external ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-scale-pg-'));
  if (pgDir) fs.chmodSync(pgDir, 0o755);
  const pgServer = pgDir ? await startEmbeddedPostgres({ dataDir: pgDir, log: () => undefined, database: 'butterfic' }) : null;
  const url = external ?? pgServer!.url;
  let app = await startApp(url, { JWT_SECRET });
  const dataDirs = [app.dataDir];
  try {
    const seeded = await seed(url, app.base, app.dataDir);
    const auth = { authorization: `Bearer ${seeded.token}` };
    const targets: Target[] = [
      { name: 'persona_list', path: (p) => `/persona/list/?page=${p}`, paged: true },
      { name: 'persona_details', path: () => `/persona/details/?persona_uid=${seeded.personaUid}`, paged: false },
      { name: 'novel_list', path: (p) => `/novel/list/?page=${p}`, paged: true },
      { name: 'post_list', path: (p) => `/post/list/?page=${p}`, paged: true },
      { name: 'post_details', path: () => `/post/details/?post_uid=${seeded.postUid}`, paged: false },
      { name: 'wallet_list', path: (p) => `/wallet/transactions/?page=${p}`, paged: true },
    ];
    const measure = (base: string, target: Target, page: number) => cannon({ url: `${base}/api/v1${target.path(page)}`, headers: auth });
    const pgPage = async (label: string) => {
      const load = (await peer<Load>('pg-page.ts', [url, String(SECONDS), String(CONNECTIONS)])).value;
      print('baseline_pg_page', { db: label, rps: load.rps, p50_ms: load.p50_ms, p99_ms: load.p99_ms });
      return load;
    };

    // 1. The small database.
    await pgPage('small');
    const small = new Map<string, Load>();
    for (const target of targets) {
      const load = await measure(app.base, target, 1);
      small.set(target.name, load);
      print(target.name, {
        db: 'small',
        page: 1,
        rps: load.rps,
        p50_ms: load.p50_ms,
        p99_ms: load.p99_ms,
        errors: load.errors,
        non2xx: load.non2xx,
      });
    }

    // 2. A million rows, into the same database.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const {
      rows: [me],
    } = await client.query<{ uid: string; password_hash: string }>(
      `select uid, password_hash from users where email = 'bench@example.com'`,
    );
    const seedStarted = performance.now();
    await seedScale(client, me!.uid, me!.password_hash, (line) => console.log(line));
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));
    const {
      rows: [size],
    } = await client.query<{ mb: string }>(`select (pg_database_size(current_database()) / 1048576)::text as mb`);
    await client.end();
    print('scale_seed', {
      seconds: seedSeconds,
      ...Object.fromEntries(Object.entries(SCALE).map(([k, v]) => [k, v])),
      db_mb: Number(size!.mb),
    });
    await app.stop();
    app = await startApp(url, { JWT_SECRET });
    dataDirs.push(app.dataDir);

    // 3. The same figures on the big database: page 1 and a deep page.
    await pgPage('scale');
    for (const target of targets)
      for (const page of target.paged ? [1, DEEP_PAGE] : [1]) {
        const load = await measure(app.base, target, page);
        const base = small.get(target.name)!;
        print(target.name, {
          db: 'scale',
          page,
          rps: load.rps,
          p50_ms: load.p50_ms,
          p99_ms: load.p99_ms,
          small_rps: base.rps,
          small_p99_ms: base.p99_ms,
          ratio: Number((load.rps / base.rps).toFixed(2)),
          target_ratio: 0.5,
          errors: load.errors,
          non2xx: load.non2xx,
        });
      }
    await pgPage('scale_after');
  } finally {
    await app.stop();
    for (const dir of dataDirs) fs.rmSync(`${dir}-tokens.json`, { force: true });
    await pgServer?.stop();
    if (pgDir) fs.rmSync(pgDir, { recursive: true, force: true });
  }
  print('scale_total', { seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
}
