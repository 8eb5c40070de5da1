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

  it('is off with a time to live of 0', () => {
    const cache = new AuthCache(0);
    cache.setListening(true);
    cache.set('t1', user('u1'), 's1', Infinity);
    expect(cache.get('t1')).toBeUndefined();
  });
});
