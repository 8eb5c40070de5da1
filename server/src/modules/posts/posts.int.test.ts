import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, startPeer, type TestContext } from '../../../test/helpers';
import { novelDetails, waitFor } from '../../../test/novels';

let ctx: TestContext;
type Auth = Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { OFFLINE_WRITER_CPS: '1000000', GENERATION_WORKERS: '1' } });
  // Views are written only when a test flushes (the 2 s timer is covered by the browser tests).
  ctx.app.deps.views.pauseTimer();
});
afterAll(async () => {
  await ctx.close();
});

const story = (overrides: Record<string, unknown> = {}) => ({
  params: {
    char_a_name: 'Ines',
    char_a_setting: 'a lighthouse keeper of 34',
    char_b_name: 'Tomas',
    char_b_setting: 'a shipwrecked cartographer, 31',
    plot: 'A storm strands him on her island for a week.',
  },
  is_r18: 0,
  dialogue_heavy: 1,
  first_person: 0,
  language: 'en',
  model: 'v1',
  ...overrides,
});

/** A finished story of `auth`'s account, written by the offline writer. */
async function writeNovel(auth: Auth, overrides: Record<string, unknown> = {}): Promise<string> {
  const started = await ctx.request('POST', '/api/v1/novel/generate/', { body: story(overrides), headers: auth });
  expect(started.status).toBe(200);
  const uid = started.body.data.novel_uid as string;
  await waitFor(
    () => novelDetails(ctx, auth, uid),
    (res) => res.body.data.novel.generate_status === 'done',
  );
  return uid;
}

const create = (auth: Auth, body: Record<string, unknown>) =>
  ctx.request('POST', '/api/v1/post/create/', { body: { language: 'en', is_public: 1, ...body }, headers: auth });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON, asserted field by field
type JsonBody = any;
/** GET /post/details/ on `base` (this process or a peer), as a signed-in reader or a visitor. */
const details = (uid: string, headers: Auth = {}, base = ctx.baseUrl) =>
  fetch(`${base}/api/v1/post/details/?post_uid=${uid}`, { headers }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as JsonBody,
  }));
const feed = (query = '', auth: Auth = {}) => ctx.request('GET', `/api/v1/post/list/?${query}`, { headers: auth });
const viewsOf = async (uid: string) =>
  Number(
    ((await ctx.database.db.execute(sql`select views_count from posts where uid = ${uid}`)).rows[0] as { views_count: number }).views_count,
  );

let n = 0;
const account = () => signUp(ctx, `reader${++n}-${Date.now()}@example.com`);

