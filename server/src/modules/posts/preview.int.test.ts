import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
let dist: string;
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Write two characters and a plot." /><title>Butterfic</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'butterfic-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  ctx = await createTestContext({ webDist: dist, env: { PUBLIC_URL: 'https://butterfic.example', PAYMENTS: 'sandbox' } });
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
