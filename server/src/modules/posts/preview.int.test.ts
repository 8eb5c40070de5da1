import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { novelDetails, waitFor } from '../../../test/novels';

let ctx: TestContext;
let dist: string;
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Write two characters and a plot." /><title>Butterfic</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  ctx = await createTestContext({
    webDist: dist,
    env: {
      PUBLIC_URL: 'https://butterfic.example',
      PAYMENTS: 'sandbox',
      ADMIN_EMAILS: 'previews-admin@example.com',
      OFFLINE_WRITER_CPS: '1000000',
      GENERATION_WORKERS: '1',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) =>
  fetch(ctx.baseUrl + url).then(async (r) => ({ status: r.status, html: await r.text(), cache: r.headers.get('cache-control') }));
const meta = (html: string, attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('link previews of shared posts', () => {
  it('puts the escaped title, opening lines and Open Graph and Twitter cards into the page', async () => {
    const me = await signUp(ctx, 'sharer@example.com');
    const title = `"><script>alert('t')</script> & friends`;
    const content = `She said "hi" <img src=x onerror=alert(1)> & left.\n\nThe second paragraph.`;
    const post = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title, content, language: 'en', is_public: 1 },
      headers: me.auth,
    });
    const uid = post.body.data.uid as string;

    const { status, html, cache } = await page(`/explore/post/${uid}`);
    expect(status).toBe(200);
    expect(cache).toBe('no-cache');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt; &amp; friends · Butterfic</title>');
    expect(meta(html, 'property', 'og:title')).toBe('&quot;&gt;&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt; &amp; friends · Butterfic');
    expect(meta(html, 'property', 'og:description')).toBe(
      'She said &quot;hi&quot; &lt;img src=x onerror=alert(1)&gt; &amp; left. The second paragraph.',
    );
    expect(meta(html, 'name', 'description')).toBe(meta(html, 'property', 'og:description'));
    expect(meta(html, 'property', 'og:url')).toBe(`https://butterfic.example/explore/post/${uid}`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('previews nothing for drafts, adult posts and unknown posts', async () => {
    const me = await signUp(ctx, 'drafter@example.com');
    const draft = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title: 'Hidden draft title', content: 'Secret opening', language: 'en', is_public: 0 },
      headers: me.auth,
    });
    const adult = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title: 'Adult title', content: 'Adult opening', language: 'en', is_public: 1 },
      headers: me.auth,
    });
    // As if bound to an adult novel (the binding copies the flag; posts.int.test.ts covers that path).
    await ctx.database.db.execute(sql`update posts set is_r18 = true where uid = ${adult.body.data.uid}`);
    for (const url of [
      `/explore/post/${draft.body.data.uid}`,
      `/explore/post/${adult.body.data.uid}`,
      '/explore/post/unknown',
      '/article/detail/unknown',
    ]) {
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(html).toBe(INDEX);
    }
  });
});

describe('link previews of a suspended or banned author', () => {
  it('preview nothing, like the pages, while the block lasts', async () => {
    const admin = await signUp(ctx, 'previews-admin@example.com');
    const author = await signUp(ctx, 'banned-sharer@example.com');
    const started = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: {
        params: {
          char_a_name: 'Ines',
          char_a_setting: 'a lighthouse keeper',
          char_b_name: 'Tomas',
          char_b_setting: 'a cartographer',
          plot: 'A storm strands him on her island.',
        },
        is_r18: 0,
        dialogue_heavy: 0,
        first_person: 0,
        language: 'en',
        model: 'v1',
      },
      headers: author.auth,
    });
    const novelUid = started.body.data.novel_uid as string;
    await waitFor(
      () => novelDetails(ctx, author.auth, novelUid),
      (res) => res.body.data.novel.generate_status === 'done',
    );
    const post = await ctx.request('POST', '/api/v1/post/create/', {
      body: { title: 'Storm week', content: 'The lamp turned all night.', language: 'en', is_public: 1, novel_id: novelUid },
      headers: author.auth,
    });
    const urls = [`/explore/post/${post.body.data.uid}`, `/article/detail/${novelUid}`];
    for (const url of urls) expect(meta((await page(url)).html, 'property', 'og:title')).toBeDefined();

    const ban = await ctx.request('POST', '/api/v1/admin/user/', {
      body: { action: 'ban', user_uid: author.uid, reason: 'spam' },
      headers: admin.auth,
    });
    expect(ban.status).toBe(200);
    for (const url of urls) {
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(html).toBe(INDEX);
    }
    expect((await ctx.request('GET', `/api/v1/novel/details/?novel_uid=${novelUid}`)).status).toBe(404);
  });
});
