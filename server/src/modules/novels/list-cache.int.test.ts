import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { readSse, type FakeLlm } from '../../../test/fake-llm';
import { createModelTestContext, startPeer, type TestContext } from '../../../test/helpers';
import { novelFinished, storyRequest, waitFor } from '../../../test/novels';
import { applyLedger } from '../wallet/service';

/**
 * The authors' novel lists from the list cache (docs/decisions/0042), ON as in production: a list read,
 * then a change by every path that changes it (a new story, a story written to its end, an edit, a
 * publication, a takedown, a deletion, the author renamed or banned, a change made by another process),
 * and the next read shows it, in this process at once and in another process by NOTIFY.
 */
let llm: FakeLlm;
let ctx: TestContext;
/** Another process with the cache on, and one with it off (the answer as it is without the cache). */
let peer: Awaited<ReturnType<typeof startPeer>>;
let uncached: Awaited<ReturnType<typeof startPeer>>;
const cacheOn = { CACHE_MS: '60000' };
const ADMIN = 'novel-lists-admin@example.com';

beforeAll(async () => {
  ({ llm, ctx } = await createModelTestContext({ ...cacheOn, ADMIN_EMAILS: ADMIN }));
  llm.script([{ chunks: ['The rain kept on. ', 'The lamp stayed lit.'] }]);
  // The peers run no jobs: every story is written by this process's runner.
  peer = await startPeer(ctx, { env: { ...cacheOn, GENERATION_WORKERS: '0' } });
  uncached = await startPeer(ctx, { env: { CACHE_MS: '0', GENERATION_WORKERS: '0' } });
});
afterAll(async () => {
  await uncached?.close();
  await peer?.close();
  await ctx?.close();
  await llm?.close();
});
afterEach(() => llm.script([{ chunks: ['The rain kept on. ', 'The lamp stayed lit.'] }]));

type Auth = Record<string, string>;
type ListedNovel = { uid: string; title: string; author_name: string; generate_status: string; word_count: number; chapter_count: number };
type NovelPage = { results: ListedNovel[]; has_more: boolean };

/** The raw answer of an author's (or one's own) first page. */
async function listText(auth: Auth, author?: string, base = ctx.baseUrl): Promise<string> {
  const res = await fetch(`${base}/api/v1/novel/list/?page=1${author ? `&author_uid=${author}` : ''}`, { headers: auth });
  expect(res.status).toBe(200);
  return res.text();
}
const list = async (auth: Auth, author?: string, base = ctx.baseUrl) =>
  (JSON.parse(await listText(auth, author, base)) as { data: NovelPage }).data;
const uids = (page: NovelPage) => page.results.map((n) => n.uid);

async function sql(text: string, values: unknown[] = []): Promise<void> {
  // Another connection, as the operator CLI or another process would write.
  const client = new pg.Client({ connectionString: ctx.database.url });
  await client.connect();
  await client.query(text, values);
  await client.end();
}

const grant = (uid: string, amount: number) =>
  ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: uid, kind: 'grant', amount }));

/** A finished story of the author's. */
async function story(auth: Auth, overrides: Record<string, unknown> = {}): Promise<string> {
  const started = await ctx.request('POST', '/api/v1/novel/generate/', { headers: auth, body: storyRequest(overrides) });
  expect(started.status).toBe(200);
  const uid = started.body.data.novel_uid as string;
  await novelFinished(ctx, auth, uid);
  return uid;
}

/** An author with `count` finished stories, published (a public post bound to each) so other readers see them. */
async function authorWithStories(email: string, count: number, publish = true) {
  const author = await signUp(ctx, email);
  await grant(author.uid, 6 * count);
  const novels: string[] = [];
  for (let i = 0; i < count; i++) novels.push(await story(author.auth));
  if (publish)
    for (const novel of novels) {
      const post = await ctx.request('POST', '/api/v1/post/create/', {
        headers: author.auth,
        // Each its own text: a text taken down once cannot be published again (decision 0035).
        body: { title: 'Shared', content: `The rain kept on over ${novel}.`, language: 'en', is_public: 1, novel_id: novel },
      });
      expect(post.status).toBe(200);
    }
  return { ...author, novels };
}

/** Runs `body` with this process deaf to NOTIFY: only its own writes' answers may forget a page. */
async function noticesHeldBack(body: () => Promise<void>) {
  const cache = ctx.app.cache;
  const heard = cache.heard.bind(cache);
  cache.heard = () => undefined;
  try {
    await body();
  } finally {
    cache.heard = heard;
  }
}

