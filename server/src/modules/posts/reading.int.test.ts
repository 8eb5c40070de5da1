import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelDetails, waitFor } from '../../../test/novels';
import { commentContent } from './comment-moderation';
import { sendDigests } from './digest';

let ctx: TestContext;
type Auth = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON, asserted field by field
type JsonBody = any;

beforeAll(async () => {
  ctx = await createTestContext({ env: { OFFLINE_WRITER_CPS: '1000000', GENERATION_WORKERS: '1' } });
  ctx.app.deps.views.pauseTimer();
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
const account = () => signUp(ctx, `fan${++n}-${Date.now()}@example.com`);
const post = (auth: Auth, body: Record<string, unknown>) =>
  ctx.request('POST', '/api/v1/post/create/', { body: { language: 'en', is_public: 1, title: 'A title', ...body }, headers: auth });
const call = (method: 'GET' | 'POST', path: string, auth: Auth, body?: Record<string, unknown>) =>
  ctx.request(method, `/api/v1${path}`, { headers: auth, ...(body && { body }) });
const feed = (query: string, auth: Auth = {}) => ctx.request('GET', `/api/v1/post/list/?${query}`, { headers: auth });
const uids = (res: { body: JsonBody }) => (res.body.data.results as { uid: string }[]).map((row) => row.uid);
/** A unique word, so each test finds only its own posts in the shared feed. */
const word = () => `t${Date.now().toString(36)}${++n}`;

async function published(auth: Auth, body: Record<string, unknown>): Promise<string> {
  const res = await post(auth, { content: `Text ${word()}`, ...body });
  expect(res.status).toBe(200);
  return res.body.data.uid as string;
}

describe('tags and warnings', () => {
  it('are kept on create and edit, answered by the page and the list row, and checked', async () => {
    const me = await account();
    const tag = word();
    const uid = await published(me.auth, {
      tags: [
        { kind: 'fandom', name: `  Fate   ${tag} ` },
        { kind: 'freeform', name: 'Slow Burn' },
        { kind: 'freeform', name: 'ＳＬＯＷ ｂｕｒｎ' },
      ],
      warnings: ['none', 'violence', 'violence'],
    });
    const page = await call('GET', `/post/details/?post_uid=${uid}`, {});
    expect(page.body.data.tags).toEqual([
      { kind: 'fandom', name: `Fate ${tag}` },
      { kind: 'freeform', name: 'Slow Burn' },
    ]);
    expect(page.body.data.warnings).toEqual(['violence', 'none']);
    expect(page.body.data.kudos_count).toBe(0);
    expect(page.body.data.comments_off).toBe(0);
    const row = (await feed(`tag=${encodeURIComponent(`fate ${tag}`)}`)).body.data.results[0];
    expect(row.uid).toBe(uid);
    expect(row.tags[0].name).toBe(`Fate ${tag}`);
    expect(row.warnings).toEqual(['violence', 'none']);

    const edited = await call('POST', '/post/edit/', me.auth, {
      post_uid: uid,
      title: 'A title',
      content: 'New text',
      is_public: 1,
      warnings: ['character_death'],
    });
    expect(edited.body.data.tags).toHaveLength(2);
    expect(edited.body.data.warnings).toEqual(['character_death']);
    const retagged = await call('POST', '/post/edit/', me.auth, {
      post_uid: uid,
      title: 'A title',
      content: 'New text',
      is_public: 1,
      tags: [],
    });
    expect(retagged.body.data.tags).toEqual([]);
    expect(uids(await feed(`tag=${encodeURIComponent(`fate ${tag}`)}`))).toEqual([]);
  });

  it('refuses more than 30 tags, a name over 100 characters, an unknown kind or warning, and writes nothing', async () => {
    const me = await account();
    const many = Array.from({ length: 31 }, (_, i) => ({ kind: 'freeform', name: `tag ${i}` }));
    for (const body of [
      { tags: many },
      { tags: [{ kind: 'freeform', name: 'x'.repeat(101) }] },
      { tags: [{ kind: 'ship', name: 'A/B' }] },
      { tags: [{ kind: 'freeform', name: '   ' }] },
      { warnings: ['gore'] },
    ]) {
      const res = await post(me.auth, { content: 'Some text', ...body });
      expect(res.status).toBe(400);
      expect(res.body.base_resp.status_code).toBe(400001);
    }
    expect((await call('GET', '/post/mine/', me.auth)).body.data.results).toEqual([]);
  });

  it('a post from a novel starts with its two characters and their relationship', async () => {
    const me = await account();
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      headers: me.auth,
      body: {
        params: {
          char_a_name: 'Ines',
          char_a_setting: 'a lighthouse keeper of 34',
          char_b_name: 'Tomas',
          char_b_setting: 'a cartographer, 31',
          plot: 'A storm strands him on her island.',
        },
        is_r18: 0,
        dialogue_heavy: 1,
        first_person: 0,
        language: 'en',
        model: 'v1',
      },
    });
    const novel = started.body.data.novel_uid as string;
    await waitFor(
      () => novelDetails(ctx, me.auth, novel),
      (res) => res.body.data.novel.generate_status === 'done',
    );
    const res = await post(me.auth, { content: 'From the story', novel_id: novel });
    expect(res.body.data.tags).toEqual([
      { kind: 'relationship', name: 'Ines/Tomas' },
      { kind: 'character', name: 'Ines' },
      { kind: 'character', name: 'Tomas' },
    ]);
  });
});

