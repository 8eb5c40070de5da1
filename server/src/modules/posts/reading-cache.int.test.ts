import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Issue 51 with the list cache on (decisions 0040, 0057): a page filtered by tag, excluded tags or a
 * reader's mutes is that reader's own, never kept nor served to another; kudos reach the shared page.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { NODE_ENV: 'development', LIST_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await ctx?.close();
});

type Auth = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON
type JsonBody = any;
const feed = async (query: string, auth: Auth = {}) =>
  (await ctx.request('GET', `/api/v1/post/list/?${query}`, { headers: auth })).body.data as { results: JsonBody[] };
const uids = (page: { results: JsonBody[] }) => page.results.map((row) => row.uid as string);
let n = 0;
const account = () => signUp(ctx, `cache${++n}-${Date.now()}@example.com`);

describe('filtered feeds beside the list cache', () => {
  it('answer each reader their own page and leave the shared page whole', async () => {
    const [author, muter, fan] = [await account(), await account(), await account()];
    const make = async (name: string) =>
      (
        await ctx.request('POST', '/api/v1/post/create/', {
          headers: author.auth,
          body: { title: name, content: `${name} text`, language: 'en', is_public: 1, tags: [{ kind: 'freeform', name }] },
        })
      ).body.data.uid as string;
    const angst = await make('Angst');
    const fluff = await make('Fluff');
    expect(uids(await feed('page=1')).slice(0, 2)).toEqual([fluff, angst]);
    expect(uids(await feed('page=1&tag=angst'))).toEqual([angst]);
    expect(uids(await feed('page=1&exclude_tags=fluff')).slice(0, 1)).toEqual([angst]);
    await ctx.request('POST', '/api/v1/user/mute/', { headers: muter.auth, body: { author_uid: author.uid } });
    expect(uids(await feed('page=1', muter.auth))).not.toContain(angst);
    expect(uids(await feed('page=1')).slice(0, 2)).toEqual([fluff, angst]);
    expect(uids(await feed('page=1', fan.auth)).slice(0, 2)).toEqual([fluff, angst]);
    await ctx.request('POST', '/api/v1/post/kudos/', { headers: fan.auth, body: { post_uid: angst } });
    const shared = (await feed('page=1')).results.find((row) => row.uid === angst);
    expect(shared.kudos_count).toBe(1);
  });
});
