import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelDetails, waitFor } from '../../../test/novels';

/** Takedowns that stay down (issue 25): a novel takes its posts with it; taken-down text and novels do not come back. */
let ctx: TestContext;
let adminAuth: Record<string, string>;
type Auth = Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_EMAILS: 'chief@example.com', OFFLINE_WRITER_CPS: '1000000', GENERATION_WORKERS: '1' } });
  adminAuth = (await signUp(ctx, 'chief@example.com')).auth;
});
afterAll(() => ctx.close());

let n = 0;
const account = () => signUp(ctx, `td${++n}-${Date.now()}@example.com`);

const params = {
  char_a_name: 'Ines',
  char_a_setting: 'a lighthouse keeper of 34',
  char_b_name: 'Tomas',
  char_b_setting: 'a shipwrecked cartographer, 31',
  plot: 'A storm strands him on her island for a week.',
};

async function writeNovel(auth: Auth): Promise<string> {
  const started = await ctx.request('POST', '/api/v1/novel/generate/', {
    body: { params, is_r18: 0, dialogue_heavy: 1, first_person: 0, language: 'en', model: 'v1' },
    headers: auth,
  });
  expect(started.status).toBe(200);
  const uid = started.body.data.novel_uid as string;
  await waitFor(
    () => novelDetails(ctx, auth, uid),
    (res) => res.body.data.novel.generate_status === 'done',
  );
  return uid;
}

const post = (auth: Auth, body: Record<string, unknown>, headers: Auth = {}) =>
  ctx.request('POST', '/api/v1/post/create/', { body: { language: 'en', is_public: 1, ...body }, headers: { ...auth, ...headers } });
const details = (uid: string, auth: Auth = {}) => ctx.request('GET', `/api/v1/post/details/?post_uid=${uid}`, { headers: auth });
const moderate = (target_type: string, target_uid: string, action: 'takedown' | 'restore') =>
  ctx.request('POST', '/api/v1/admin/content/', {
    body: { target_type, target_uid, action, reason: 'Copied from a published book' },
    headers: adminAuth,
  });
const novelPublic = async (uid: string) =>
  ((await ctx.database.db.execute(sql`select is_public from novels where uid = ${uid}`)).rows[0] as { is_public: boolean }).is_public;

describe('taking down a novel', () => {
  it('takes down the posts bound to it, and restoring it restores exactly those', async () => {
    const author = await account();
    const novelUid = await writeNovel(author.auth);
    const shown = await post(author.auth, { title: 'Storm week', content: 'The lamp turned all night.', novel_id: novelUid });
    const alone = await post(author.auth, { title: 'Storm week, again', content: 'A second telling of the storm.', novel_id: novelUid });
    const unrelated = await post(author.auth, { title: 'Elsewhere', content: 'Nothing to do with the storm.' });
    for (const res of [shown, alone, unrelated]) expect(res.status).toBe(200);
    const [shownUid, aloneUid, unrelatedUid] = [shown, alone, unrelated].map((r) => r.body.data.uid as string);
    // One of its posts was taken down on its own before.
    expect((await moderate('post', aloneUid!, 'takedown')).status).toBe(200);
    expect(await novelPublic(novelUid)).toBe(true);

    expect((await moderate('novel', novelUid, 'takedown')).status).toBe(200);
    expect((await details(shownUid!)).status).toBe(404);
    const own = await details(shownUid!, author.auth);
    expect(own.body.data.takedown).toMatchObject({ reason: 'Copied from a published book' });
    const feed = await ctx.request('GET', '/api/v1/post/list/');
    const feedUids = feed.body.data.results.map((p: { uid: string }) => p.uid);
    expect(feedUids).not.toContain(shownUid);
    expect(feedUids).toContain(unrelatedUid);
    expect(await novelPublic(novelUid)).toBe(false);

    expect((await moderate('novel', novelUid, 'restore')).status).toBe(200);
    expect((await details(shownUid!)).status).toBe(200);
    expect((await details(aloneUid!)).status).toBe(404);
    expect(await novelPublic(novelUid)).toBe(true);
  });
});