describe('the feed filters', () => {
  it('finds a tag whatever its case, width or script, and leaves out excluded tags', async () => {
    const me = await account();
    const key = word();
    const soft = await published(me.auth, {
      tags: [
        { kind: 'freeform', name: `軟體 ${key}` },
        { kind: 'freeform', name: `Angst ${key}` },
      ],
    });
    const plain = await published(me.auth, { tags: [{ kind: 'freeform', name: `软件 ${key}` }] });
    const untagged = await published(me.auth, { title: `untagged ${key}` });
    expect(uids(await feed(`tag=${encodeURIComponent(`软件 ${key.toUpperCase()}`)}`))).toEqual([plain, soft]);
    expect(uids(await feed(`tag=${encodeURIComponent(`ＡＮＧＳＴ ${key}`)}`))).toEqual([soft]);
    expect(uids(await feed(`tag=${encodeURIComponent(`軟體 ${key}`)}&exclude_tags=${encodeURIComponent(`angst ${key}，other`)}`))).toEqual([
      plain,
    ]);
    const all = uids(await feed(`exclude_tags=${encodeURIComponent(`angst ${key}`)}`));
    expect(all).toContain(untagged);
    expect(all).not.toContain(soft);
  });

  it("applies a reader's saved excluded tags to their feed only", async () => {
    const [author, reader, other] = [await account(), await account(), await account()];
    const key = word();
    const hidden = await published(author.auth, { tags: [{ kind: 'freeform', name: `Major ${key}` }] });
    const saved = await call('POST', '/user/reading/', reader.auth, { exclude_tags: [`MAJOR ${key}`], hide_spoilers: true });
    expect(saved.body.data).toEqual({ exclude_tags: [`MAJOR ${key}`], hide_spoilers: true, digest: true });
    expect(uids(await feed('page=1', reader.auth))).not.toContain(hidden);
    expect(uids(await feed('page=1', other.auth))).toContain(hidden);
    expect(uids(await feed('page=1'))).toContain(hidden);
    expect((await call('GET', '/user/reading/', reader.auth)).body.data.hide_spoilers).toBe(true);
    expect((await call('GET', '/user/reading/', {})).status).toBe(401);
  });
});

describe('kudos', () => {
  it('counts once per account, never the author, and every post answers the count', async () => {
    const [author, fan, visitorless] = [await account(), await account(), await account()];
    const uid = await published(author.auth, {});
    const own = await call('POST', '/post/kudos/', author.auth, { post_uid: uid });
    expect(own.status).toBe(403);
    expect(own.body.base_resp.status_code).toBe(403001);
    expect(own.body.base_resp.status_msg).toMatch(/own post/);
    const first = await call('POST', '/post/kudos/', fan.auth, { post_uid: uid });
    expect(first.body.data).toEqual({ kudos_count: 1, kudoed: true });
    const again = await call('POST', '/post/kudos/', fan.auth, { post_uid: uid });
    expect(again.body.data).toEqual({ kudos_count: 1, kudoed: true });
    expect((await call('POST', '/post/kudos/', visitorless.auth, { post_uid: uid })).body.data.kudos_count).toBe(2);
    expect((await call('GET', `/post/details/?post_uid=${uid}`, fan.auth)).body.data).toMatchObject({ kudos_count: 2, kudoed: true });
    expect((await call('GET', `/post/details/?post_uid=${uid}`, author.auth)).body.data.kudoed).toBe(false);
    expect((await call('POST', '/post/kudos/', {}, { post_uid: uid })).status).toBe(401);
    expect((await call('POST', '/post/kudos/', fan.auth, { post_uid: 'nope' })).body.base_resp.status_code).toBe(404001);
    const draft = await published(author.auth, { is_public: 0 });
    expect((await call('POST', '/post/kudos/', fan.auth, { post_uid: draft })).body.base_resp.status_code).toBe(404001);
  });
});

