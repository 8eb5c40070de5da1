import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { excerpt } from './service';

/**
 * The post feed's stored excerpt (migration 0027, docs/decisions/0040): whatever writes a post's text
 * (the API's create and edit, SQL from the operator or a seed), the excerpt a list shows is `excerpt`
 * of the text as it is now.
 */
let ctx: TestContext;
let client: pg.Client;

beforeAll(async () => {
  ctx = await createTestContext();
  client = new pg.Client({ connectionString: ctx.database.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await ctx?.close();
});

/** Texts made of the pieces an excerpt can trip on: every kind of JavaScript whitespace, and characters that only look like it. */
function texts(): string[] {
  const pieces = ['雨', 'rain ', '😀', '\n\n', '   ', '비가 ', '\t', 'a', '…', '\u3000', '\u00a0', '\u2028', '\ufeff', '\v', '\f', '\r\n'];
  const lookalikes = ['\u200b', '\u0085', '\u180e', '­'];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const made: string[] = ['', ' ', 'short', ' '.repeat(700) + 'late start', 'x'.repeat(160), 'x'.repeat(161), `${'y'.repeat(159)} z`];
  for (let n = 0; n < 120; n++) {
    const size = 1 + (next() % 1500);
    let text = '';
    while (text.length < size)
      text +=
        n % 4 === 0 ? (lookalikes[next() % lookalikes.length] ?? '') + pieces[next() % pieces.length] : pieces[next() % pieces.length];
    made.push(text);
  }
  return made;
}

describe('the stored excerpt', () => {
  it('equals excerpt() of the text for text written by SQL, and follows the text when SQL changes it', async () => {
    const author = await signUp(ctx, 'excerpt-sql@example.com');
    const all = texts();
    const { rows } = await client.query<{ content: string; excerpt: string }>(
      `insert into posts (uid, author_uid, title, content, language)
       select 'ex' || i, $1, 't', c, 'en' from unnest($2::text[]) with ordinality as t(c, i)
       returning content, excerpt`,
      [author.uid, all],
    );
    expect(rows).toHaveLength(all.length);
    for (const row of rows) expect(row.excerpt, JSON.stringify(row.content.slice(0, 40))).toBe(excerpt(row.content));
    await client.query(`update posts set content = $2 || content where author_uid = $1`, [author.uid, '\u3000new\u00a0opening ']);
    const changed = await client.query<{ content: string; excerpt: string }>(`select content, excerpt from posts where author_uid = $1`, [
      author.uid,
    ]);
    for (const row of changed.rows) expect(row.excerpt).toBe(excerpt(row.content));
  });

  it('shows in the feed the excerpt of the text as created, then as edited', async () => {
    const author = await signUp(ctx, 'excerpt-api@example.com');
    const first = `Rain\u3000on the harbour.\n\n${'The lamp stayed lit. '.repeat(20)}`;
    const created = await ctx.request('POST', '/api/v1/post/create/', {
      headers: author.auth,
      body: { title: 'Harbour', content: first, language: 'en', is_public: 1 },
    });
    expect(created.status).toBe(200);
    const uid = created.body.data.uid as string;
    const feedItem = async () =>
      ((await ctx.request('GET', '/api/v1/post/list/?page=1')).body.data.results as { uid: string; excerpt: string }[]).find(
        (p) => p.uid === uid,
      );
    expect((await feedItem())?.excerpt).toBe(excerpt(first));
    expect((await feedItem())?.excerpt.startsWith('Rain on the harbour. The lamp')).toBe(true);

    const second = '  雨が降り続いた。\n灯りは消えなかった。😀 ';
    const edited = await ctx.request('POST', '/api/v1/post/edit/', {
      headers: author.auth,
      body: { post_uid: uid, title: 'Harbour', content: second, is_public: 1 },
    });
    expect(edited.status).toBe(200);
    expect((await feedItem())?.excerpt).toBe('雨が降り続いた。 灯りは消えなかった。😀');
    expect((await feedItem())?.excerpt).toBe(excerpt(second));
  });
});
