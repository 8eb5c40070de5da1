import { describe, expect, it } from 'vitest';
import type { users } from '../db/schema';
import { AuthCache } from './auth-cache';

const user = (uid: string) => ({ uid }) as typeof users.$inferSelect;

describe('AuthCache', () => {
  it('keeps a lookup for its time to live, never longer', () => {
    const cache = new AuthCache(3000);
    cache.setListening(true);
    cache.set('t1', user('u1'), 's1', Infinity);
    const now = Date.now();
    expect(cache.get('t1', now + 2900)?.sid).toBe('s1');
    expect(cache.get('t1', now + 3100)).toBeUndefined();
  });

  it('forgets every token of one account and nothing else', () => {
    const cache = new AuthCache(3000);
    cache.setListening(true);
    cache.set('a1', user('a'), 's1', Infinity);
    cache.set('a2', user('a'), 's2', Infinity);
    cache.set('b1', user('b'), 's3', Infinity);
    cache.forgetUser('a');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.sid).toBe('s3');
  });

  it('never stores a lookup read before a change notice for its account arrived', () => {
    const cache = new AuthCache(3000);
    cache.setListening(true);
    const readAt = cache.stamp();
    // The account's row is being read when a ban's NOTIFY arrives; then the (stale) row comes back.
    cache.forgetUser('u1');
    cache.set('t1', user('u1'), 's1', Infinity, readAt);
    expect(cache.get('t1')).toBeUndefined();
    // Another account's lookup from the same moment is unaffected, and a fresh read is kept.
    cache.set('t2', user('u2'), 's2', Infinity, readAt);
    expect(cache.get('t2')?.sid).toBe('s2');
    cache.set('t1', user('u1'), 's1', Infinity, cache.stamp());
    expect(cache.get('t1')?.sid).toBe('s1');
  });

  it('never stores a lookup read before the cache was cleared', () => {
    const cache = new AuthCache(3000);
    cache.setListening(true);
    const readAt = cache.stamp();
    cache.clear();
    cache.set('t1', user('u1'), 's1', Infinity, readAt);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('caches nothing while its NOTIFY listener is down, and drops what it had when the listener goes', () => {
    const cache = new AuthCache(3000);
    cache.set('t1', user('u1'), 's1', Infinity);
    expect(cache.get('t1')).toBeUndefined();
    cache.setListening(true);
    cache.set('t1', user('u1'), 's1', Infinity);
    cache.setListening(false);
    expect(cache.get('t1')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('uses an entry only while every change notice older than 3 s is known to have arrived, however long its time to live', () => {
    let silentFor = 100;
    const cache = new AuthCache(30_000, () => silentFor);
    cache.setListening(true);
    cache.set('t1', user('u1'), 's1', Infinity);
    const now = Date.now();
    expect(cache.get('t1', now + 20_000)?.sid).toBe('s1');
    silentFor = 2900;
    expect(cache.get('t1', now + 20_000)?.sid).toBe('s1');
    // The LISTEN connection's heartbeat stopped coming back: a ban could be on its way, unheard.
    silentFor = 3100;
    expect(cache.get('t1', now + 20_000)).toBeUndefined();
    // Heard again: the entry serves for the rest of its time to live, no longer.
    silentFor = 100;
    expect(cache.get('t1', now + 29_000)?.sid).toBe('s1');
    expect(cache.get('t1', now + 31_000)).toBeUndefined();
  });

  it("shows the balance this process's last charge left in every cached row of the account", () => {
    const cache = new AuthCache(30_000);
    cache.setListening(true);
    cache.set('a1', { ...user('a'), balance: 30 }, 's1', Infinity);
    cache.set('a2', { ...user('a'), balance: 30 }, 's2', Infinity);
    cache.set('b1', { ...user('b'), balance: 30 }, 's3', Infinity);
    cache.noteBalance('a', 24);
    expect([cache.get('a1')?.user.balance, cache.get('a2')?.user.balance, cache.get('b1')?.user.balance]).toEqual([24, 24, 30]);
  });

  it('is off with a time to live of 0', () => {
    const cache = new AuthCache(0);
    cache.setListening(true);
    cache.set('t1', user('u1'), 's1', Infinity);
    expect(cache.get('t1')).toBeUndefined();
  });
});
