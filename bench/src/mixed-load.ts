import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { connect, type Database } from '../../server/src/db/client';
import { startEmbeddedPostgres } from '../../server/src/db/embedded';
import { newUid } from '../../server/src/lib/ids';
import { hashPassword } from '../../server/src/modules/accounts/passwords';
import { createRedeemCodes } from '../../server/src/modules/codes/service';
import { followSse, startFakeLlm } from '../../server/test/fake-llm';
import { startApp } from './app';
import { percentile, processCpuSeconds } from './timing';

/**
 * `npm run bench -- --load` (issue 14): a mixed load of simulated users against the
 * app started as `npm start` starts it (its own process, embedded PostgreSQL, a
 * fresh DATA_DIR), with the fake OpenAI-compatible model in a third process. Each
 * user signs in, then until the time is up browses, favourites, generates (reading
 * some streams), continues, stops, publishes, redeems and pays in the sandbox. At the
 * end: no 5xx, no lost, stuck or duplicated job, every balance equal to its ledger sum.
 *
 * BENCH_LOAD_SECONDS (60) and BENCH_LOAD_USERS (200) shorten a run while developing.
 * Prints `bench mixed_load …` lines; exits non-zero when a check fails.
 */

const PASSWORD = 'mixed load password';

async function startFakeModel(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--fake-model'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  return { url: (JSON.parse(first.value as string) as { url: string }).url, child };
}

/** The app as `npm start` serves it, writing with the fake model. */
const startLoadApp = (llmUrl: string) =>
  startApp({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: llmUrl,
    LLM_MODEL: 'fake',
    // No judge (issue 46 turns it on with a real model): this measures the app under load, not the judge.
    MODERATION_PROVIDER: 'none',
    GENERATION_WORKERS: '24',
    // Each simulated user comes from its own address, as behind a proxy on this machine.
    TRUST_PROXY: 'loopback',
  });

type User = { uid: string; email: string; ip: string; auth: Record<string, string>; novels: string[]; redeemed: boolean };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON, read field by field
type Json = any;

class Load {
  readonly statuses = new Map<number, number>();
  readonly fiveXx: string[] = [];
  readonly networkErrors: string[] = [];
  /** Requests with no answer within 60 s (an overloaded machine), counted apart from refused or broken connections. */
  timeouts = 0;
  readonly latencies: number[] = [];
  /** Latencies by the 10-second window their request started in (the load's phases: sign-ins, early stories, steady). */
  readonly byWindow = new Map<number, number[]>();
  private readonly startedAt = performance.now();
  /** Latencies by method and path (no query), to name the slowest calls. */
  readonly byPath = new Map<string, number[]>();
  /** 4xx answers by path and status (refusals the simulated users run into: short balance, a story still writing…). */
  readonly clientErrors = new Map<string, number>();
  readonly counts = new Map<string, number>();
  /** Novel uid → accepted generate (1) and continuation calls, as the API answered them. */
  readonly accepted = new Map<string, { generate: number; continue: number }>();

  constructor(readonly base: string) {}

  count(what: string) {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  async call(user: User | null, method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const started = performance.now();
    try {
      const res = await send(this.base + urlPath, method, user, body);
      const text = res.text;
      const ms = performance.now() - started;
      this.latencies.push(ms);
      const window = Math.floor((started - this.startedAt) / 10_000);
      let inWindow = this.byWindow.get(window);
      if (!inWindow) this.byWindow.set(window, (inWindow = []));
      inWindow.push(ms);
      const key = `${method} ${urlPath.split('?')[0]}`;
      let list = this.byPath.get(key);
      if (!list) this.byPath.set(key, (list = []));
      list.push(ms);
      this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 400 && res.status < 500) {
        const key = `${urlPath.split('?')[0]}:${res.status}`;
        this.clientErrors.set(key, (this.clientErrors.get(key) ?? 0) + 1);
      }
      if (res.status >= 500) this.fiveXx.push(`${method} ${urlPath} ${res.status} ${text.slice(0, 200)}`);
      let parsed: Json = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') this.timeouts++;
      else this.networkErrors.push(`${method} ${urlPath}: ${(error as Error).message}`);
      return { status: 0, body: null };
    }
  }
}