describe('an author’s novel list from the list cache', () => {
  it('is cached; a new story shows on this process’s next read before any notice, and in another process by NOTIFY', async () => {
    const author = await authorWithStories('novel-lists-new@example.com', 1, false);
    await grant(author.uid, 6);
    for (const base of [ctx.baseUrl, peer.baseUrl]) expect(uids(await list(author.auth, undefined, base))).toEqual(author.novels);
    expect(ctx.app.cache.size).toBeGreaterThan(0);
    expect(peer.app.cache.size).toBeGreaterThan(0);

    let second = '';
    llm.script([{ chunks: ['The rain ', 'kept on.'], delayMs: 300 }]);
    await noticesHeldBack(async () => {
      const started = await ctx.request('POST', '/api/v1/novel/generate/', { headers: author.auth, body: storyRequest() });
      expect(started.status).toBe(200);
      second = started.body.data.novel_uid;
      expect(uids(await list(author.auth))).toEqual([second, ...author.novels]);
    });
    await waitFor(
      () => list(author.auth, undefined, peer.baseUrl),
      (page) => page.results[0]?.uid === second,
      5000,
    );
    await novelFinished(ctx, author.auth, second);
  });

  it('shows a story started with a streamed answer, and its end, as soon as the reader has the `done` event', async () => {
    const author = await authorWithStories('novel-lists-done@example.com', 1, false);
    await grant(author.uid, 6 + 3);
    expect((await list(author.auth)).results[0]).toMatchObject({ generate_status: 'done' });
    await noticesHeldBack(async () => {
      llm.script([{ chunks: ['The rain ', 'kept on ', 'and on.'], delayMs: 300 }]);
      const events = await readSse(
        `${ctx.baseUrl}/api/v1/novel/generate/`,
        author.auth,
        (seen) => seen.some((e) => e.event === 'done'),
        20_000,
        storyRequest(),
      );
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { generate_status: 'done' } });
      const page = await list(author.auth);
      expect(page.results).toHaveLength(2);
      expect(page.results[0]).toMatchObject({ generate_status: 'done', word_count: 6, chapter_count: 1 });

      // A continuation: 'continuing' at once, then its end with the new words and chapter.
      llm.script([{ chunks: ['Then ', 'the sea ', 'went quiet.'], delayMs: 300 }]);
      const continued = await ctx.request('POST', '/api/v1/novel/continuation/', {
        headers: author.auth,
        body: { novel_uid: page.results[0]!.uid },
      });
      expect(continued.status).toBe(200);
      // Read while it is written (its progress saves notify nobody): such a page is not kept.
      expect((await list(author.auth)).results[0]).toMatchObject({ generate_status: 'continuing' });
      await readSse(`${ctx.baseUrl}/api/v1/novel/stream/?novel_uid=${page.results[0]!.uid}`, author.auth, (seen) =>
        seen.some((e) => e.event === 'done'),
      );
      expect((await list(author.auth)).results[0]).toMatchObject({ generate_status: 'done', word_count: 11, chapter_count: 2 });
    });
  });

  it('shows an edit and a publication (seen by other readers) on the next read, forgotten by the write’s own answer', async () => {
    const author = await authorWithStories('novel-lists-edit@example.com', 1, false);
    const reader = await signUp(ctx, 'novel-lists-edit-reader@example.com');
    const [novel] = author.novels as [string];
    expect((await list(author.auth)).results[0]).toMatchObject({ uid: novel, word_count: 8 });
    expect(uids(await list(reader.auth, author.uid))).toEqual([]);
    await noticesHeldBack(async () => {
      const edited = await ctx.request('POST', '/api/v1/novel/edit/', {
        headers: author.auth,
        body: { novel_uid: novel, content: 'Only three words.' },
      });
      expect(edited.status).toBe(200);
      expect((await list(author.auth)).results[0]).toMatchObject({ uid: novel, word_count: 3 });
      const post = await ctx.request('POST', '/api/v1/post/create/', {
        headers: author.auth,
        body: { title: 'Shared', content: `Three words over ${novel}.`, language: 'en', is_public: 1, novel_id: novel },
      });
      expect(post.status).toBe(200);
      expect(uids(await list(reader.auth, author.uid))).toEqual([novel]);
    });
  });

  it('shows a story added or retitled, and drops one taken down, deleted or made private, by another process: by NOTIFY in both processes', async () => {
    const author = await authorWithStories('novel-lists-sql@example.com', 4);
    const reader = await signUp(ctx, 'novel-lists-sql-reader@example.com');
    const [retitled, privated, deleted, takenDown] = author.novels as [string, string, string, string];
    const readers = [
      { auth: author.auth, author: undefined },
      { auth: reader.auth, author: author.uid },
    ];
    const everywhere = async (done: (page: NovelPage) => boolean, who = readers) => {
      for (const base of [ctx.baseUrl, peer.baseUrl]) for (const r of who) await waitFor(() => list(r.auth, r.author, base), done, 5000);
    };
    await everywhere((page) => page.results.length === 4);
    // Written by another process (as SQL here): each shows, or goes, by NOTIFY alone.

    const inserted = `${retitled}-copy`;
    await sql(
      `insert into novels (uid, author_uid, title, params, language, generate_status, written_by, is_public, word_count)
       select $2, author_uid, 'Inserted', params, language, 'done', written_by, true, 8 from novels where uid = $1`,
      [retitled, inserted],
    );
    await everywhere((page) => page.results[0]?.uid === inserted);
    await sql(`update novels set title = 'A new title' where uid = $1`, [retitled]);
    await everywhere((page) => page.results.find((n) => n.uid === retitled)?.title === 'A new title');
    await sql(`update novels set is_public = false where uid = $1`, [privated]);
    await everywhere((page) => !uids(page).includes(privated), readers.slice(1));
    await sql(`delete from chapters where novel_uid = $1`, [deleted]);
    await sql(`delete from posts where novel_uid = $1`, [deleted]);
    await sql(`delete from generation_jobs where novel_uid = $1`, [deleted]);
    await sql(`delete from novels where uid = $1`, [deleted]);
    await everywhere((page) => !uids(page).includes(deleted));
    await sql(`update novels set status = 'taken_down', takedown_reason = 'test', taken_down_at = now() where uid = $1`, [takenDown]);
    await everywhere((page) => !uids(page).includes(takenDown));
    for (const base of [ctx.baseUrl, peer.baseUrl]) {
      expect(uids(await list(author.auth, undefined, base))).toEqual([inserted, privated, retitled]);
      expect(uids(await list(reader.auth, author.uid, base))).toEqual([inserted, retitled]);
    }
  });

  it('shows the author renamed (through the API, or elsewhere) and drops a banned author’s stories for other readers', async () => {
    const author = await authorWithStories('novel-lists-name@example.com', 1);
    const reader = await signUp(ctx, 'novel-lists-name-reader@example.com');
    for (const base of [ctx.baseUrl, peer.baseUrl]) expect(uids(await list(reader.auth, author.uid, base))).toEqual(author.novels);

    await noticesHeldBack(async () => {
      const renamed = await ctx.request('POST', '/api/v1/user/modify/', { headers: author.auth, body: { name: 'Quill' } });
      expect(renamed.status).toBe(200);
      expect((await list(author.auth)).results[0]).toMatchObject({ author_name: 'Quill' });
    });
    for (const base of [ctx.baseUrl, peer.baseUrl])
      await waitFor(
        () => list(reader.auth, author.uid, base),
        (page) => page.results[0]?.author_name === 'Quill',
        5000,
      );
    await sql(`update users set name = 'Ink' where uid = $1`, [author.uid]);
    for (const base of [ctx.baseUrl, peer.baseUrl])
      await waitFor(
        () => list(reader.auth, author.uid, base),
        (page) => page.results[0]?.author_name === 'Ink',
        5000,
      );

    await sql(`update users set status = 'banned', status_reason = 'spam' where uid = $1`, [author.uid]);
    for (const base of [ctx.baseUrl, peer.baseUrl])
      await waitFor(
        () => list(reader.auth, author.uid, base),
        (page) => page.results.length === 0,
        5000,
      );
  });

  it('drops a story a moderator takes down here on this process’s next read, before any notice', async () => {
    const author = await authorWithStories('novel-lists-takedown@example.com', 1);
    const reader = await signUp(ctx, 'novel-lists-takedown-reader@example.com');
    const admin = await signUp(ctx, ADMIN);
    expect(uids(await list(reader.auth, author.uid))).toEqual(author.novels);
    await noticesHeldBack(async () => {
      const down = await ctx.request('POST', '/api/v1/admin/content/', {
        headers: admin.auth,
        body: { target_type: 'novel', target_uid: author.novels[0], action: 'takedown', reason: 'Copied from a published book' },
      });
      expect(down.status).toBe(200);
      expect(uids(await list(reader.auth, author.uid))).toEqual([]);
      expect(uids(await list(author.auth))).toEqual([]);
    });
  });

  it('answers byte for byte what the list answers without the cache: its own author, adult and general readers', async () => {
    const author = await authorWithStories('novel-lists-same@example.com', 2);
    const adultReader = await signUp(ctx, 'novel-lists-same-adult@example.com');
    const reader = await signUp(ctx, 'novel-lists-same-reader@example.com');
    for (const who of [author, adultReader]) {
      const confirmed = await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: who.auth });
      expect(confirmed.status).toBe(200);
    }
    await grant(author.uid, 6);
    const adult = await story(author.auth, {
      is_r18: 1,
      tags: ['R18', 'thirdPerson', 'description'],
      params: { ...storyRequest().params, plot: 'Two adults, one storm.' },
    });
    const post = await ctx.request('POST', '/api/v1/post/create/', {
      headers: author.auth,
      body: { title: 'Adult', content: `The rain kept on over ${adult}.`, language: 'en', is_public: 1, novel_id: adult },
    });
    expect(post.status).toBe(200);
    const views = [
      { auth: author.auth, author: undefined, shown: [adult, ...[...author.novels].reverse()] },
      { auth: adultReader.auth, author: author.uid, shown: [adult, ...[...author.novels].reverse()] },
      { auth: reader.auth, author: author.uid, shown: [...author.novels].reverse() },
    ];
    for (const view of views) {
      const cached = [await listText(view.auth, view.author), await listText(view.auth, view.author)];
      const direct = await listText(view.auth, view.author, uncached.baseUrl);
      expect(cached[0]).toBe(direct);
      expect(cached[1]).toBe(direct);
      expect(uids(JSON.parse(direct).data)).toEqual(view.shown);
    }
  });
});
