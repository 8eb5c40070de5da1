import type { Socket } from 'node:net';
import { envelope, Novel, page, Persona, PersonaListPage, Post, PostPage } from '@butterfic/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PASSWORD, signUp, someIp } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/helpers';
import { storyRequest, waitFor } from '../../test/novels';
import { applyLedger } from '../modules/wallet/service';
import type { AuthUser } from './auth';

/**
 * The speed work of issue 13 (docs/decisions/0020) with its caches ON, as in
 * production: bearer lookups cached per process for 30 s and invalidated by NOTIFY within 3 s,
 * and answers serialised by the compiled JSON Schema serializer (CHECK_ANSWERS=false).
 */
let ctx: TestContext;
/** The account lookup this process holds for `token` (never its money), or undefined. */
const heldLookup = (token: string) => ctx.app.cache.peek('auth', token) as { user: AuthUser } | undefined;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // The production default (unset): 30 s, with changes reaching the cache within 3 s.
  ctx = await createTestContext({ env: { CACHE_MS: '30000', CHECK_ANSWERS: 'false', ADMIN_EMAILS: 'speed-admin@example.com' } });
  admin = await signUp(ctx, 'speed-admin@example.com');
});
afterAll(async () => {
  await ctx.close();
});

const personaBody = (name: string) => ({
  char_a_name: name,
  char_a_setting: 'a lighthouse keeper, 34',
  char_b_name: 'Tomas',
  char_b_setting: 'a shipwrecked cartographer, 31',
  plot: 'A storm strands him on her island.',
  description: 'Storm-bound strangers',
  tags: 'slow burn, sea',
  is_r18: 0,
  first_person: 0,
  dialogue_heavy: 0,
  language: 'en',
});

async function sql(text: string, values: unknown[] = []): Promise<void> {
  // Another connection, as another app process or the admin CLI would write.
  const client = new pg.Client({ connectionString: ctx.database.url });
  await client.connect();
  await client.query(text, values);
  await client.end();
}

const list = (auth: Record<string, string>) => ctx.request('GET', '/api/v1/persona/list/?page=1', { headers: auth });

/**
 * Writes `change` (SQL on the account's uid, `$1`) from another connection, then reads a list with the
 * account's token until it is refused: the refusal's code and how long after the change it came.
 */
async function refusedAfter(user: { uid: string; auth: Record<string, string> }, change: string, timeoutMs = 5000) {
  await sql(change, [user.uid]);
  const started = Date.now();
  const answer = await waitFor(
    () => list(user.auth),
    (res) => res.status !== 200,
    timeoutMs,
  );
  return { code: answer.body.base_resp.status_code as number, ms: Date.now() - started };
}