describe('comments', () => {
  it('threads replies under their parent, oldest first, named by pen name', async () => {
    const [author, a, b] = [await account(), await account(), await account()];
    const uid = await published(author.auth, {});
    const first = await call('POST', '/post/comment/', a.auth, { post_uid: uid, content: 'Loved the storm.' });
    expect(first.status).toBe(200);
    const second = await call('POST', '/post/comment/', b.auth, { post_uid: uid, content: 'Second!' });
    const reply = await call('POST', '/post/comment/', author.auth, {
      post_uid: uid,
      content: 'Thank you!',
      parent_uid: first.body.data.uid,
    });
    const list = await call('GET', `/post/comments/?post_uid=${uid}`, {});
    const rows = list.body.data.results as JsonBody[];
    expect(rows.map((row) => row.content)).toEqual(['Loved the storm.', 'Thank you!', 'Second!']);
    expect(rows[1].parent_uid).toBe(first.body.data.uid);
    expect(rows.every((row) => !row.can_delete)).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('@example.com');
    expect(rows[0].author_name).toMatch(/\S/);
    expect(reply.body.data.can_delete).toBe(true);
    expect(second.body.data.parent_uid).toBeNull();
  });

  it('refuses a reply to another post, a too-long comment, visitors, and comments turned off', async () => {
    const [author, fan] = [await account(), await account()];
    const uid = await published(author.auth, {});
    const elsewhere = await published(author.auth, {});
    const root = await call('POST', '/post/comment/', fan.auth, { post_uid: elsewhere, content: 'Over here' });
    const wrongParent = await call('POST', '/post/comment/', fan.auth, { post_uid: uid, content: 'Hi', parent_uid: root.body.data.uid });
    expect(wrongParent.body.base_resp.status_code).toBe(404001);
    const long = await call('POST', '/post/comment/', fan.auth, { post_uid: uid, content: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.data.fields.content).toBeDefined();
    expect((await call('POST', '/post/comment/', {}, { post_uid: uid, content: 'Hi' })).status).toBe(401);
    const off = await published(author.auth, { comments_off: 1 });
    const refused = await call('POST', '/post/comment/', fan.auth, { post_uid: off, content: 'Hi' });
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_msg).toMatch(/turned comments off/);
    expect((await call('GET', `/post/comments/?post_uid=${off}`, {})).body.data).toMatchObject({ results: [], comments_off: true });
    await call('POST', '/post/edit/', author.auth, { post_uid: off, title: 'A title', content: 'Text', is_public: 1, comments_off: 0 });
    expect((await call('POST', '/post/comment/', fan.auth, { post_uid: off, content: 'Now?' })).status).toBe(200);
  });

  it("are deleted by their author or the post's author, never by anyone else", async () => {
    const [author, fan, stranger] = [await account(), await account(), await account()];
    const uid = await published(author.auth, {});
    const one = (await call('POST', '/post/comment/', fan.auth, { post_uid: uid, content: 'One' })).body.data.uid;
    const two = (await call('POST', '/post/comment/', fan.auth, { post_uid: uid, content: 'Two' })).body.data.uid;
    await call('POST', '/post/comment/', stranger.auth, { post_uid: uid, content: 'Reply', parent_uid: one });
    const refused = await call('POST', '/post/comment/delete/', stranger.auth, { comment_uid: one });
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect((await call('POST', '/post/comment/delete/', fan.auth, { comment_uid: one })).body.data).toEqual({ deleted: true });
    expect((await call('POST', '/post/comment/delete/', author.auth, { comment_uid: two })).body.data).toEqual({ deleted: true });
    expect((await call('POST', '/post/comment/delete/', author.auth, { comment_uid: two })).body.base_resp.status_code).toBe(404001);
    expect((await call('GET', `/post/comments/?post_uid=${uid}`, {})).body.data.results).toEqual([]);
  });

  it('can be reported and taken down like a post', async () => {
    const [author, fan, reporter] = [await account(), await account(), await account()];
    const uid = await published(author.auth, {});
    const comment = (await call('POST', '/post/comment/', fan.auth, { post_uid: uid, content: 'Rude words' })).body.data.uid;
    const report = await call('POST', '/report/', reporter.auth, { target_type: 'comment', target_uid: comment, reason: 'harassment' });
    expect(report.status).toBe(200);
    const [row] = (await ctx.database.db.execute(sql`select snapshot from reports where uid = ${report.body.data.uid}`)).rows as JsonBody[];
    expect(row.snapshot.text).toBe('Rude words');
    await ctx.database.db.transaction((tx) => commentContent.setTakedown(tx, comment, { reason: 'harassment' }));
    expect((await call('GET', `/post/comments/?post_uid=${uid}`, fan.auth)).body.data.results).toEqual([]);
    expect(
      (await call('POST', '/report/', reporter.auth, { target_type: 'comment', target_uid: comment, reason: 'again' })).body.base_resp
        .status_code,
    ).toBe(404001);
  });
});