describe('publishing a post', () => {
  it('refuses an empty title or content, naming the field with the form prompt, and creates nothing', async () => {
    const me = await account();
    const noTitle = await create(me.auth, { title: '   ', content: 'Once upon a time.' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.base_resp.status_code).toBe(400001);
    expect(noTitle.body.data.fields.title).toBe('enter title');
    const noContent = await create(me.auth, { title: 'A title' });
    expect(noContent.body.data.fields.content).toBeDefined();
    const tooLong = await create(me.auth, { title: 'x'.repeat(121), content: 'text' });
    expect(tooLong.status).toBe(400);
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: me.auth });
    expect(mine.body.data.results).toEqual([]);
  });

  it("takes SPEC.md's empty novel_id (\"\" or null, as JSON or a form) as a post without a novel", async () => {
    const me = await account();
    const asJson = await create(me.auth, { title: 'No novel', content: 'Written by hand.', novel_id: '', novel_modified: 0 });
    expect([asJson.status, asJson.body.base_resp.status_code]).toEqual([200, 0]);
    const asNull = await create(me.auth, { title: 'No novel either', content: 'Also by hand.', novel_id: null, novel_modified: 0 });
    expect([asNull.status, asNull.body.base_resp.status_code]).toEqual([200, 0]);
    const form = await fetch(`${ctx.baseUrl}/api/v1/post/create/`, {
      method: 'POST',
      headers: { ...me.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: 'A form post', content: 'Sent as a form.', novel_id: '', novel_modified: '0', is_public: '1', language: 'en' }),
    });
    expect(form.status).toBe(200);
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: me.auth });
    expect(mine.body.data.results.map((p: { title: string }) => p.title).sort()).toEqual(['A form post', 'No novel', 'No novel either']);
  });

  it('needs a signed-in author', async () => {
    const res = await create({}, { title: 'A title', content: 'text' });
    expect(res.status).toBe(401);
  });

  it('binds a post to the novel, shows its provenance, and makes the novel readable to others only once published', async () => {
    const me = await account();
    const other = await account();
    const persona = (
      await ctx.request('POST', '/api/v1/persona/create/', {
        body: {
          ...story().params,
          description: 'Keeper and castaway',
          tags: 'storm',
          is_r18: 0,
          first_person: 0,
          dialogue_heavy: 1,
          language: 'en',
        },
        headers: other.auth,
      })
    ).body.data;
    const novelUid = await writeNovel(me.auth, { persona_uid: persona.uid });
    expect((await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: other.auth })).status).toBe(403);
    // Where the source line of the author's copied text points (never the author-only work reader).
    const share = async () =>
      (await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: me.auth })).body.data.share;
    expect(await share()).toEqual({ post_uid: null, novel_public: false, persona_uid: persona.uid });

    const draft = await create(me.auth, {
      title: 'Storm week',
      content: 'The lamp turned.',
      novel_id: novelUid,
      novel_modified: 1,
      is_public: 0,
    });
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({
      title: 'Storm week',
      is_public: 0,
      novel_uid: novelUid,
      novel_modified: 1,
      views_count: 0,
      is_mine: true,
      provenance: {
        app: 'butterfic',
        written_by: 'offline',
        persona_uid: persona.uid,
        persona_title: `${persona.char_a_name} × ${persona.char_b_name}`,
      },
    });
    expect((await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: other.auth })).status).toBe(403);

    const uid = draft.body.data.uid as string;
    const published = await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: uid, title: 'Storm week', content: 'The lamp turned.', novel_modified: 1, is_public: 1 },
      headers: me.auth,
    });
    expect(published.body.data.is_public).toBe(1);
    expect(published.body.data.published_time).toBeGreaterThan(0);
    const novel = await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: other.auth });
    expect(novel.status).toBe(200);
    expect(novel.body.data.novel.uid).toBe(novelUid);
    expect(await share()).toEqual({ post_uid: uid, novel_public: true, persona_uid: persona.uid });
    const list = await ctx.request('GET', `/api/v1/novel/list/?author_uid=${me.uid}`, { headers: other.auth });
    expect(list.body.data.results.map((r: { uid: string }) => r.uid)).toEqual([novelUid]);

    // Deleting the only public post makes the novel private again.
    expect((await ctx.request('POST', '/api/v1/post/delete/', { body: { post_uid: uid }, headers: me.auth })).status).toBe(200);
    expect((await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: other.auth })).status).toBe(403);
    expect((await details(uid, me.auth)).status).toBe(404);
    expect(await share()).toEqual({ post_uid: null, novel_public: false, persona_uid: persona.uid });
  });

  it("refuses to bind someone else's novel", async () => {
    const me = await account();
    const other = await account();
    const theirs = await writeNovel(other.auth);
    const res = await create(me.auth, { title: 'Mine now', content: 'text', novel_id: theirs });
    expect(res.status).toBe(403);
    expect(res.body.base_resp.status_code).toBe(403001);
  });

  it('keeps content as plain text, markup and all', async () => {
    const me = await account();
    const content = '<script>alert("x")</script>\r\nLine two & <b>three</b>';
    const res = await create(me.auth, { title: '<i>Tags</i>', content });
    const read = await details(res.body.data.uid);
    expect(read.body.data.content).toBe('<script>alert("x")</script>\nLine two & <b>three</b>');
    expect(read.body.data.title).toBe('<i>Tags</i>');
  });
});

describe('retried creates', () => {
  it('answers a retried create with the post it already made, also when both arrive at once', async () => {
    const me = await account();
    const body = { title: 'Once', content: 'Only once.', request_id: 'form-0123456789abcdef' };
    const first = await create(me.auth, body);
    const again = await create(me.auth, body);
    expect(again.status).toBe(200);
    expect(again.body.data.uid).toBe(first.body.data.uid);
    const racing = await Promise.all(Array.from({ length: 10 }, () => create(me.auth, { ...body, request_id: 'form-race-0123456789' })));
    expect(new Set(racing.map((r) => r.body.data.uid)).size).toBe(1);
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: me.auth });
    expect(mine.body.data.results).toHaveLength(2);
    // Another account's key is its own.
    const other = await account();
    expect((await create(other.auth, body)).body.data.uid).not.toBe(first.body.data.uid);
    expect((await create(me.auth, { ...body, request_id: 'bad id!' })).status).toBe(400);
  });
});

