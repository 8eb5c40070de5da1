import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { signAccessToken, verifyAccessToken } from './tokens';

const key = new TextEncoder().encode('a key of thirty-two bytes or more, for HS256');
const otherKey = new TextEncoder().encode('another key of thirty-two bytes or more here');

const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.kind : String(error)),
  );

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims every time a token is presented, and 301005 once it expires, even after it was checked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const token = await signAccessToken(key, 'user-1', 'family-1', 60);
    const first = await verifyAccessToken(key, token);
    expect(first).toEqual({ uid: 'user-1', sid: 'family-1', expMs: Date.parse('2026-11-28T12:01:00Z') });
    expect(await verifyAccessToken(key, token)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-28T12:00:59.900Z'));
    expect(await kindOf(verifyAccessToken(key, token))).toBe('ok');
    vi.setSystemTime(new Date('2026-11-28T12:01:00Z'));
    expect(await kindOf(verifyAccessToken(key, token))).toBe('tokenExpired');
    expect(await kindOf(verifyAccessToken(key, token))).toBe('tokenExpired');
  });

  it('never takes a token checked under one key as valid under another, nor a changed one', async () => {
    const token = await signAccessToken(key, 'user-2', 'family-2', 60);
    expect(await kindOf(verifyAccessToken(key, token))).toBe('ok');
    expect(await kindOf(verifyAccessToken(otherKey, token))).toBe('tokenInvalid');
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'user-3' })).toString(
      'base64url',
    );
    expect(await kindOf(verifyAccessToken(key, `${head}.${forged}.${signature}`))).toBe('tokenInvalid');
    // A character in the middle of the signature (its last one has spare bits a decoder may ignore).
    const at = token.length - 10;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await kindOf(verifyAccessToken(key, changed))).toBe('tokenInvalid');
  });
});
