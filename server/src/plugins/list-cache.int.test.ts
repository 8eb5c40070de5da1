import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../../test/accounts';
import { createTestContext, startPeer, type TestContext } from '../../test/helpers';
import { personaRequest, storyRequest, waitFor } from '../../test/novels';
import { users } from '../db/schema';
import { listPersonas } from '../modules/personas/service';
import { listPublic } from '../modules/posts/service';

/**
 * The list cache of docs/decisions/0040 ON, as in production (CACHE_MS set here): the
 * persona and post feeds answered from memory, yet a new, deleted, taken-down or banned item, a
 * favourite and a reader's adult setting show on the next read, in this process and in another
 * process on the same database (by NOTIFY).
 */
let ctx: TestContext;
let peer: Awaited<ReturnType<typeof startPeer>>;
const env = { CACHE_MS: '60000' };

beforeAll(async () => {
  ctx = await createTestContext({ env });
  peer = await startPeer(ctx, { env });
});
afterAll(async () => {
  await peer?.close();
  await ctx?.close();
});

type Auth = Record<string, string>;
/** The first page of a feed from one of the two processes. */
async function feed(path: string, auth: Auth, base: string) {
  const res = await fetch(`${base}/api/v1${path}?page=1`, { headers: auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}
const personaFeed = async (auth: Auth = {}, base = ctx.baseUrl) =>
  (await feed('/persona/list/', auth, base)) as { results: { uid: string; is_favorite: boolean; is_mine: boolean }[]; snapshot: number };
const postFeed = async (auth: Auth = {}, base = ctx.baseUrl) =>
  (await feed('/post/list/', auth, base)) as { results: { uid: string; is_mine: boolean }[]; snapshot: number };
const uids = (page: { results: { uid: string }[] }) => page.results.map((r) => r.uid);

async function sql(text: string, values: unknown[] = []): Promise<void> {
  // Another connection, as the operator CLI or another process would write.
  const client = new pg.Client({ connectionString: ctx.database.url });
  await client.connect();
  await client.query(text, values);
  await client.end();
}

async function createPersona(auth: Auth, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/persona/create/', { headers: auth, body: personaRequest(overrides) });
  expect(res.status).toBe(200);
  return res.body.data.uid as string;
}

async function createPost(auth: Auth, title: string): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/post/create/', {
    headers: auth,
    body: { title, content: `${title}: the rain kept on and the lamp stayed lit.`, language: 'en', is_public: 1 },
  });
  expect(res.status).toBe(200);
  return res.body.data.uid as string;
}