describe('the safety check on posts', () => {
  it('keeps a general post free of sexual content and any post free of minors, creating and changing nothing', async () => {
    const me = await account();
    const sexual = await create(me.auth, { title: 'Night', content: 'They had sex.' });
    expect(sexual.status).toBe(403);
    expect(sexual.body.base_resp.status_code).toBe(403001);
    const minor = await create(me.auth, { title: 'Ｓｃｈｏｏｌ', content: 'sex with a school\u200bgirl', language: 'en' });
    expect(minor.body.base_resp.status_code).toBe(403001);
    expect((await ctx.request('GET', '/api/v1/post/mine/', { headers: me.auth })).body.data.results).toEqual([]);

    const fine = await create(me.auth, { title: 'Harbour', content: 'They held hands at the fair.' });
    expect(fine.status).toBe(200);
    const edited = await ctx.request('POST', '/api/v1/post/edit/', {
      body: {
        post_uid: fine.body.data.uid,
        title: 'Harbour',
        content: 'She is fifteen and they had sex.',
        is_public: 1,
        novel_modified: 1,
      },
      headers: me.auth,
    });
    expect(edited.body.base_resp.status_code).toBe(403001);
    expect((await details(fine.body.data.uid)).body.data.content).toBe('They held hands at the fair.');
  });
});

describe('drafts and authorship', () => {
  it('shows a draft to its author only: others and visitors get 404001, the feed leaves it out', async () => {
    const me = await account();
    const other = await account();
    const res = await create(me.auth, { title: 'Secret draft', content: 'Not yet.', is_public: 0 });
    const uid = res.body.data.uid as string;
    expect((await details(uid, me.auth)).body.data.is_public).toBe(0);
    for (const headers of [other.auth, {}]) {
      const read = await details(uid, headers);
      expect(read.status).toBe(404);
      expect(read.body.base_resp.status_code).toBe(404001);
    }
    expect((await feed('', other.auth)).body.data.results.map((p: { uid: string }) => p.uid)).not.toContain(uid);
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: me.auth });
    expect(mine.body.data.results[0]).toMatchObject({ uid, is_public: 0, title: 'Secret draft' });
    expect(mine.body.data).toMatchObject({ page: 1, page_size: 20, has_more: false });
  });

  it('refuses edit and delete by anyone but the author and keeps the post unchanged', async () => {
    const me = await account();
    const other = await account();
    const uid = (await create(me.auth, { title: 'Mine', content: 'My words.' })).body.data.uid as string;
    const edit = await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: uid, title: 'Hijacked', content: 'Their words.', is_public: 1 },
      headers: other.auth,
    });
    expect(edit.status).toBe(403);
    const del = await ctx.request('POST', '/api/v1/post/delete/', { body: { post_uid: uid }, headers: other.auth });
    expect(del.status).toBe(403);
    const draftUid = (await create(me.auth, { title: 'Draft', content: 'd', is_public: 0 })).body.data.uid as string;
    const delDraft = await ctx.request('POST', '/api/v1/post/delete/', { body: { post_uid: draftUid }, headers: other.auth });
    expect(delDraft.status).toBe(404);
    const read = await details(uid);
    expect(read.body.data).toMatchObject({ title: 'Mine', content: 'My words.' });
    expect((await details(draftUid, me.auth)).status).toBe(200);
  });

  it('puts a draft at the top of the feed when it is published', async () => {
    const me = await account();
    const lang = 'ko';
    const draft = (await create(me.auth, { title: '초안', content: '나중에', is_public: 0, language: lang })).body.data.uid as string;
    const later = (await create(me.auth, { title: '공개', content: '지금', language: lang })).body.data.uid as string;
    expect((await feed(`language=${lang}`)).body.data.results.map((p: { uid: string }) => p.uid)).toEqual([later]);
    await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: draft, title: '초안', content: '나중에', is_public: 1 },
      headers: me.auth,
    });
    expect((await feed(`language=${lang}`)).body.data.results.map((p: { uid: string }) => p.uid)).toEqual([draft, later]);
  });
});

