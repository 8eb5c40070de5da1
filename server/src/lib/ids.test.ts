import { describe, expect, it } from 'vitest';
import { newUid } from './ids';

describe('newUid', () => {
  it('never repeats across many draws (the random pool is refilled, never reused)', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => newUid(i % 7 === 0 ? 28 : 20));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) expect(id).toMatch(i % 7 === 0 ? /^[0-9a-z]{28}$/ : /^[0-9a-z]{20}$/);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newUid()).join(''));
    expect(seen.size).toBe(36);
  });
});