describe('the persona feed from the list cache', () => {
  it('is cached, and a new persona shows on the next read here and, by NOTIFY, in another process', async () => {
    const author = await signUp(ctx, 'lists-author@example.com');
    const first = await createPersona(author.auth, { char_a_name: 'First' });
    for (const base of [ctx.baseUrl, peer.baseUrl]) expect(uids(await personaFeed({}, base))).toContain(first);
    // Both processes hold the page now: what shows the next persona below is the invalidation.
    expect(ctx.app.cache.size).toBeGreaterThan(0);
    expect(peer.app.cache.size).toBeGreaterThan(0);

    const second = await createPersona(author.auth, { char_a_name: 'Second' });
    expect(uids(await personaFeed())[0]).toBe(second);
    const seen = await waitFor(
      () => personaFeed({}, peer.baseUrl),
      (page) => page.results[0]?.uid === second,
      5000,
    );
    expect(uids(seen)).toEqual(uids(await personaFeed()));
  });

  it('drops a persona taken down or deleted elsewhere, and the personas of a banned author', async () => {
    const author = await signUp(ctx, 'lists-doomed@example.com');
    const takenDown = await createPersona(author.auth, { char_a_name: 'Taken' });
    const deleted = await createPersona(author.auth, { char_a_name: 'Deleted' });
    const banned = await signUp(ctx, 'lists-banned@example.com');
    const bannedOwn = await createPersona(banned.auth, { char_a_name: 'Banned' });
    for (const base of [ctx.baseUrl, peer.baseUrl])
      expect(uids(await personaFeed({}, base))).toEqual(expect.arrayContaining([takenDown, deleted, bannedOwn]));

    await sql(`update personas set status = 'taken_down', takedown_reason = 'test', taken_down_at = now() where uid = $1`, [takenDown]);
    await sql(`delete from personas where uid = $1`, [deleted]);
    await sql(`update users set status = 'banned', status_reason = 'spam' where uid = $1`, [banned.uid]);
    for (const base of [ctx.baseUrl, peer.baseUrl]) {
      const page = await waitFor(
        () => personaFeed({}, base),
        (p) => ![takenDown, deleted, bannedOwn].some((uid) => uids(p).includes(uid)),
        5000,
      );
      expect(uids(page)).not.toContain(takenDown);
    }

    // Deleted through the API: gone on this process's very next read.
    const mine = await createPersona(author.auth, { char_a_name: 'Mine' });
    expect(uids(await personaFeed())).toContain(mine);
    const removed = await ctx.request('POST', '/api/v1/persona/delete/', { headers: author.auth, body: { persona_uid: mine } });
    expect(removed.status).toBe(200);
    expect(uids(await personaFeed())).not.toContain(mine);
  });

  it("lays each reader's own fields over the shared page: favourites (changed here or elsewhere), their own personas, their adult setting", async () => {
    const author = await signUp(ctx, 'lists-owner@example.com');
    const reader = await signUp(ctx, 'lists-reader@example.com');
    const general = await createPersona(author.auth, { char_a_name: 'General' });
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: author.auth });
    const adult = await createPersona(author.auth, { char_a_name: 'Adult', is_r18: 1, plot: 'Two adults, one storm.' });

    const anonymous = await personaFeed();
    expect(uids(anonymous)).toContain(general);
    expect(uids(anonymous)).not.toContain(adult);
    const byReader = (await personaFeed(reader.auth)).results.find((r) => r.uid === general);
    expect(byReader).toMatchObject({ is_mine: false, is_favorite: false });
    const byAuthor = await personaFeed(author.auth);
    expect(uids(byAuthor)).toContain(adult);
    expect(byAuthor.results.find((r) => r.uid === general)).toMatchObject({ is_mine: true, is_favorite: false });

    const favorite = await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: general } });
    expect(favorite.body.data).toEqual({ is_favorite: true });
    expect((await personaFeed(reader.auth)).results.find((r) => r.uid === general)).toMatchObject({ is_favorite: true, is_mine: false });
    expect((await personaFeed()).results.find((r) => r.uid === general)).toMatchObject({ is_favorite: false });
    expect((await personaFeed(reader.auth, peer.baseUrl)).results.find((r) => r.uid === general)).toMatchObject({ is_favorite: true });

    // Unfavourited by another process: the reader's favourites are forgotten by NOTIFY.
    await sql(`delete from persona_favorites where user_uid = $1`, [reader.uid]);
    await waitFor(
      () => personaFeed(reader.auth),
      (page) => page.results.find((r) => r.uid === general)?.is_favorite === false,
      5000,
    );
  });

  it('keeps the pages across a story start (it changes no list), and forgets them on a write that does', async () => {
    const writer = await signUp(ctx, 'lists-writer@example.com');
    await personaFeed(writer.auth);
    await postFeed(writer.auth);
    const held = ctx.app.cache.size;
    expect(held).toBeGreaterThan(0);
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { headers: writer.auth, body: storyRequest({ language: 'en' }) });
    expect(started.status).toBe(200);
    expect(ctx.app.cache.size).toBe(held);
    await createPersona(writer.auth);
    expect(ctx.app.cache.size).toBe(0);
  });

  it('keeps the feeds across writes that change nothing they show (a favourite, a stop, money, a log-in), and only the persona feed across a post', async () => {
    const reader = await signUp(ctx, 'lists-keeper@example.com');
    const author = await signUp(ctx, 'lists-keeper-author@example.com');
    const shown = await createPersona(author.auth, { char_a_name: 'Keeper' });
    const cache = ctx.app.cache;
    cache.clear();
    const first = (await personaFeed(reader.auth)).results[0]!;
    expect(first.uid).toBe(shown);
    await postFeed(reader.auth);
    expect(cache.size).toBe(2);
    const favorite = await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: first.uid } });
    expect(favorite.body.data).toEqual({ is_favorite: !first.is_favorite });
    expect(cache.size).toBe(2);
    // The reader's own field still shows at once.
    expect((await personaFeed(reader.auth)).results[0]).toMatchObject({ uid: first.uid, is_favorite: !first.is_favorite });
    const started = await ctx.request('POST', '/api/v1/novel/generate/', { headers: reader.auth, body: storyRequest({ language: 'en' }) });
    expect(started.status).toBe(200);
    const stopped = await ctx.request('POST', '/api/v1/novel/stop/', {
      headers: reader.auth,
      body: { novel_uid: started.body.data.novel_uid },
    });
    expect(stopped.status).toBe(200);
    const checkout = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      headers: reader.auth,
      body: { product_name: '1' },
    });
    expect(checkout.status).toBe(200);
    const redeemed = await ctx.request('POST', '/api/v1/redeem/redeem/', { headers: reader.auth, body: { redeem_code: 'NO-SUCH-CODE' } });
    expect(redeemed.status).toBeGreaterThanOrEqual(400);
    // The reader logs in again (on another device).
    const login = await ctx.request('POST', '/api/v1/user/login/', { body: { email: 'lists-keeper@example.com', password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(cache.size).toBe(2);
    const post = await createPost(reader.auth, 'Kept');
    expect(cache.size).toBe(1);
    expect(uids(await postFeed(reader.auth))[0]).toBe(post);
  });

  it("shows this process's own write on its next read even before the write's NOTIFY arrives", async () => {
    const author = await signUp(ctx, 'lists-quick@example.com');
    const reader = await signUp(ctx, 'lists-quick-reader@example.com');
    const before = await createPersona(author.auth, { char_a_name: 'Before' });
    expect(uids(await personaFeed(reader.auth))).toContain(before);
    const cache = ctx.app.cache;
    const heard = cache.heard.bind(cache);
    cache.heard = () => undefined; // the notices are late: only the write's own answer may clear the page
    try {
      const after = await createPersona(author.auth, { char_a_name: 'After' });
      expect(uids(await personaFeed(reader.auth))[0]).toBe(after);
      const favorite = await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: after } });
      expect(favorite.body.data).toEqual({ is_favorite: true });
      expect((await personaFeed(reader.auth)).results[0]).toMatchObject({ uid: after, is_favorite: true });
      const post = await createPost(author.auth, 'Quick');
      expect(uids(await postFeed(reader.auth))[0]).toBe(post);
    } finally {
      cache.heard = heard;
    }
  });

  it('marks a favourite that comes back onto a page (its author unbanned) as a favourite', async () => {
    const author = await signUp(ctx, 'lists-returning@example.com');
    const reader = await signUp(ctx, 'lists-returning-reader@example.com');
    const returning = await createPersona(author.auth, { char_a_name: 'Returning' });
    const favorite = await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: returning } });
    expect(favorite.body.data).toEqual({ is_favorite: true });
    await sql(`update users set status = 'banned', status_reason = 'spam' where uid = $1`, [author.uid]);
    // The reader's favourites are now read for a page without it.
    await waitFor(
      () => personaFeed(reader.auth),
      (page) => !uids(page).includes(returning),
      5000,
    );
    await sql(`update users set status = 'active', status_reason = null where uid = $1`, [author.uid]);
    const back = await waitFor(
      () => personaFeed(reader.auth),
      (page) => uids(page).includes(returning),
      5000,
    );
    expect(back.results.find((r) => r.uid === returning)).toMatchObject({ is_favorite: true });
  });

  it('answers field for field what the feed read straight from the database answers', async () => {
    const author = await signUp(ctx, 'lists-same@example.com');
    const reader = await signUp(ctx, 'lists-same-reader@example.com');
    const uid = await createPersona(author.auth, { char_a_name: 'Same' });
    await ctx.request('POST', '/api/v1/persona/favorite/', { headers: reader.auth, body: { post_id: uid } });
    for (const who of [author, reader]) {
      const cached = await personaFeed(who.auth);
      const direct = await listPersonas(ctx.database.db, { viewer: await userRow(who.uid), query: { page: 1 } });
      expect(cached).toEqual(JSON.parse(JSON.stringify(direct)));
    }
  });
});