describe('EPUB downloads (issue 30)', () => {
  it('lets readers download unless the author says no; an edit that leaves the field out keeps the choice', async () => {
    const me = await account();
    // A create as SPEC.md section 7 sends it: downloads allowed.
    const open = (await create(me.auth, { title: 'Open', content: 'The lamp turned.' })).body.data;
    expect(open.allow_download).toBe(1);
    const closed = (await create(me.auth, { title: 'Closed', content: 'The tide came in.', allow_download: 0 })).body.data;
    expect(closed.allow_download).toBe(0);
    expect((await details(closed.uid)).body.data.allow_download).toBe(0);
    expect((await feed('language=en')).body.data.results.find((p: { uid: string }) => p.uid === closed.uid).allow_download).toBe(0);
    const edit = (body: Record<string, unknown>) =>
      ctx.request('POST', '/api/v1/post/edit/', {
        body: { post_uid: closed.uid, title: 'Closed', content: 'The tide went out.', is_public: 1, ...body },
        headers: me.auth,
      });
    expect((await edit({})).body.data.allow_download).toBe(0);
    expect((await edit({ allow_download: 1 })).body.data.allow_download).toBe(1);
    expect((await edit({ allow_download: 'yes' })).body.base_resp.status_code).toBe(400001);
    expect((await details(closed.uid)).body.data.allow_download).toBe(1);
  });
});

describe('post lengths (issue 30)', () => {
  it('answers the length in the reader’s terms on the post and its list row, and keeps it with each edit', async () => {
    const me = await account();
    // Drafts: the public feed tests count their own posts.
    const ja = (await create(me.auth, { title: '灯台', content: '嵐の夜、\n\n「大丈夫？」', language: 'ja', is_public: 0 })).body.data;
    // 文字数: every character but spaces and line breaks.
    expect(ja.word_count).toBe(10);
    const en = (await create(me.auth, { title: 'Lamp', content: 'The lamp — it turned, twice.', is_public: 0 })).body.data;
    expect(en.word_count).toBe(5);
    const mine = await ctx.request('GET', '/api/v1/post/mine/?page=1', { headers: me.auth });
    expect(mine.body.data.results.find((p: { uid: string }) => p.uid === ja.uid).word_count).toBe(10);
    const edited = await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: ja.uid, title: '灯台', content: '雨。', is_public: 0 },
      headers: me.auth,
    });
    expect(edited.body.data.word_count).toBe(2);
    expect((await details(ja.uid, me.auth)).body.data.word_count).toBe(2);
  });
});