/**
 * The users' requests, as a browser over plain HTTP asks (`accept-encoding: gzip, deflate`, keep-alive), through
 * node:http rather than fetch: the simulated users share the machine's two cores with the app and PostgreSQL, and
 * fetch's streams cost them about 1 ms of CPU per request (a third of a core at this load) that no phone takes
 * from a server. The app's work is the same either way.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
function send(url: string, method: string, user: User | null, body: unknown): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(user?.auth ?? {}),
          'x-forwarded-for': user?.ip ?? '10.0.0.1',
          'accept-encoding': 'gzip, deflate',
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        res.on('end', () => {
          clearTimeout(timer);
          try {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text = (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString('utf8');
            resolve({ status: res.statusCode ?? 0, text });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    // No answer within 60 s (an overloaded machine) counts as a time-out, apart from refused or broken connections.
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), 60_000);
    timer.unref();
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const story = () => ({
  title: '',
  description: '',
  tags: ['notR18', 'thirdPerson'],
  params: {
    char_a_name: pick(['Ines', '美咲', '서연', '小雨']),
    char_a_setting: 'a lighthouse keeper who hums sea shanties',
    char_b_name: pick(['Tomas', '健太', '민준', '阿哲']),
    char_b_setting: 'a shipwrecked cartographer',
    plot: 'A storm strands him on her island for a week.',
  },
  is_r18: 0,
  dialogue_heavy: 0,
  first_person: 0,
  language: pick(['en', 'ja', 'ko', 'zh-CN', 'zh-TW']),
  model: 'v1',
});

async function main() {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  const userCount = Number(process.env.BENCH_LOAD_USERS ?? 200);
  const model = await startFakeModel();
  const app = await startLoadApp(model.url);
  // The bench's own connection to the app's embedded PostgreSQL (adopted, not owned: the app keeps it).
  const pgServer = await startEmbeddedPostgres({ dataDir: app.dataDir, log: () => undefined });
  const database: Database = connect(pgServer.url, 'embedded', { max: 4 });
  let failed = false;
  try {
    // Verified accounts straight into the database, with their sign-up ledger row and a grant of 24 Butter (30 in
    // all, enough for a story and a few chapters); they sign in through the API.
    const hash = await hashPassword(PASSWORD);
    const users: User[] = [];
    for (let i = 0; i < userCount; i++) {
      const uid = newUid();
      const email = `load${i}-${uid.slice(0, 6)}@example.com`;
      await database.db.execute(sql`
        with created as (
          insert into users (uid, email, password_hash, name, invitation_code, email_verified_at, balance)
          values (${uid}, ${email}, ${hash}, ${`Reader ${i}`}, ${newUid(10).toUpperCase()}, now(), 30) returning uid
        )
        insert into ledger (user_uid, kind, amount, balance_after, ref)
        select uid, 'signup', 6, 6, uid from created union all select uid, 'grant', 24, 30, 'bench-' || uid from created`);
      users.push({
        uid,
        email,
        ip: `10.${1 + (i >> 8)}.${i & 255}.${1 + Math.floor(Math.random() * 250)}`,
        auth: {},
        novels: [],
        redeemed: false,
      });
    }
    const [code] = await createRedeemCodes(database.db, { butter: 20, uses: userCount, expiresAt: null, count: 1 });
    const personas = (await database.db.execute<{ uid: string }>(sql`select uid from personas limit 50`)).rows.map((r) => r.uid);

    const load = new Load(app.base);
    const posts: string[] = [];
    const started = Date.now();
    const appCpuAtStart = processCpuSeconds(app.child.pid);
    const until = started + seconds * 1000;
    // The users' own process: its event-loop delay is in every latency it measures, so it is printed beside them.
    const clientLag = monitorEventLoopDelay({ resolution: 10 });
    clientLag.enable();

    /** Asks for the next chapter; `stop` stops it straight after, as a reader who changed their mind. */
    const continueStory = async (u: User, uid: string, stop: boolean) => {
      const res = await load.call(u, 'POST', '/api/v1/novel/continuation/', { novel_uid: uid });
      if (res.status !== 200) return;
      const entry = load.accepted.get(uid);
      if (entry) entry.continue++;
      load.count('continue');
      if (!stop) return;
      const stopped = await load.call(u, 'POST', '/api/v1/novel/stop/', { novel_uid: uid });
      if (stopped.status === 200) load.count('stop');
    };

    const actions: [number, (u: User) => Promise<void>][] = [
      [
        30,
        async (u) => {
          load.count('browse');
          const feed = await load.call(u, 'GET', `/api/v1/post/list/?page=${1 + Math.floor(Math.random() * 3)}`);
          const items: Json[] = feed.body?.data?.items ?? feed.body?.data?.list ?? [];
          const post = items.length ? pick(items) : null;
          const uid = post?.uid ?? post?.post_uid ?? (posts.length ? pick(posts) : null);
          if (uid) await load.call(u, 'GET', `/api/v1/post/details/?post_uid=${uid}`);
          await load.call(u, 'GET', `/api/v1/persona/list/?page=${1 + Math.floor(Math.random() * 2)}`);
        },
      ],
      [
        10,
        async (u) => {
          load.count('account');
          await load.call(u, 'GET', '/api/v1/user/info/');
          await load.call(u, 'GET', '/api/v1/wallet/transactions/?page=1');
          if (u.novels.length) await load.call(u, 'GET', `/api/v1/novel/details/?novel_uid=${pick(u.novels)}`);
          await load.call(u, 'GET', `/api/v1/novel/list/?page=1`);
        },
      ],
      [
        10,
        async (u) => {
          if (!personas.length) return;
          const res = await load.call(u, 'POST', '/api/v1/persona/favorite/', { post_id: pick(personas) });
          if (res.status === 200) load.count('favourite');
        },
      ],
      [
        14,
        async (u) => {
          const res = await load.call(u, 'POST', '/api/v1/novel/generate/', story());
          if (res.status !== 200) return;
          const uid = res.body.data.novel_uid as string;
          load.accepted.set(uid, { generate: 1, continue: 0 });
          u.novels.push(uid);
          load.count('generate');
          // Half the writers watch their story stream in, as the web app does, then often ask for the next
          // chapter, and now and then stop it at once.
          if (Math.random() < 0.5) {
            await followSse(
              `${app.base}/api/v1/novel/stream/?novel_uid=${uid}`,
              { ...u.auth, 'x-forwarded-for': u.ip },
              (event) => event.event === 'done' || event.event === 'error',
              AbortSignal.timeout(20_000),
            )
              .then(() => load.count('stream_read'))
              .catch((error: unknown) => {
                if ((error as Error).name !== 'TimeoutError') load.networkErrors.push(`stream: ${(error as Error).message}`);
              });
            if (Math.random() < 0.6) await continueStory(u, uid, Math.random() < 0.3);
          }
        },
      ],
      [
        7,
        async (u) => {
          if (!u.novels.length) return;
          await continueStory(u, pick(u.novels), false);
        },
      ],
      [
        6,
        async (u) => {
          if (!u.novels.length) return;
          const res = await load.call(u, 'POST', '/api/v1/novel/stop/', { novel_uid: u.novels.at(-1) });
          if (res.status === 200) load.count('stop');
        },
      ],
      [
        7,
        async (u) => {
          const novel = u.novels.length ? pick(u.novels) : undefined;
          const res = await load.call(u, 'POST', '/api/v1/post/create/', {
            title: pick(['A storm at sea', '灯台守の夜', '폭풍의 섬', '燈塔與海圖']),
            content: 'The lamp turned all night while the sea went on and on.',
            language: 'en',
            is_public: 1,
            ...(novel && Math.random() < 0.5 && { novel_id: novel }),
          });
          if (res.status === 200) {
            load.count('publish');
            const uid = res.body?.data?.post_uid ?? res.body?.data?.uid;
            if (typeof uid === 'string') posts.push(uid);
          }
        },
      ],
      [
        3,
        async (u) => {
          if (u.redeemed || !code) return;
          u.redeemed = true;
          const res = await load.call(u, 'POST', '/api/v1/redeem/redeem/', { redeem_code: code });
          if (res.status === 200) load.count('redeem');
        },
      ],
      [
        5,
        async (u) => {
          const session = await load.call(u, 'POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
            product_name: pick(['1', '2', '7']),
          });
          const secret = session.body?.data?.clientSecret;
          if (session.status !== 200 || typeof secret !== 'string') return;
          const paid = await load.call(u, 'POST', '/api/v1/payment/sandbox/complete/', {
            client_secret: secret,
            email: u.email,
            name: 'Load Reader',
            address: '1 Harbour Road',
            country: 'DE',
          });
          if (paid.status === 200) load.count('payment');
        },
      ],
    ];
    const total = actions.reduce((n, [w]) => n + w, 0);
    const choose = () => {
      let r = Math.random() * total;
      for (const [w, act] of actions) if ((r -= w) < 0) return act;
      return actions[0]![1];
    };

    // Every user signs in, spread over the first seconds, then acts with a short think time between actions.
    await Promise.all(
      users.map(async (u, i) => {
        // Sign-ins arrive over the first third of the run (at most 20 s): each is an argon2 hash, as in production.
        await sleep((i / users.length) * Math.min(20_000, (seconds * 1000) / 3));
        // A sign-in that fails or times out is tried again, as a person would.
        while (!u.auth.authorization && Date.now() < until) {
          const login = await load.call(u, 'POST', '/api/v1/user/login/', { email: u.email, password: PASSWORD });
          if (login.status === 200) u.auth = { authorization: `Bearer ${login.body.data.tokens.access}` };
          else await sleep(1000);
        }
        if (!u.auth.authorization) return;
        load.count('sign_in');
        while (Date.now() < until) {
          await choose()(u);
          await sleep(100 + Math.random() * 400);
        }
      }),
    );
    const loadSeconds = (Date.now() - started) / 1000;
    const appCpuSeconds = processCpuSeconds(app.child.pid) - appCpuAtStart;
    clientLag.disable();

    // Every accepted job must end: wait for the queue to drain.
    const drainStarted = Date.now();
    for (;;) {
      const open = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from generation_jobs where status in ('queued', 'running')`,
      );
      if ((open.rows[0]?.n ?? 0) === 0 || Date.now() - drainStarted > 180_000) break;
      await sleep(500);
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;

    const jobs = (
      await database.db.execute<{ novel_uid: string; kind: string; status: string }>(
        sql`select novel_uid, kind, status from generation_jobs`,
      )
    ).rows;
    const byNovel = new Map<string, { generate: number; continue: number; open: number }>();
    for (const job of jobs) {
      const entry = byNovel.get(job.novel_uid) ?? { generate: 0, continue: 0, open: 0 };
      if (job.kind === 'generate') entry.generate++;
      else entry.continue++;
      if (job.status === 'queued' || job.status === 'running') entry.open++;
      byNovel.set(job.novel_uid, entry);
    }
    let lost = 0;
    let duplicated = 0;
    for (const [novel, want] of load.accepted) {
      const have = byNovel.get(novel) ?? { generate: 0, continue: 0, open: 0 };
      lost += Math.max(0, want.generate - have.generate) + Math.max(0, want.continue - have.continue);
      duplicated += Math.max(0, have.generate - want.generate) + Math.max(0, have.continue - want.continue);
    }
    // Jobs for novels no answer told of (a generate that was charged but never answered).
    for (const [novel, have] of byNovel) if (!load.accepted.has(novel)) duplicated += have.generate + have.continue;
    const stuck = jobs.filter((j) => j.status === 'queued' || j.status === 'running').length;
    const unbalanced = (
      await database.db.execute<{ uid: string }>(sql`
        select u.uid from users u where u.balance <> coalesce((select sum(l.amount) from ledger l where l.user_uid = u.uid), 0)`)
    ).rows.length;
    const outcomes = Object.fromEntries(['done', 'failed', 'stopped'].map((s) => [s, jobs.filter((j) => j.status === s).length])) as Record<
      string,
      number
    >;

    const q = (p: number) => percentile(load.latencies, p);
    const requests = load.latencies.length;
    const fiveXx = [...load.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const c = (k: string) => load.counts.get(k) ?? 0;
    console.log(
      `bench mixed_load users=${userCount} seconds=${loadSeconds.toFixed(0)} requests=${requests} rps=${Math.round(requests / loadSeconds)} p50_ms=${q(0.5).toFixed(0)} p99_ms=${q(0.99).toFixed(0)} status_5xx=${fiveXx} network_errors=${load.networkErrors.length} timeouts=${load.timeouts} status_4xx=${[...load.statuses].filter(([s]) => s >= 400 && s < 500).reduce((n, [, k]) => n + k, 0)} client_lag_p50_ms=${(clientLag.percentile(50) / 1e6).toFixed(0)} client_lag_p99_ms=${(clientLag.percentile(99) / 1e6).toFixed(0)} app_cpu_s=${appCpuSeconds.toFixed(1)} app_cpu_ms_per_request=${((1000 * appCpuSeconds) / Math.max(1, requests)).toFixed(2)}`,
    );
    console.log(
      `bench mixed_load_actions sign_in=${c('sign_in')}/${userCount} browse=${c('browse')} account=${c('account')} favourite=${c('favourite')} generate=${c('generate')} stream_read=${c('stream_read')} continue=${c('continue')} stop=${c('stop')} publish=${c('publish')} redeem=${c('redeem')} payment=${c('payment')}`,
    );
    console.log(
      `bench mixed_load_integrity jobs=${jobs.length} done=${outcomes.done} failed=${outcomes.failed} stopped=${outcomes.stopped} lost_jobs=${lost} duplicated_jobs=${duplicated} stuck_jobs=${stuck} unbalanced_accounts=${unbalanced} drain_s=${drainSeconds.toFixed(1)}`,
    );
    const slowest = [...load.byPath]
      .map(([path, list]) => ({ path, n: list.length, p50: percentile(list, 0.5), p99: percentile(list, 0.99) }))
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, 6);
    console.log(
      `bench mixed_load_slowest ${slowest.map((x) => `${x.path.replace(' ', ':')}=p50 ${x.p50.toFixed(0)}/p99 ${x.p99.toFixed(0)}/n ${x.n}`).join(' ')}`,
    );
    console.log(
      `bench mixed_load_windows ${[...load.byWindow]
        .sort((a, b) => a[0] - b[0])
        .map(([w, list]) => `${w * 10}s=p50 ${percentile(list, 0.5).toFixed(0)}/p99 ${percentile(list, 0.99).toFixed(0)}/n ${list.length}`)
        .join(' ')}`,
    );
    console.log(`bench mixed_load_4xx ${[...load.clientErrors].map(([k, n]) => `${k}=${n}`).join(' ') || 'none'}`);
    if (load.fiveXx.length) console.log(`bench mixed_load 5xx examples:\n  ${load.fiveXx.slice(0, 5).join('\n  ')}`);
    if (load.networkErrors.length)
      console.log(`bench mixed_load network error examples:\n  ${load.networkErrors.slice(0, 5).join('\n  ')}`);
    failed =
      fiveXx > 0 || load.networkErrors.length > 0 || lost > 0 || duplicated > 0 || stuck > 0 || unbalanced > 0 || c('sign_in') < userCount;
    console.log(`bench mixed_load ok=${!failed}`);
  } finally {
    await database.close().catch(() => undefined);
    await app.stop();
    model.child.stdin?.end();
    model.child.kill();
  }
  if (failed) process.exitCode = 1;
}

// --- the fake model, in its own process -------------------------------------------------------
if (process.argv.includes('--fake-model')) {
  const words = Array.from({ length: 30 }, (_, i) => `word${i} `);
  const llm = await startFakeLlm([{ chunks: words, firstDelayMs: 200, firstDelayJitterMs: 300, delayMs: 40 }]);
  process.stdout.write(JSON.stringify({ url: llm.url }) + '\n');
  // Ends when the bench closes our stdin (or exits).
  process.stdin.resume();
  process.stdin.on('end', () => void llm.close().then(() => process.exit(0)));
} else {
  await main();
}