describe('a taken-down post', () => {
  it('cannot come back with the same text, by its author or anyone, until it is restored', async () => {
    const author = await account();
    const copier = await account();
    const text = 'The whole first chapter of somebody else’s book.\n\nSecond paragraph.';
    const first = await post(author.auth, { title: 'Chapter one', content: text });
    const uid = first.body.data.uid as string;
    expect((await moderate('post', uid, 'takedown')).status).toBe(200);

    // The same text, spaced differently, under another title.
    const again = await post(author.auth, { title: 'Chapter 1', content: `  ${text.replace('\n\n', '\n')} ` });
    expect(again.status).toBe(400);
    expect(again.body.base_resp.status_code).toBe(400001);
    expect(again.body.data).toMatchObject({ refused: 'taken_down', match: 'text' });
    expect(again.body.base_resp.status_msg).toMatch(/taken down/);
    const zh = await post(copier.auth, { title: '第一章', content: text }, { 'accept-language': 'zh-TW' });
    expect(zh.body.base_resp.status_code).toBe(400001);
    expect(zh.body.base_resp.status_msg).toContain('下架');
    // Nor by editing another post into it.
    const other = await post(author.auth, { title: 'Harmless', content: 'A harmless text.' });
    const edited = await ctx.request('POST', '/api/v1/post/edit/', {
      body: { post_uid: other.body.data.uid, title: 'Harmless', content: text, is_public: 1 },
      headers: author.auth,
    });
    expect(edited.body.data).toMatchObject({ refused: 'taken_down' });
    expect((await details(other.body.data.uid as string)).body.data.content).toBe('A harmless text.');
    const mine = await ctx.request('GET', '/api/v1/post/mine/', { headers: author.auth });
    expect(mine.body.data.results).toHaveLength(2);

    // Restored, the text is the author's again.
    expect((await moderate('post', uid, 'restore')).status).toBe(200);
    expect((await post(copier.auth, { title: 'Quoted', content: text })).status).toBe(200);
  });

  it('cannot come back bound to the same novel', async () => {
    const author = await account();
    const novelUid = await writeNovel(author.auth);
    const first = await post(author.auth, { title: 'Storm week', content: 'The lamp turned all night.', novel_id: novelUid });
    expect((await moderate('post', first.body.data.uid as string, 'takedown')).status).toBe(200);
    const again = await post(
      author.auth,
      { title: 'Storm week (new)', content: 'A fresh retelling.', novel_id: novelUid },
      { 'accept-language': 'ja' },
    );
    expect(again.status).toBe(400);
    expect(again.body.data).toMatchObject({ refused: 'taken_down', match: 'novel' });
    expect(again.body.base_resp.status_msg).toContain('公開停止');
    // The same text unbound is a new post.
    expect((await post(author.auth, { title: 'Unbound', content: 'A fresh retelling.' })).status).toBe(200);
  });
});

describe('a taken-down persona', () => {
  it('cannot be published again with the same settings and plot', async () => {
    const author = await account();
    const body = {
      ...params,
      description: 'Keeper and castaway',
      tags: 'storm',
      is_r18: 0,
      first_person: 0,
      dialogue_heavy: 1,
      language: 'en',
    };
    const created = await ctx.request('POST', '/api/v1/persona/create/', { body, headers: author.auth });
    expect(created.status).toBe(200);
    expect((await moderate('persona', created.body.data.uid as string, 'takedown')).status).toBe(200);
    const again = await ctx.request('POST', '/api/v1/persona/create/', {
      body: { ...body, char_a_name: 'Inès', description: 'A new blurb' },
      headers: { ...author.auth, 'accept-language': 'ko' },
    });
    expect(again.status).toBe(400);
    expect(again.body.data).toMatchObject({ refused: 'taken_down', match: 'text' });
    expect(again.body.base_resp.status_msg).toContain('게시 중단');
    // Nor by editing another persona into it.
    const other = await ctx.request('POST', '/api/v1/persona/create/', {
      body: { ...body, plot: 'They open a bakery.' },
      headers: author.auth,
    });
    expect(other.status).toBe(200);
    const edited = await ctx.request('POST', '/api/v1/persona/edit/', {
      body: { persona_uid: other.body.data.uid, plot: params.plot },
      headers: author.auth,
    });
    expect(edited.body.data).toMatchObject({ refused: 'taken_down' });
  });
});