describe('the public feed', () => {
  it('lists public posts newest first, 20 a page, by language, without repeats while new posts arrive', async () => {
    const me = await account();
    const made: string[] = [];
    for (let i = 0; i < 23; i++)
      made.push((await create(me.auth, { title: `日本語 ${i}`, content: `本文 ${i}`, language: 'ja' })).body.data.uid);
    await create(me.auth, { title: 'English one', content: 'text', language: 'en' });
    const first = await feed('language=ja&page=1');
    expect(first.body.data).toMatchObject({ page: 1, page_size: 20, has_more: true });
    expect(first.body.data.results).toHaveLength(20);
    expect(first.body.data.results[0]).toMatchObject({
      uid: made[22],
      title: '日本語 22',
      excerpt: '本文 22',
      author_name: expect.any(String),
    });
    expect(first.body.data.results[0].content).toBeUndefined();
    // A new post between page 1 and page 2 does not shift page 2.
    await create(me.auth, { title: '日本語 new', content: 'new', language: 'ja' });
    const second = await feed(`language=ja&page=2&snapshot=${first.body.data.snapshot}`);
    expect(second.body.data.has_more).toBe(false);
    const all = [...first.body.data.results, ...second.body.data.results].map((p: { uid: string }) => p.uid);
    expect(all).toEqual([...made].reverse());
    expect(first.body.data.results.every((p: { language: string }) => p.language === 'ja')).toBe(true);
  });

  it('keeps adult posts and adult novels of another author from readers without the 18+ confirmation', async () => {
    const me = await account();
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: me.auth });
    const novelUid = await writeNovel(me.auth, { is_r18: 1, language: 'zh-TW' });
    const post = await create(me.auth, { title: '成人故事', content: '內容', novel_id: novelUid, language: 'zh-TW' });
    expect(post.body.data.is_r18).toBe(1);
    const uid = post.body.data.uid as string;

    const minor = await account();
    expect((await details(uid, minor.auth)).status).toBe(403);
    expect((await details(uid)).status).toBe(403);
    expect((await feed('language=zh-TW', minor.auth)).body.data.results.map((p: { uid: string }) => p.uid)).not.toContain(uid);
    expect((await ctx.request('GET', `/api/v1/novel/list/?author_uid=${me.uid}`, { headers: minor.auth })).body.data.results).toEqual([]);
    expect((await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`, { headers: minor.auth })).status).toBe(403);

    const adult = await account();
    await ctx.request('POST', '/api/v1/user/confirm-adult/', { body: { confirm: true }, headers: adult.auth });
    expect((await details(uid, adult.auth)).status).toBe(200);
    expect((await feed('language=zh-TW', adult.auth)).body.data.results.map((p: { uid: string }) => p.uid)).toContain(uid);
    expect((await ctx.request('GET', `/api/v1/novel/list/?author_uid=${me.uid}`, { headers: adult.auth })).body.data.results).toHaveLength(
      1,
    );
  });
});

describe('view counts', () => {
  it('counts one view per viewer (account, or client address for visitors) per day, never the author, without writing on the read path, across two app processes', async () => {
    const author = await account();
    const reader = await account();
    const second = await account();
    const uid = (await create(author.auth, { title: 'Counted', content: 'Read me.' })).body.data.uid as string;
    const peer = await startPeer(ctx);
    peer.app.deps.views.pauseTimer();
    try {
      const visitor = { 'user-agent': 'Visitor browser 1', 'x-forwarded-for': '203.0.113.7' };
      // The same reader on both processes, twice each; the author; a visitor twice on both.
      for (const base of [ctx.baseUrl, peer.baseUrl, ctx.baseUrl, peer.baseUrl]) {
        expect((await details(uid, reader.auth, base)).status).toBe(200);
        expect((await details(uid, author.auth, base)).status).toBe(200);
        expect((await details(uid, visitor, base)).status).toBe(200);
      }
      // Nothing is written until a flush.
      expect(await viewsOf(uid)).toBe(0);
      expect((await ctx.database.db.execute(sql`select count(*)::int as n from post_views where post_uid = ${uid}`)).rows[0]).toEqual({
        n: 0,
      });
      await Promise.all([ctx.app.deps.views.flush(), peer.app.deps.views.flush()]);
      expect(await viewsOf(uid)).toBe(2);

      // A second reader counts once more, and so does a visitor at another address; the same visitor in
      // another browser (or a script changing its User-Agent) does not, nor another address of one IPv6 /64.
      await details(uid, second.auth, peer.baseUrl);
      for (let i = 2; i < 6; i++) await details(uid, { ...visitor, 'user-agent': `Visitor browser ${i}` }, ctx.baseUrl);
      await details(uid, { 'user-agent': 'Phone', 'x-forwarded-for': '2001:db8:5:6::1' }, ctx.baseUrl);
      await details(uid, { 'user-agent': 'Phone, again', 'x-forwarded-for': '2001:db8:5:6:a:b:c:d' }, peer.baseUrl);
      await details(uid, reader.auth, peer.baseUrl);
      await Promise.all([ctx.app.deps.views.flush(), peer.app.deps.views.flush()]);
      expect(await viewsOf(uid)).toBe(4);
      expect((await details(uid, author.auth)).body.data.views_count).toBe(4);

      // The lists show the same count.
      const listed = (await feed('language=en')).body.data.results.find((p: { uid: string }) => p.uid === uid);
      expect(listed.views_count).toBe(4);

      // Closing a process (what SIGTERM does) writes its buffer before the database closes.
      const third = await account();
      await details(uid, third.auth, peer.baseUrl);
      expect(peer.app.deps.views.size).toBe(1);
    } finally {
      await peer.close();
    }
    expect(await viewsOf(uid)).toBe(5);
  });

  it('counts nothing for drafts, refused adult posts or unknown posts', async () => {
    const author = await account();
    const reader = await account();
    const draft = (await create(author.auth, { title: 'Draft', content: 'x', is_public: 0 })).body.data.uid as string;
    await details(draft, reader.auth);
    await details('nope', reader.auth);
    expect(ctx.app.deps.views.size).toBe(0);
    await ctx.app.deps.views.flush();
    expect(await viewsOf(draft)).toBe(0);
  });

  it('drops buffered views of a post deleted before the flush', async () => {
    const author = await account();
    const reader = await account();
    const uid = (await create(author.auth, { title: 'Gone soon', content: 'x' })).body.data.uid as string;
    await details(uid, reader.auth);
    await ctx.request('POST', '/api/v1/post/delete/', { body: { post_uid: uid }, headers: author.auth });
    await ctx.app.deps.views.flush();
    expect(ctx.app.deps.views.size).toBe(0);
  });
});
