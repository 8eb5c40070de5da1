import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache';

/** A load the test finishes by hand, counting how often the database would have been asked. */
function deferredLoads<T>() {
  const calls: { resolve: (value: T) => void }[] = [];
  const load = () => new Promise<T>((resolve) => calls.push({ resolve }));
  return { calls, load };
}

const listening = (ttlMs = 60_000) => {
  const cache = new ListCache(ttlMs);
  cache.setListening(true);
  return cache;
};

describe('the list cache', () => {
  it('answers a page from memory after the first read, and reads it again after a change notice', async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ({ page: 1, read: ++reads });
    expect(await cache.page('persona', 'k', load)).toEqual({ page: 1, read: 1 });
    expect(await cache.page('persona', 'k', load)).toEqual({ page: 1, read: 1 });
    cache.heard('pages');
    expect(await cache.page('persona', 'k', load)).toEqual({ page: 1, read: 2 });
    cache.heard('all');
    expect(await cache.page('persona', 'k', load)).toEqual({ page: 1, read: 3 });
  });

  it("forgets only the post feed's pages on a posts notice (a post's views, its novel), both feeds' on any other", async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ++reads;
    await cache.page('persona', 'k', load);
    await cache.page('post', 'k', load);
    cache.heard('posts');
    expect(await cache.page('persona', 'k', load)).toBe(1);
    expect(await cache.page('post', 'k', load)).toBe(3);
    cache.heard('pages');
    expect(await cache.page('persona', 'k', load)).toBe(4);
    expect(await cache.page('post', 'k', load)).toBe(5);
  });

  it('never stores a page read before a change notice, nor hands it to a request that came after the notice', async () => {
    const cache = listening();
    const { calls, load } = deferredLoads<string>();
    const before = cache.page('persona', 'k', load);
    const joined = cache.page('persona', 'k', load);
    expect(calls).toHaveLength(1); // requests at the same moment share one read
    cache.heard('pages');
    const after = cache.page('persona', 'k', load);
    expect(calls).toHaveLength(2); // the read started before the notice is not shared
    calls[0]!.resolve('old');
    calls[1]!.resolve('new');
    expect(await before).toBe('old');
    expect(await joined).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.page('persona', 'k', load)).toBe('new');
    expect(calls).toHaveLength(2);
  });

  it('caches nothing while the LISTEN connection is down, and forgets everything when it drops', async () => {
    const cache = new ListCache(60_000);
    let reads = 0;
    const load = async () => ++reads;
    await cache.page('persona', 'k', load);
    await cache.page('persona', 'k', load);
    expect(reads).toBe(2);
    cache.setListening(true);
    await cache.page('persona', 'k', load);
    await cache.page('persona', 'k', load);
    expect(reads).toBe(3);
    cache.setListening(false);
    await cache.page('persona', 'k', load);
    expect(reads).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing longer than its lifetime, and nothing at all when the lifetime is 0', async () => {
    const cache = listening(1);
    let reads = 0;
    const load = async () => ++reads;
    await cache.page('persona', 'k', load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.page('persona', 'k', load);
    expect(reads).toBe(2);
    const off = listening(0);
    expect(off.enabled).toBe(false);
  });

  it("forgets one reader's favourites on their notice, and drops a favourites read that a notice overtook", async () => {
    const cache = listening();
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1']))]).toEqual(['p1']);
    expect([...(await cache.favoritesOf('u2', 'k', async () => ['p9']))]).toEqual(['p9']);
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1', 'p2']))]).toEqual(['p1']);
    cache.heard('favorite:u1');
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1', 'p2']))]).toEqual(['p1', 'p2']);
    expect([...(await cache.favoritesOf('u2', 'k', async () => []))]).toEqual(['p9']);

    const { calls, load } = deferredLoads<string[]>();
    cache.heard('favorite:u3');
    const racing = cache.favoritesOf('u3', 'k', load);
    cache.heard('favorite:u3');
    calls[0]!.resolve(['stale']);
    expect([...(await racing)]).toEqual(['stale']);
    expect([...(await cache.favoritesOf('u3', 'k', async () => ['fresh']))]).toEqual(['fresh']);
  });

  it("forgets one author's novel pages on their notice, and keeps them on the feeds' notices", async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ++reads;
    await cache.page('novel', 'a1', load, { scope: 'a' });
    await cache.page('novel', 'b1', load, { scope: 'b' });
    await cache.page('persona', 'k', load);
    cache.heard('pages');
    cache.heard('posts');
    cache.heard('favorite:a');
    expect(await cache.page('novel', 'a1', load, { scope: 'a' })).toBe(1);
    cache.heard('novels:a');
    expect(await cache.page('novel', 'a1', load, { scope: 'a' })).toBe(4);
    expect(await cache.page('novel', 'b1', load, { scope: 'b' })).toBe(2);
    expect(await cache.page('persona', 'k', load)).toBe(5); // read again after 'pages'
    expect(await cache.page('persona', 'k', load)).toBe(5);
    cache.heard('all');
    expect(await cache.page('novel', 'b1', load, { scope: 'b' })).toBe(6);
  });

  it("neither stores nor shares a novel page read before its author's notice; another author's read is kept", async () => {
    const cache = listening();
    const { calls, load } = deferredLoads<string>();
    const before = cache.page('novel', 'a1', load, { scope: 'a' });
    const other = cache.page('novel', 'b1', load, { scope: 'b' });
    cache.forgetScope('novel', 'a');
    const after = cache.page('novel', 'a1', load, { scope: 'a' });
    expect(calls).toHaveLength(3);
    calls[0]!.resolve('old');
    calls[1]!.resolve('b');
    calls[2]!.resolve('new');
    expect(await before).toBe('old');
    expect(await other).toBe('b');
    expect(await after).toBe('new');
    expect(await cache.page('novel', 'a1', load, { scope: 'a' })).toBe('new');
    expect(await cache.page('novel', 'b1', load, { scope: 'b' })).toBe('b');
    expect(calls).toHaveLength(3);
  });

  it('does not keep a page its `keep` refuses (a novel being written), yet answers it', async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ({ writing: ++reads < 3 });
    const keep = (page: { writing: boolean }) => !page.writing;
    expect(await cache.page('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: true });
    expect(await cache.page('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: true });
    expect(await cache.page('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: false });
    expect(await cache.page('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: false });
    expect(reads).toBe(3);
  });

  it('makes room by forgetting the oldest page, at most 500 per kind', async () => {
    const cache = listening();
    const reads = new Map<string, number>();
    const load = (key: string) => async () => reads.set(key, (reads.get(key) ?? 0) + 1).get(key);
    for (let i = 0; i <= 500; i++) await cache.page('novel', `k${i}`, load(`k${i}`), { scope: `a${i}` });
    expect(cache.size).toBe(500);
    await cache.page('novel', 'k500', load('k500'), { scope: 'a500' });
    await cache.page('novel', 'k1', load('k1'), { scope: 'a1' });
    expect(reads.get('k500')).toBe(1);
    expect(reads.get('k1')).toBe(1);
    await cache.page('novel', 'k0', load('k0'), { scope: 'a0' });
    expect(reads.get('k0')).toBe(2);
  });

  it('hands a reader the same page with their own fields laid over while the page and their favourites are the ones held, and builds it again after either changes', async () => {
    const cache = listening();
    let builds = 0;
    type Page = { results?: string[]; page?: Page; favorites?: ReadonlySet<string>; build?: number };
    const shared: Page = { results: ['p1', 'p2'] };
    const view = (page: Page, favorites: ReadonlySet<string>) =>
      cache.overlay<Page>('persona', 'u1', 'k', page, favorites, () => ({ page, favorites, build: ++builds }));
    const favorites = await cache.favoritesOf('u1', 'p1 p2', async () => ['p1']);
    const first = view(shared, favorites);
    // The same object: the serializer's bytes for it are reused (plugins/serializer.ts).
    expect(view(shared, await cache.favoritesOf('u1', 'p1 p2', async () => ['p1']))).toBe(first);
    expect(builds).toBe(1);
    // Another reader, or the same reader on another page, has their own.
    expect(cache.overlay<Page>('persona', 'u2', 'k', shared, favorites, () => ({ build: ++builds }))).not.toBe(first);
    // A favourite toggled: the reader's favourites are read again, and their page is built again.
    cache.forgetFavorites('u1');
    const toggled = await cache.favoritesOf('u1', 'p1 p2', async () => ['p1', 'p2']);
    expect(view(shared, toggled)).toEqual({ page: shared, favorites: new Set(['p1', 'p2']), build: 3 });
    // A new page under the same key: built again.
    const next: Page = { results: ['p3'] };
    expect(view(next, toggled).build).toBe(4);
    expect(view(next, toggled).build).toBe(4);
    // The post feed forgotten: the persona feed's reader pages stay; the persona feed forgotten: they go.
    cache.clearPages('post');
    expect(view(next, toggled).build).toBe(4);
    cache.clearPages('persona');
    expect(view(next, toggled).build).toBe(5);
    // While the LISTEN connection is down nothing is kept.
    cache.setListening(false);
    expect(view(next, toggled).build).toBe(6);
    expect(view(next, toggled).build).toBe(7);
  });

  it("keeps at most 500 readers' pages, forgetting the least recently used", () => {
    const cache = listening();
    const page = {};
    const built = new Map<string, number>();
    const view = (reader: string) =>
      cache.overlay('post', reader, 'k', page, null, () => ({ n: built.set(reader, (built.get(reader) ?? 0) + 1).get(reader) }));
    for (let i = 0; i < 500; i++) view(`r${i}`);
    view('r0'); // used again: r1 is now the least recent
    view('r500');
    view('r0');
    expect(built.get('r0')).toBe(1);
    view('r1');
    expect(built.get('r1')).toBe(2);
  });

  it('serves and stores nothing while the LISTEN connection has been unheard for more than 3 s, and serves what it holds once heard again', async () => {
    let silent = 0;
    const cache = new ListCache(60_000, () => silent);
    cache.setListening(true);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.page('persona', 'k', load)).toBe(1);
    expect(await cache.page('persona', 'k', load)).toBe(1);
    silent = 3001;
    expect(cache.enabled).toBe(false);
    expect(await cache.page('persona', 'k', load)).toBe(2);
    expect(await cache.page('persona', 'k', load)).toBe(3);
    expect([...(await cache.favoritesOf('u', 'k', async () => ['a']))]).toEqual(['a']);
    let views = 0;
    const page = {};
    cache.overlay('persona', 'r', 'k', page, null, () => ({ n: ++views }));
    cache.overlay('persona', 'r', 'k', page, null, () => ({ n: ++views }));
    expect(views).toBe(2);
    silent = 900;
    // The page held from before is served again; the reads while unheard were not stored.
    expect(await cache.page('persona', 'k', load)).toBe(1);
  });
});
