import { describe, expect, it } from 'vitest';
import { AUTH_CHANNEL, LISTS_CHANNEL, ProcessCache } from './cache';

/** A load the test finishes by hand, counting how often the database would have been asked. */
function deferredLoads<T>() {
  const calls: { resolve: (value: T) => void }[] = [];
  const load = () => new Promise<T>((resolve) => calls.push({ resolve }));
  return { calls, load };
}

const listening = (ttlMs = 60_000) => {
  const cache = new ProcessCache(ttlMs);
  cache.setListening(true);
  return cache;
};

describe('the process cache', () => {
  it('answers a page from memory after the first read, and reads it again after a change notice', async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ({ page: 1, read: ++reads });
    expect(await cache.read('persona', 'k', load)).toEqual({ page: 1, read: 1 });
    expect(await cache.read('persona', 'k', load)).toEqual({ page: 1, read: 1 });
    cache.heard(LISTS_CHANNEL, 'pages');
    expect(await cache.read('persona', 'k', load)).toEqual({ page: 1, read: 2 });
    cache.heard(LISTS_CHANNEL, 'all');
    expect(await cache.read('persona', 'k', load)).toEqual({ page: 1, read: 3 });
  });

  it("forgets only the post feed's pages on a posts notice (a post's views, its novel), both feeds' on any other", async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ++reads;
    await cache.read('persona', 'k', load);
    await cache.read('post', 'k', load);
    cache.heard(LISTS_CHANNEL, 'posts');
    expect(await cache.read('persona', 'k', load)).toBe(1);
    expect(await cache.read('post', 'k', load)).toBe(3);
    cache.heard(LISTS_CHANNEL, 'pages');
    expect(await cache.read('persona', 'k', load)).toBe(4);
    expect(await cache.read('post', 'k', load)).toBe(5);
  });

  it('never stores a page read before a change notice, nor hands it to a request that came after the notice', async () => {
    const cache = listening();
    const { calls, load } = deferredLoads<string>();
    const before = cache.read('persona', 'k', load);
    const joined = cache.read('persona', 'k', load);
    expect(calls).toHaveLength(1); // requests at the same moment share one read
    cache.heard(LISTS_CHANNEL, 'pages');
    const after = cache.read('persona', 'k', load);
    expect(calls).toHaveLength(2); // the read started before the notice is not shared
    calls[0]!.resolve('old');
    calls[1]!.resolve('new');
    expect(await before).toBe('old');
    expect(await joined).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.read('persona', 'k', load)).toBe('new');
    expect(calls).toHaveLength(2);
  });

  it('caches nothing while the LISTEN connection is down, and forgets everything when it drops', async () => {
    const cache = new ProcessCache(60_000);
    let reads = 0;
    const load = async () => ++reads;
    await cache.read('persona', 'k', load);
    await cache.read('persona', 'k', load);
    expect(reads).toBe(2);
    cache.setListening(true);
    await cache.read('persona', 'k', load);
    await cache.read('persona', 'k', load);
    expect(reads).toBe(3);
    cache.setListening(false);
    await cache.read('persona', 'k', load);
    expect(reads).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing longer than its lifetime, and nothing at all when the lifetime is 0', async () => {
    const cache = listening(1);
    let reads = 0;
    const load = async () => ++reads;
    await cache.read('persona', 'k', load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.read('persona', 'k', load);
    expect(reads).toBe(2);
    const off = listening(0);
    expect(off.enabled).toBe(false);
  });

  it("forgets one reader's favourites on their notice, and drops a favourites read that a notice overtook", async () => {
    const cache = listening();
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1']))]).toEqual(['p1']);
    expect([...(await cache.favoritesOf('u2', 'k', async () => ['p9']))]).toEqual(['p9']);
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1', 'p2']))]).toEqual(['p1']);
    cache.heard(LISTS_CHANNEL, 'favorite:u1');
    expect([...(await cache.favoritesOf('u1', 'k', async () => ['p1', 'p2']))]).toEqual(['p1', 'p2']);
    expect([...(await cache.favoritesOf('u2', 'k', async () => []))]).toEqual(['p9']);

    const { calls, load } = deferredLoads<string[]>();
    cache.heard(LISTS_CHANNEL, 'favorite:u3');
    const racing = cache.favoritesOf('u3', 'k', load);
    cache.heard(LISTS_CHANNEL, 'favorite:u3');
    calls[0]!.resolve(['stale']);
    expect([...(await racing)]).toEqual(['stale']);
    expect([...(await cache.favoritesOf('u3', 'k', async () => ['fresh']))]).toEqual(['fresh']);
  });

  it("forgets one author's novel pages on their notice, and keeps them on the feeds' notices", async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ++reads;
    await cache.read('novel', 'a1', load, { scope: 'a' });
    await cache.read('novel', 'b1', load, { scope: 'b' });
    await cache.read('persona', 'k', load);
    cache.heard(LISTS_CHANNEL, 'pages');
    cache.heard(LISTS_CHANNEL, 'posts');
    cache.heard(LISTS_CHANNEL, 'favorite:a');
    expect(await cache.read('novel', 'a1', load, { scope: 'a' })).toBe(1);
    cache.heard(LISTS_CHANNEL, 'novels:a');
    expect(await cache.read('novel', 'a1', load, { scope: 'a' })).toBe(4);
    expect(await cache.read('novel', 'b1', load, { scope: 'b' })).toBe(2);
    expect(await cache.read('persona', 'k', load)).toBe(5); // read again after 'pages'
    expect(await cache.read('persona', 'k', load)).toBe(5);
    cache.heard(LISTS_CHANNEL, 'all');
    expect(await cache.read('novel', 'b1', load, { scope: 'b' })).toBe(6);
  });

  it("neither stores nor shares a novel page read before its author's notice; another author's read is kept", async () => {
    const cache = listening();
    const { calls, load } = deferredLoads<string>();
    const before = cache.read('novel', 'a1', load, { scope: 'a' });
    const other = cache.read('novel', 'b1', load, { scope: 'b' });
    cache.forget('novel', 'a');
    const after = cache.read('novel', 'a1', load, { scope: 'a' });
    expect(calls).toHaveLength(3);
    calls[0]!.resolve('old');
    calls[1]!.resolve('b');
    calls[2]!.resolve('new');
    expect(await before).toBe('old');
    expect(await other).toBe('b');
    expect(await after).toBe('new');
    expect(await cache.read('novel', 'a1', load, { scope: 'a' })).toBe('new');
    expect(await cache.read('novel', 'b1', load, { scope: 'b' })).toBe('b');
    expect(calls).toHaveLength(3);
  });

  it('does not keep a page its `keep` refuses (a novel being written), yet answers it', async () => {
    const cache = listening();
    let reads = 0;
    const load = async () => ({ writing: ++reads < 3 });
    const keep = (page: { writing: boolean }) => !page.writing;
    expect(await cache.read('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: true });
    expect(await cache.read('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: true });
    expect(await cache.read('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: false });
    expect(await cache.read('novel', 'a1', load, { scope: 'a', keep })).toEqual({ writing: false });
    expect(reads).toBe(3);
  });

  it('makes room by forgetting the oldest page, at most 500 per kind', async () => {
    const cache = listening();
    const reads = new Map<string, number>();
    const load = (key: string) => async () => reads.set(key, (reads.get(key) ?? 0) + 1).get(key);
    for (let i = 0; i <= 500; i++) await cache.read('novel', `k${i}`, load(`k${i}`), { scope: `a${i}` });
    expect(cache.size).toBe(500);
    await cache.read('novel', 'k500', load('k500'), { scope: 'a500' });
    await cache.read('novel', 'k1', load('k1'), { scope: 'a1' });
    expect(reads.get('k500')).toBe(1);
    expect(reads.get('k1')).toBe(1);
    await cache.read('novel', 'k0', load('k0'), { scope: 'a0' });
    expect(reads.get('k0')).toBe(2);
  });

  it('serves and stores nothing while the LISTEN connection has been unheard for more than 3 s, and serves what it holds once heard again', async () => {
    let silent = 0;
    const cache = new ProcessCache(60_000, () => silent);
    cache.setListening(true);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read('persona', 'k', load)).toBe(1);
    expect(await cache.read('persona', 'k', load)).toBe(1);
    silent = 3001;
    expect(cache.enabled).toBe(false);
    expect(await cache.read('persona', 'k', load)).toBe(2);
    expect(await cache.read('persona', 'k', load)).toBe(3);
    expect([...(await cache.favoritesOf('u', 'k', async () => ['a']))]).toEqual(['a']);
    silent = 900;
    // The page held from before is served again; the reads while unheard were not stored.
    expect(await cache.read('persona', 'k', load)).toBe(1);
  });
  it("keeps an account's lookups under the account, forgets them on its notice or its own write, and nothing else", async () => {
    const cache = listening();
    let reads = 0;
    const lookUp = (uid: string) => async () => ({ uid, read: ++reads });
    await cache.read('auth', 'a1', lookUp('a'), { scope: 'a' });
    await cache.read('auth', 'a2', lookUp('a'), { scope: 'a' });
    await cache.read('auth', 'b1', lookUp('b'), { scope: 'b' });
    await cache.read('persona', 'k', async () => 'page');
    expect((await cache.read('auth', 'a1', lookUp('a'), { scope: 'a' })).read).toBe(1);
    cache.heard(AUTH_CHANNEL, 'a');
    expect((await cache.read('auth', 'a1', lookUp('a'), { scope: 'a' })).read).toBe(4);
    expect((await cache.read('auth', 'a2', lookUp('a'), { scope: 'a' })).read).toBe(5);
    expect((await cache.read('auth', 'b1', lookUp('b'), { scope: 'b' })).read).toBe(3);
    expect(await cache.read('persona', 'k', async () => 'again')).toBe('page');
    // A feed's notice leaves the lookups alone; forgetting every account's does not touch the pages.
    cache.heard(LISTS_CHANNEL, 'pages');
    expect((await cache.read('auth', 'b1', lookUp('b'), { scope: 'b' })).read).toBe(3);
    cache.forget('auth');
    expect((await cache.read('auth', 'b1', lookUp('b'), { scope: 'b' })).read).toBe(6);
  });

  it('never keeps a lookup read before its account was forgotten, nor one that refused the request', async () => {
    const cache = listening();
    const { calls, load } = deferredLoads<string>();
    // The account's row is being read when a ban's NOTIFY arrives; then the (stale) row comes back.
    const racing = cache.read('auth', 't1', load, { scope: 'u1' });
    const other = cache.read('auth', 't2', load, { scope: 'u2' });
    cache.heard(AUTH_CHANNEL, 'u1');
    calls[0]!.resolve('stale');
    calls[1]!.resolve('u2 row');
    expect(await racing).toBe('stale');
    expect(await other).toBe('u2 row');
    expect(await cache.read('auth', 't1', async () => 'fresh', { scope: 'u1' })).toBe('fresh');
    expect(await cache.read('auth', 't2', async () => 'read again', { scope: 'u2' })).toBe('u2 row');
    // A lookup that fails (a blocked account, an ended session) is not kept: the next request looks again.
    await expect(cache.read('auth', 't3', async () => Promise.reject(new Error('blocked')), { scope: 'u3' })).rejects.toThrow('blocked');
    expect(await cache.read('auth', 't3', async () => 'let in', { scope: 'u3' })).toBe('let in');
  });
});