describe('the cached answer bytes', () => {
  it('go out as brotli or gzip as the client asks, each decoding to the same page as the plain answer', async () => {
    const author = await signUp(ctx, 'lists-bytes@example.com');
    for (let i = 0; i < 3; i++) await createPersona(author.auth, { char_a_name: `Bytes ${i}` });
    await createPost(author.auth, 'Bytes');
    for (const path of ['/persona/list/', '/post/list/']) {
      const answers = [];
      for (const accept of ['identity', 'gzip, deflate, br', 'gzip', 'br;q=0, gzip', 'br', 'gzip, deflate, br']) {
        const res = await fetch(`${ctx.baseUrl}/api/v1${path}?page=1`, { headers: { 'accept-encoding': accept } });
        expect(res.status).toBe(200);
        const expected = accept.startsWith('identity') ? null : accept.includes('br') && !accept.includes('br;q=0') ? 'br' : 'gzip';
        expect(res.headers.get('content-encoding'), `${path} ${accept}`).toBe(expected);
        answers.push(await res.json());
      }
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });
});

describe('the post feed from the list cache', () => {
  it('shows a new post on the next read, drops a deleted or taken-down one, and marks only the author’s own', async () => {
    const author = await signUp(ctx, 'lists-poster@example.com');
    const reader = await signUp(ctx, 'lists-post-reader@example.com');
    const kept = await createPost(author.auth, 'Kept');
    for (const base of [ctx.baseUrl, peer.baseUrl]) expect(uids(await postFeed({}, base))).toContain(kept);

    const fresh = await createPost(author.auth, 'Fresh');
    expect(uids(await postFeed())[0]).toBe(fresh);
    await waitFor(
      () => postFeed({}, peer.baseUrl),
      (page) => page.results[0]?.uid === fresh,
      5000,
    );
    expect((await postFeed(author.auth)).results.find((r) => r.uid === fresh)).toMatchObject({ is_mine: true });
    expect((await postFeed(reader.auth)).results.find((r) => r.uid === fresh)).toMatchObject({ is_mine: false });

    const removed = await ctx.request('POST', '/api/v1/post/delete/', { headers: author.auth, body: { post_uid: fresh } });
    expect(removed.status).toBe(200);
    expect(uids(await postFeed())).not.toContain(fresh);

    await sql(`update posts set status = 'taken_down', takedown_reason = 'test', taken_down_at = now() where uid = $1`, [kept]);
    for (const base of [ctx.baseUrl, peer.baseUrl])
      await waitFor(
        () => postFeed({}, base),
        (page) => !uids(page).includes(kept),
        5000,
      );

    const another = await createPost(author.auth, 'Another');
    for (const who of [author, reader]) {
      const cached = await postFeed(who.auth);
      expect(uids(cached)).toContain(another);
      const direct = await listPublic(ctx.database.db, { viewer: await userRow(who.uid), query: { page: 1 } });
      expect(cached).toEqual(JSON.parse(JSON.stringify(direct)));
    }
  });
});

/** The account row as the routes see their reader. */
async function userRow(uid: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.uid, uid));
  if (!row) throw new Error(`no account ${uid}`);
  return row;
}