describe('the auth lookup cache', () => {
  it('shows a new persona on the first page right after its creation, to its author and to a reader whose lookup is cached', async () => {
    const author = await signUp(ctx, 'speed-author@example.com');
    const reader = await signUp(ctx, 'speed-reader@example.com');
    expect((await list(author.auth)).status).toBe(200);
    expect((await list(reader.auth)).status).toBe(200);
    const created = await ctx.request('POST', '/api/v1/persona/create/', { headers: author.auth, body: personaBody('Fresh Ines') });
    expect(created.status).toBe(200);
    for (const who of [author, reader]) {
      const first = await list(who.auth);
      expect(first.body.data.results[0]).toMatchObject({ uid: created.body.data.uid, char_a_name: 'Fresh Ines', is_mine: who === author });
    }
  });

  it('refuses a cached session within seconds of a ban written elsewhere (SQL from another connection)', async () => {
    const user = await signUp(ctx, 'speed-banned@example.com');
    for (let i = 0; i < 3; i++) expect((await list(user.auth)).status).toBe(200);
    // The lookup is cached: what refuses the session below is the invalidation, not a fresh read.
    expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
    const refused = await refusedAfter(user, `update users set status = 'banned', status_reason = 'spam' where uid = $1`);
    expect(refused.code).toBe(301006);
    // NOTIFY reaches the process in milliseconds; the 3 s cache bound is the most it may ever take.
    expect(refused.ms).toBeLessThan(3000);
  });

  it('refuses the very next request after a ban through the admin API, and after a log-out', async () => {
    const banned = await signUp(ctx, 'speed-banned-2@example.com');
    expect((await list(banned.auth)).status).toBe(200);
    const action = await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'ban', user_uid: banned.uid, reason: 'spam' },
      headers: admin.auth,
    });
    expect(action.status).toBe(200);
    expect((await list(banned.auth)).body.base_resp.status_code).toBe(301006);

    const leaving = await signUp(ctx, 'speed-leaving@example.com');
    expect((await list(leaving.auth)).status).toBe(200);
    const out = await ctx.request('POST', '/api/v1/user/logout/', { body: { refresh: leaving.refresh }, headers: leaving.auth });
    expect(out.status).toBe(200);
    expect((await list(leaving.auth)).body.base_resp.status_code).toBe(301003);
  });

  it('keeps a cached lookup when only the balance changes (every story charges it), holds no money in it, and the account answer shows the balance now', async () => {
    const user = await signUp(ctx, 'speed-spender@example.com');
    const other = await signUp(ctx, 'speed-other@example.com');
    for (const who of [user, other]) expect((await list(who.auth)).status).toBe(200);
    expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
    expect(heldLookup(user.access)?.user).not.toHaveProperty('balance');
    expect(heldLookup(user.access)?.user).not.toHaveProperty('debt');
    await applyLedger(ctx.database.db, { userUid: user.uid, kind: 'grant', amount: 10 });
    // A change that does notify, written after: once its notice has arrived, any notice of the grant would have too.
    await sql(`update users set name = 'Someone Else' where uid = $1`, [other.uid]);
    await waitFor(
      async () => heldLookup(other.access),
      (entry) => entry === undefined,
      5000,
    );
    expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: user.auth });
    expect(info.body.data).toMatchObject({ balance: 16, debt: 0 });
  });

  it('looks a cold token up once for a burst of its calls, and keeps it cached across a story start (not across a change to the account)', async () => {
    const user = await signUp(ctx, 'speed-burst@example.com');
    ctx.app.cache.forget('auth', user.uid);
    // Counts the account lookups the app sends (its pool is the test's).
    const pool = ctx.database.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    let lookups = 0;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      const text = typeof first === 'string' ? first : (first.text ?? '');
      if (/from "users"/.test(text) && /"password_hash"/.test(text)) lookups++;
      return query(...args);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => list(user.auth)));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200));
      expect(lookups).toBe(1);
      const started = await ctx.request('POST', '/api/v1/novel/generate/', { headers: user.auth, body: storyRequest({ language: 'en' }) });
      expect(started.status).toBe(200);
      expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
      const stream = await ctx.request('GET', `/api/v1/novel/stream/?novel_uid=${started.body.data.novel_uid}`, { headers: user.auth });
      expect(stream.status).toBe(200);
      expect(lookups).toBe(1);
    } finally {
      (pool as { query: unknown }).query = query;
    }
    // A write that changes the account still forgets the lookup before its answer leaves.
    const renamed = await ctx.request('POST', '/api/v1/user/modify/', { headers: user.auth, body: { name: 'Burst Reader' } });
    expect(renamed.status).toBe(200);
    expect(heldLookup(user.access)).toBeUndefined();
  });

  it("keeps the cached lookup across content writes (a favourite, a persona edit, a stop, a visitor's persona read)", async () => {
    const author = await signUp(ctx, 'speed-writer@example.com');
    const reader = await signUp(ctx, 'speed-fan@example.com');
    const persona = await ctx.request('POST', '/api/v1/persona/create/', { headers: author.auth, body: personaBody('Kept Ines') });
    expect(persona.status).toBe(200);
    for (const who of [author, reader]) expect((await list(who.auth)).status).toBe(200);
    const cached = () => [author, reader].map((who) => heldLookup(who.access)?.user.uid);
    expect(cached()).toEqual([author.uid, reader.uid]);

    const uid = persona.body.data.uid as string;
    const story = await ctx.request('POST', '/api/v1/novel/generate/', { headers: author.auth, body: storyRequest({ language: 'en' }) });
    const writes = [
      await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: uid } }),
      await ctx.request('POST', '/api/v1/persona/edit/', { headers: author.auth, body: { persona_uid: uid, description: 'Kept, edited' } }),
      await ctx.request('POST', '/api/v1/novel/stop/', { headers: author.auth, body: { novel_uid: story.body.data.novel_uid } }),
      // A visitor's write used to clear every account's lookup.
      await ctx.request('POST', '/api/v1/persona/details/', { body: { persona_uid: uid } }),
    ];
    expect(writes.map((w) => w.status)).toEqual([200, 200, 200, 200]);
    expect(cached()).toEqual([author.uid, reader.uid]);
  });

  it('refuses a cached session within 3 s of a ban even when the LISTEN connection goes silent without closing, then opens a new one', async () => {
    const user = await signUp(ctx, 'speed-unheard@example.com');
    expect((await list(user.auth)).status).toBe(200);
    expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
    const notifications = ctx.app.deps.notifications;
    // A network that drops packets: the connection stays open, and nothing it is sent is read any more.
    const socket = (notifications as unknown as { client: { connection: { stream: Socket } } }).client.connection.stream;
    socket.pause();
    const refused = await refusedAfter(user, `update users set status = 'banned', status_reason = 'spam' where uid = $1`, 8000);
    expect(refused.code).toBe(301006);
    // The ban's notice never came; the heartbeat's silence (at most 3 s old, sent every second) refused the entry.
    expect(refused.ms).toBeLessThan(4500);
    expect(socket.destroyed).toBe(false);
    // After 5 s of silence the connection is dropped and opened again: notices flow, and lookups are cached again.
    await waitFor(
      async () => socket.destroyed && notifications.silentFor() < 2000,
      (heard) => heard,
      10_000,
    );
    const other = await signUp(ctx, 'speed-heard-again@example.com');
    expect((await list(other.auth)).status).toBe(200);
    expect(heldLookup(other.access)?.user.uid).toBe(other.uid);
  });

  it("keeps every cached lookup across sign-ups, log-ins, refreshes, mailed codes, reports and anonymous log-outs (sent without a token), forgetting only a refused refresh's account", async () => {
    const reader = await signUp(ctx, 'speed-keeper@example.com');
    expect((await list(reader.auth)).status).toBe(200);
    const cached = () => heldLookup(reader.access)?.user.uid;
    expect(cached()).toBe(reader.uid);
    const headers = { 'x-forwarded-for': someIp() };
    const calls = [
      await ctx.request('POST', '/api/v1/user/create/', {
        body: { age_confirmed: true, email: 'speed-newcomer@example.com', password: PASSWORD, gender: 'female' },
        headers,
      }),
      await ctx.request('POST', '/api/v1/user/login/', { body: { email: 'speed-keeper@example.com', password: PASSWORD }, headers }),
      await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: reader.refresh, rotate: true }, headers }),
      await ctx.request('POST', '/api/v1/user/send-verification-code/', { body: { email: 'speed-newcomer@example.com' }, headers }),
      await ctx.request('POST', '/api/v1/user/send-reset-code/', { body: { email: 'speed-keeper@example.com' }, headers }),
      // Anonymous log-outs: no token, a made-up one.
      await ctx.request('POST', '/api/v1/user/logout/', { body: {}, headers }),
      await ctx.request('POST', '/api/v1/user/logout/', { body: { refresh: 'not-a-refresh-token-at-all', everywhere: true }, headers }),
    ];
    // A visitor's report of the reader's persona (a report changes no account either).
    const persona = await ctx.request('POST', '/api/v1/persona/create/', { headers: reader.auth, body: personaBody('Reported Ines') });
    calls.push(
      await ctx.request('POST', '/api/v1/report/', {
        body: { target_type: 'persona', target_uid: persona.body.data.uid, reason: 'stolen text' },
        headers,
      }),
    );
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(cached()).toBe(reader.uid);
    // The session lives on in its next refresh token: the access token still lets the reader in.
    expect((await list(reader.auth)).status).toBe(200);
    // Someone's made-up token is refused, and nobody's lookup is forgotten for it.
    const madeUp = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: 'not-a-refresh-token' }, headers });
    expect(madeUp.body.base_resp.status_code).toBe(301003);
    expect(cached()).toBe(reader.uid);
    // A refresh token used again after the grace for a lost answer ends its session: the very next request is refused.
    await sql(`update refresh_tokens set used_at = now() - interval '1 hour' where user_uid = $1 and used_at is not null`, [reader.uid]);
    const reused = await ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: reader.refresh, rotate: true }, headers });
    expect(reused.body.base_resp.status_code).toBe(301003);
    expect(cached()).toBeUndefined();
    expect((await list(reader.auth)).body.base_resp.status_code).toBe(301003);
  });

  it('sees a session ended elsewhere (revoked by SQL) within seconds', async () => {
    const user = await signUp(ctx, 'speed-revoked@example.com');
    expect((await list(user.auth)).status).toBe(200);
    expect(heldLookup(user.access)?.user.uid).toBe(user.uid);
    const refused = await refusedAfter(user, `update refresh_tokens set revoked_at = now() where user_uid = $1`);
    expect(refused.code).toBe(301003);
    expect(refused.ms).toBeLessThan(3000);
  });
});

