import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { issueRefreshToken, signAccessToken } from '../../server/src/modules/accounts/tokens';
import { connect } from '../../server/src/db/client';
import { startApp as startAppProcess } from './app';

/**
 * The request figures of `npm run bench` (docs/decisions/0020): the app started as
 * `npm start` starts it (its own process, `tsx src/main.ts`, the built web app),
 * on an embedded PostgreSQL seeded with a few thousand personas, novels and posts;
 * load from autocannon in another process; every figure printed beside its
 * baseline measured in the same run:
 *
 * - `hello`: a bare Fastify hello world in its own process (health, SPA index, assets);
 * - `pg_page`: the same 20-row page straight from PostgreSQL with node-postgres in
 *   its own process (persona/novel/post lists and details).
 *
 * BENCH_SECONDS (default 5) sets each load's duration; BENCH_CPU_PROF=<dir> starts
 * the app with `--cpu-prof` and writes its profile there; BENCH_ONLY=<comma list>
 * runs only the named figures.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (name: string) => !ONLY || ONLY.has(name);

export type Figure = Record<string, string | number>;
export type Load = { rps: number; p50_ms: number; p99_ms: number; errors: number; non2xx: number; bytes_per_s?: number };

/** Runs a TypeScript file under bench/src/peers in its own process; resolves its first JSON line. */
export function peer<T>(file: string, args: string[], keep = false): Promise<{ value: T; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/src/peers', file), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      resolve({ value: JSON.parse(line) as T, child });
      if (!keep) lines.close();
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

export const cannon = async (options: Record<string, unknown>) =>
  (await peer<Load>('cannon.ts', [JSON.stringify({ connections: CONNECTIONS, duration: SECONDS, ...options })])).value;

/** The app as `npm start` runs it, on `databaseUrl`, with no cap on the bench account's jobs. */
export const startApp = (databaseUrl: string, extraEnv: Record<string, string> = {}) =>
  startAppProcess({ DATABASE_URL: databaseUrl, MAX_LIVE_JOBS_PER_USER: '0', ...extraEnv });

const N = 3000;
/** One key for every app process of the run, so the tokens minted for generate_accept work on each. */
export const JWT_SECRET = randomBytes(48).toString('base64url');
const GENERATE_USERS = 200;

/** A few thousand rows of everything a list reads, straight into the app's database. */
export async function seed(url: string, base: string, dataDir: string) {
  const signup = await fetch(`${base}/api/v1/user/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ age_confirmed: true, email: 'bench@example.com', password: 'bench password' }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`update users set email_verified_at = now() where email = 'bench@example.com'`);
  const login = await fetch(`${base}/api/v1/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench password' }),
  });
  const token = ((await login.json()) as { data: { tokens: { access: string } } }).data.tokens.access;
  const {
    rows: [me],
  } = await client.query<{ uid: string; password_hash: string }>(`select uid, password_hash from users where email = 'bench@example.com'`);

  // Authors and the users of generate_accept (each with Butter from a grant, as the ledger requires).
  await client.query(
    `insert into users (uid, email, password_hash, name, invitation_code, email_verified_at, balance)
     select 'bu' || i, 'bench' || i || '@example.com', $1, 'Author ' || i, 'BENCH' || i, now(), 1000 from generate_series(1, $2) i`,
    [me!.password_hash, GENERATE_USERS],
  );
  await client.query(
    `insert into ledger (user_uid, kind, amount, balance_after, note) select uid, 'grant', 1000, 1000, 'bench' from users where uid like 'bu%'`,
  );
  await client.query(
    `insert into personas (uid, author_uid, author_name, char_a_name, char_a_setting, char_b_name, char_b_setting, plot, description, is_r18, tags, tag_list, language, used_count)
     select 'bp' || i, 'bu' || (1 + i % 20), 'Author ' || (1 + i % 20), 'Ines ' || i, repeat('A quiet archivist. ', 6), 'Tomas ' || i, repeat('A sailor who stays. ', 6),
            repeat('A storm closes the harbour and two strangers share a lamp. ', 4), 'Persona ' || i || ': ' || repeat('slow burn, ', 5),
            i % 10 = 0, 'slow burn,harbour', array['slow burn','harbour'], (array['en','ja','ko','zh-CN','zh-TW'])[1 + i % 5], i % 97
     from generate_series(1, $1) i`,
    [N],
  );
  await client.query(
    `insert into novels (uid, author_uid, title, description, tags, params, language, generate_status, word_count, written_by, is_public, persona_uid)
     select 'bn' || i, case when i <= $2 then $3 else 'bu' || (1 + i % 20) end, 'Novel ' || i, 'A story about a storm.', array['notR18','third','description'],
            jsonb_build_object('char_a_name', 'Ines', 'char_a_setting', '', 'char_b_name', 'Tomas', 'char_b_setting', '', 'plot', 'A storm.'),
            'en', 'done', 1200, 'offline', true, 'bp' || i
     from generate_series(1, $1) i`,
    [N, N / 3, me!.uid],
  );
  await client.query(
    `insert into chapters (novel_uid, index, content) select uid, 0, repeat('The rain kept on. ', 60) from novels where uid like 'bn%'`,
  );
  // Each novel's chosen path is its one chapter (chapter versions, docs/decisions/0022).
  await client.query(`update novels n set path = array[c.id] from chapters c where c.novel_uid = n.uid and n.uid like 'bn%'`);
  await client.query(
    `insert into posts (uid, author_uid, novel_uid, title, content, language, is_public, published_at, views_count)
     select 'bq' || i, 'bu' || (1 + i % 20), 'bn' || i, 'Post ' || i, repeat('The rain kept on and the lamp stayed lit. ', 40), 'en', true, now(), i % 50
     from generate_series(1, $1) i`,
    [N],
  );
  // Issue 51: tags on the posts: a third "Angst", one in seven of those also "Major Character Death".
  await client.query(
    `update posts set tags = jsonb_build_array(jsonb_build_object('kind', 'freeform', 'name', 'Angst')) || case when seq % 7 = 0
       then jsonb_build_array(jsonb_build_object('kind', 'freeform', 'name', 'Major Character Death')) else '[]'::jsonb end,
       tag_keys = array['angst'] || case when seq % 7 = 0 then array['major character death'] else '{}'::text[] end
     where uid like 'bq%' and seq % 3 = 0`,
  );
  await client.query('analyze');
  await client.end();

  // Access tokens for the generate_accept users, signed with the apps' key (JWT_SECRET) over live sessions.
  const key = new Uint8Array(Buffer.from(JWT_SECRET, 'utf8'));
  const database = connect(url, 'external', { max: 4 });
  const tokens: string[] = [];
  for (let i = 1; i <= GENERATE_USERS; i++) {
    const family = `bench-family-${i}`;
    await issueRefreshToken(database.db, `bu${i}`, 86_400, family);
    tokens.push(await signAccessToken(key, `bu${i}`, family, 3_600));
  }
  await database.close();
  const tokensFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}-tokens.json`);
  fs.writeFileSync(tokensFile, JSON.stringify(tokens));
  return { token, tokensFile, novelUid: 'bn1', personaUid: 'bp2', postUid: 'bq2' };
}

/** The largest hashed JavaScript file of the build (what a first visit waits for), as its URL path. */
function largestAsset(): string | null {
  const dir = path.join(root, 'web/dist/assets');
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
  files.sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size);
  return files[0] ? `/assets/${files[0]}` : null;
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

export async function runLists(print: (name: string, figure: Figure) => void): Promise<void> {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-bench-pg-'));
  fs.chmodSync(pgDir, 0o755);
  const pgServer = await startEmbeddedPostgres({ dataDir: pgDir, log: () => undefined, database: 'butterfic' });
  const app = await startApp(pgServer.url, { JWT_SECRET });
  const asset = largestAsset();
  const assetBr = asset && fs.existsSync(path.join(root, 'web/dist', `${asset}.br`)) ? path.join(root, 'web/dist', `${asset}.br`) : '';
  const hello = await peer<{ port: number }>('hello.ts', assetBr ? [assetBr] : [], true);
  try {
    const seeded = await seed(pgServer.url, app.base, app.dataDir);
    const auth = { authorization: `Bearer ${seeded.token}` };

    // Each baseline is measured just before the figures it is compared with (the machine's load drifts).
    const measureHello = () => cannon({ url: `http://127.0.0.1:${hello.value.port}/` });
    const measurePg = async (shape = 'persona') =>
      (await peer<Load>('pg-page.ts', [pgServer.url, String(SECONDS), String(CONNECTIONS), shape])).value;
    let helloLoad: Load = { rps: NaN, p50_ms: NaN, p99_ms: NaN, errors: 0, non2xx: 0 };
    let pgLoad: Load = helloLoad;
    let taggedLoad: Load = helloLoad;
    let sameBytes: Load | null = null;
    const staticFigures = ['health', 'spa_index', 'spa_deep_link', 'asset_br', 'asset_gzip'];
    const listFigures = ['persona_list', 'persona_details', 'novel_list', 'post_list', 'post_details', 'post_list_tagged'];
    if (staticFigures.some(wanted)) {
      helloLoad = await measureHello();
      print('baseline_hello', { rps: helloLoad.rps, p50_ms: helloLoad.p50_ms, p99_ms: helloLoad.p99_ms });
    }

    const measure = async (
      name: string,
      baseline: 'hello' | 'pg_page' | 'pg_page_tagged',
      target: { ratio: number; p99_ms?: number },
      options: Record<string, unknown>,
    ) => {
      if (!wanted(name)) return;
      const load = await cannon(options);
      const base = baseline === 'hello' ? helloLoad : baseline === 'pg_page_tagged' ? taggedLoad : pgLoad;
      print(name, {
        rps: load.rps,
        p50_ms: load.p50_ms,
        p99_ms: load.p99_ms,
        baseline,
        baseline_rps: base.rps,
        ratio: ratio(load.rps, base.rps),
        target_ratio: target.ratio,
        ...(target.p99_ms !== undefined && { target_p99_ms: target.p99_ms }),
        errors: load.errors,
        non2xx: load.non2xx,
        ...(load.bytes_per_s !== undefined && name.startsWith('asset') && { mb_per_s: Number((load.bytes_per_s / 1e6).toFixed(1)) }),
        ...(name === 'asset_br' && sameBytes && { same_bytes_rps: sameBytes.rps, ratio_same_bytes: ratio(load.rps, sameBytes.rps) }),
      });
    };
    const api = (p: string) => `${app.base}/api/v1${p}`;
    await measure('health', 'hello', { ratio: 0.5 }, { url: api('/health/') });
    await measure('spa_index', 'hello', { ratio: 0.5 }, { url: `${app.base}/` });
    await measure('spa_deep_link', 'hello', { ratio: 0.5 }, { url: `${app.base}/explore/persona/abc` });
    if (asset) {
      if (assetBr && wanted('asset_br')) {
        // The same bytes from a bare Fastify route: what moving them costs here, apart from the app.
        const bytes = await cannon({ url: `http://127.0.0.1:${hello.value.port}/file` });
        print('baseline_same_bytes', {
          rps: bytes.rps,
          p50_ms: bytes.p50_ms,
          p99_ms: bytes.p99_ms,
          kb: Math.round(fs.statSync(assetBr).size / 1024),
        });
        sameBytes = bytes;
      }
      await measure('asset_br', 'hello', { ratio: 0.5, p99_ms: 5 }, { url: app.base + asset, headers: { 'accept-encoding': 'br, gzip' } });
      await measure('asset_gzip', 'hello', { ratio: 0.5, p99_ms: 5 }, { url: app.base + asset, headers: { 'accept-encoding': 'gzip' } });
    } else print('asset_br', { skipped: 'run npm run build first' });
    const list = { ratio: 0.5, p99_ms: 10 };
    if (listFigures.some(wanted)) {
      pgLoad = await measurePg();
      print('baseline_pg_page', { rps: pgLoad.rps, p50_ms: pgLoad.p50_ms, p99_ms: pgLoad.p99_ms });
    }
    await measure('persona_list', 'pg_page', list, { url: api('/persona/list/?page=1'), headers: auth });
    await measure('persona_details', 'pg_page', list, { url: api(`/persona/details/?persona_uid=${seeded.personaUid}`), headers: auth });
    await measure('novel_list', 'pg_page', list, { url: api('/novel/list/?page=1'), headers: auth });
    await measure('post_list', 'pg_page', list, { url: api('/post/list/?page=1'), headers: auth });
    await measure('post_details', 'pg_page', list, { url: api(`/post/details/?post_uid=${seeded.postUid}`), headers: auth });
    if (wanted('post_list_tagged')) {
      // Issue 51: the feed by a tag without an excluded one (never cached: docs/decisions/0057), beside the
      // same page of the same filter straight from PostgreSQL.
      taggedLoad = await measurePg('post_tagged');
      print('baseline_pg_page_tagged', {
        rps: taggedLoad.rps,
        p50_ms: taggedLoad.p50_ms,
        p99_ms: taggedLoad.p99_ms,
        rows: (taggedLoad as Load & { rows?: number }).rows ?? 0,
      });
    }
    await measure('post_list_tagged', 'pg_page_tagged', list, {
      url: api(`/post/list/?page=1&tag=ANGST&exclude_tags=${encodeURIComponent('Major Character Death')}`),
      headers: auth,
    });
    if (listFigures.some(wanted)) {
      // Measured again after the lists: how far the machine's load moved during them.
      const after = await measurePg();
      print('baseline_pg_page_after', { rps: after.rps, p50_ms: after.p50_ms, p99_ms: after.p99_ms });
    }

    if (wanted('generate_accept')) {
      // 200 users, each asking for a story every 2 s (100 requests/s), then all 200 at the same moment;
      // then the same against a second app with no generation workers: the accept path alone, without
      // the engine running the stories it accepted on the same two cores.
      type Gen = { requests: number; failed: number; first_failure: string; p50_ms: number; p99_ms: number; max_ms: number };
      const run = async (base: string, workers: string) => {
        const paced = (await peer<Gen>('generate.ts', [base, seeded.tokensFile, 'paced', String(SECONDS), '2000'])).value;
        print('generate_accept', { users: GENERATE_USERS, workers, mode: 'paced_100_per_s', ...paced, target_p99_ms: 20 });
        const burst = (await peer<Gen>('generate.ts', [base, seeded.tokensFile, 'burst', '3', '1500'])).value;
        print('generate_accept', { users: GENERATE_USERS, workers, mode: 'burst_200_at_once_x3', ...burst, target_p99_ms: 20 });
      };
      await run(app.base, 'default');
      await app.stop();
      const quiet = await startApp(pgServer.url, { JWT_SECRET, GENERATION_WORKERS: '0' });
      try {
        await run(quiet.base, '0');
      } finally {
        await quiet.stop();
      }
    }
  } finally {
    hello.child.kill('SIGTERM');
    await app.stop();
    fs.rmSync(`${app.dataDir}-tokens.json`, { force: true });
    await pgServer.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