describe('bookmarks', () => {
  it('toggle, list newest first, and only readable posts', async () => {
    const [author, me] = [await account(), await account()];
    const one = await published(author.auth, {});
    const two = await published(author.auth, {});
    expect((await call('POST', '/post/bookmark/', me.auth, { post_uid: one })).body.data).toEqual({ bookmarked: true });
    expect((await call('POST', '/post/bookmark/', me.auth, { post_uid: two })).body.data).toEqual({ bookmarked: true });
    expect(uids(await call('GET', '/post/bookmarks/', me.auth))).toEqual([two, one]);
    expect((await call('GET', `/post/details/?post_uid=${two}`, me.auth)).body.data.bookmarked).toBe(true);
    expect((await call('POST', '/post/bookmark/', me.auth, { post_uid: two })).body.data).toEqual({ bookmarked: false });
    await call('POST', '/post/edit/', author.auth, { post_uid: one, title: 'A title', content: 'Draft now', is_public: 0 });
    expect(uids(await call('GET', '/post/bookmarks/', me.auth))).toEqual([]);
    expect((await call('POST', '/post/bookmark/', me.auth, { post_uid: 'nope' })).body.base_resp.status_code).toBe(404001);
    expect((await call('GET', '/post/bookmarks/', {})).status).toBe(401);
  });
});

describe('following and the inbox', () => {
  it("lists followed authors' new public posts with an unread count that reading clears", async () => {
    const [author, me] = [await account(), await account()];
    const before = await published(author.auth, {});
    expect((await call('POST', '/user/follow/', me.auth, { author_uid: author.uid })).body.data).toEqual({ following: true });
    const draft = await published(author.auth, { is_public: 0 });
    const next = await published(author.auth, {});
    expect((await call('GET', '/user/inbox/unread/', me.auth)).body.data).toEqual({ unread: 1 });
    const inbox = await call('GET', '/user/inbox/', me.auth);
    expect(uids(inbox)).toEqual([next]);
    expect(uids(inbox)).not.toContain(before);
    expect(uids(inbox)).not.toContain(draft);
    expect((await call('GET', '/user/inbox/unread/', me.auth)).body.data).toEqual({ unread: 0 });
    const following = await call('GET', '/user/following/', me.auth);
    expect(following.body.data.results).toEqual([expect.objectContaining({ author_uid: author.uid, author_name: expect.any(String) })]);
    expect((await call('GET', `/post/details/?post_uid=${next}`, me.auth)).body.data.following_author).toBe(true);
    expect((await call('POST', '/user/follow/', me.auth, { author_uid: author.uid })).body.data).toEqual({ following: false });
    expect(uids(await call('GET', '/user/inbox/', me.auth))).toEqual([]);
  });

  it('refuses following oneself or nobody, and visitors', async () => {
    const me = await account();
    const own = await call('POST', '/user/follow/', me.auth, { author_uid: me.uid });
    expect(own.status).toBe(403);
    expect((await call('POST', '/user/follow/', me.auth, { author_uid: 'nobody' })).body.base_resp.status_code).toBe(404001);
    expect((await call('GET', '/user/inbox/', {})).status).toBe(401);
  });
});