describe('compiled response serialisation', () => {
  /** The answer is exactly what zod's check of the contract would let through: nothing missing, nothing extra. */
  function matchesContract(body: unknown, schema: z.ZodType) {
    const checked = envelope(schema).safeParse(body);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(body).toEqual(JSON.parse(JSON.stringify(checked.data)));
  }

  it('answers lists and details in the exact shape of the contract', async () => {
    const author = await signUp(ctx, 'speed-shape@example.com');
    const persona = await ctx.request('POST', '/api/v1/persona/create/', { headers: author.auth, body: personaBody('Shape Ines') });
    matchesContract(persona.body, Persona);
    await sql(`update personas set status = 'taken_down', takedown_reason = 'test', taken_down_at = now() where uid = $1`, [
      persona.body.data.uid,
    ]);
    const takenDown = await ctx.request('GET', `/api/v1/persona/details/?persona_uid=${persona.body.data.uid}`, { headers: author.auth });
    expect(takenDown.body.data.takedown).toMatchObject({ reason: 'test' });
    matchesContract(takenDown.body, Persona);
    matchesContract((await list(author.auth)).body, PersonaListPage);

    const generated = await ctx.request('POST', '/api/v1/novel/generate/', {
      headers: author.auth,
      body: {
        params: { char_a_name: 'Ines', char_a_setting: '', char_b_name: 'Tomas', char_b_setting: '', plot: 'A storm.' },
        is_r18: 0,
        dialogue_heavy: 0,
        first_person: 0,
        language: 'en',
      },
    });
    expect(generated.status).toBe(200);
    matchesContract((await ctx.request('GET', '/api/v1/novel/list/?page=1', { headers: author.auth })).body, page(Novel));

    const post = await ctx.request('POST', '/api/v1/post/create/', {
      headers: author.auth,
      body: { title: 'A storm', content: 'The rain kept on.', language: 'en', is_public: 1 },
    });
    expect(post.status).toBe(200);
    matchesContract(post.body, Post);
    matchesContract((await ctx.request('GET', `/api/v1/post/details/?post_uid=${post.body.data.uid}`)).body, Post);
    const posts = await ctx.request('GET', '/api/v1/post/list/?page=1');
    expect(posts.body.data.results.length).toBeGreaterThan(0);
    matchesContract(posts.body, PostPage);
  });
});