describe('muting', () => {
  it("hides the author's posts and comments from the muter only", async () => {
    const [author, muter, other, commenter] = [await account(), await account(), await account(), await account()];
    const key = word();
    const uid = await published(author.auth, { tags: [{ kind: 'freeform', name: key }] });
    const host = await published(other.auth, {});
    await call('POST', '/post/comment/', commenter.auth, { post_uid: host, content: 'From the muted one' });
    await call('POST', '/post/comment/', other.auth, { post_uid: host, content: 'From the host' });
    await call('POST', '/user/follow/', muter.auth, { author_uid: commenter.uid });
    expect((await call('POST', '/user/mute/', muter.auth, { author_uid: commenter.uid })).body.data).toEqual({ muted: true });
    expect((await call('POST', '/user/mute/', muter.auth, { author_uid: author.uid })).body.data).toEqual({ muted: true });
    const mine = (await call('GET', `/post/comments/?post_uid=${host}`, muter.auth)).body.data.results as JsonBody[];
    expect(mine.map((row) => row.content)).toEqual(['From the host']);
    const theirs = (await call('GET', `/post/comments/?post_uid=${host}`, other.auth)).body.data.results as JsonBody[];
    expect(theirs.map((row) => row.content)).toEqual(['From the muted one', 'From the host']);
    expect(uids(await feed(`tag=${key}`, muter.auth))).toEqual([]);
    expect(uids(await feed('page=1', muter.auth))).not.toContain(uid);
    expect(uids(await feed(`tag=${key}`, other.auth))).toEqual([uid]);
    await published(commenter.auth, {});
    expect(uids(await call('GET', '/user/inbox/', muter.auth))).toEqual([]);
    const muted = await call('GET', '/user/muted/', muter.auth);
    expect((muted.body.data.results as JsonBody[]).map((row) => row.author_uid).sort()).toEqual([author.uid, commenter.uid].sort());
    expect((await call('POST', '/user/mute/', muter.auth, { author_uid: author.uid })).body.data).toEqual({ muted: false });
    expect(uids(await feed(`tag=${key}`, muter.auth))).toEqual([uid]);
  });

  it('stops at 2,000 muted accounts, and never oneself', async () => {
    const [me, one] = [await account(), await account()];
    expect((await call('POST', '/user/mute/', me.auth, { author_uid: me.uid })).status).toBe(403);
    await ctx.database.db.execute(sql`insert into users (uid, email, password_hash, name, invitation_code)
      select 'mute-' || ${me.uid} || '-' || i, 'mute' || i || ${me.uid} || '@example.com', 'x', 'Muted ' || i, 'M' || ${me.uid} || i from generate_series(1, 2000) i`);
    await ctx.database.db.execute(
      sql`insert into mutes (user_uid, muted_uid) select ${me.uid}, 'mute-' || ${me.uid} || '-' || i from generate_series(1, 2000) i`,
    );
    const full = await call('POST', '/user/mute/', me.auth, { author_uid: one.uid });
    expect(full.status).toBe(403);
    expect(full.body.base_resp.status_msg).toMatch(/2000|2,000/);
  });
});

describe('the weekly digest', () => {
  it("mails a follower the week's new posts once, in their language, and not when turned off", async () => {
    const [author, fan, quiet] = [await account(), await account(), await account()];
    await call('POST', '/user/follow/', fan.auth, { author_uid: author.uid });
    await call('POST', '/user/follow/', quiet.auth, { author_uid: author.uid });
    await call('POST', '/user/reading/', quiet.auth, { digest: false });
    const title = `Digest ${word()}`;
    const uid = await published(author.auth, { title });
    const mails: { to: string; subject: string; text: string }[] = [];
    const mailer = {
      kind: 'outbox' as const,
      send: async (mail: { to: string; subject: string; text: string }) => void mails.push(mail),
      close: () => undefined,
    };
    await sendDigests(ctx.database.db, { mailer, publicUrl: 'https://fics.example' });
    const [fanEmail, quietEmail] = await Promise.all(
      [fan.uid, quiet.uid].map(
        async (u) => ((await ctx.database.db.execute(sql`select email from users where uid = ${u}`)).rows[0] as { email: string }).email,
      ),
    );
    const mine = mails.filter((mail) => mail.to === fanEmail);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('New this week from authors you follow');
    expect(mine[0]!.text).toContain(title);
    expect(mine[0]!.text).toContain(`https://fics.example/explore/post/${uid}`);
    expect(mails.some((mail) => mail.to === quietEmail)).toBe(false);
    mails.length = 0;
    await sendDigests(ctx.database.db, { mailer, publicUrl: 'https://fics.example' });
    expect(mails.filter((mail) => mail.to === fanEmail)).toEqual([]);
  });
});
