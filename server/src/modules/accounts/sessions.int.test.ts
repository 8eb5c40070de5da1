import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ACCESS_TOKEN_TTL: '2s' } });
});
afterAll(() => ctx.close());

const info = (access: string) => ctx.request('GET', '/api/v1/user/info/', { headers: { authorization: `Bearer ${access}` } });
/** The web app's refresh: it asks for rotation (a SPEC.md client sends `refresh` alone: `specRefresh`). */
const refresh = (token: string) => ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token, rotate: true } });
const specRefresh = (token: string) => ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token } });

describe('sessions', () => {
  it('expires access tokens with 401 + 301005, and a refresh brings a working one', async () => {
    const me = await signUp(ctx, 'expiry@example.com');
    expect((await info(me.access)).status).toBe(200);
    // A clock wait, not an ordering one: the token's `exp` is in whole seconds (ACCESS_TOKEN_TTL 2s), so
    // it is refused only once two seconds and the rounding have passed; there is no event to wait for.
    await new Promise((r) => setTimeout(r, 2300));
    const expired = await info(me.access);
    expect(expired.status).toBe(401);
    expect(expired.body.base_resp.status_code).toBe(301005);
    const renewed = await refresh(me.refresh);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.refresh).not.toBe(me.refresh);
    expect((await info(renewed.body.data.access)).status).toBe(200);
  });

  it('rotates refresh tokens, and a reused one ends the whole family', async () => {
    const me = await signUp(ctx, 'rotate@example.com');
    const second = await refresh(me.refresh);
    expect(second.status).toBe(200);
    const third = await refresh(second.body.data.refresh);
    expect(third.status).toBe(200);

    // Someone replays the first token: refused, and the current one dies with it.
    const replay = await refresh(me.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body.base_resp.status_code).toBe(301003);
    const current = await refresh(third.body.data.refresh);
    expect(current.body.base_resp.status_code).toBe(301003);

    // Another device's session (another family) is untouched.
    const other = await ctx.request('POST', '/api/v1/user/login/', {
      body: { email: 'rotate@example.com', password: 'correct horse battery' },
    });
    expect((await refresh(other.body.data.tokens.refresh)).status).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const me = await signUp(ctx, 'logout@example.com');
    const out = await ctx.request('POST', '/api/v1/user/logout/', { body: { refresh: me.refresh } });
    expect(out.status).toBe(200);
    expect((await refresh(me.refresh)).body.base_resp.status_code).toBe(301003);
    expect((await refresh('not-a-real-token-at-all')).body.base_resp.status_code).toBe(301003);
  });

  it('gives the same successor to the refresh token presented again within the grace window, and revokes after it', async () => {
    const me = await signUp(ctx, 'tabs@example.com');
    // Two tabs refresh the same token at once: both get the same new refresh token, and both work.
    const [a, b] = await Promise.all([refresh(me.refresh), refresh(me.refresh)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.refresh).toBe(b.body.data.refresh);
    expect(a.body.data.refresh).not.toBe(me.refresh);
    expect((await info(a.body.data.access)).status).toBe(200);
    expect((await info(b.body.data.access)).status).toBe(200);
    // A late third presentation (a lost answer retried) still gets it.
    const late = await refresh(me.refresh);
    expect(late.status).toBe(200);
    expect(late.body.data.refresh).toBe(a.body.data.refresh);

    // Past the window the old token is a replay: the family is revoked, the current token with it.
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '11 seconds'` })
      .where(sql`${refreshTokens.usedAt} is not null`);
    const replay = await refresh(me.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body.base_resp.status_code).toBe(301003);
    expect((await refresh(a.body.data.refresh)).body.base_resp.status_code).toBe(301003);
    expect((await info(a.body.data.access)).body.base_resp.status_code).toBe(301003);
  });

  it('does not hand out a successor that was already used, even within the window', async () => {
    const me = await signUp(ctx, 'chain@example.com');
    const second = (await refresh(me.refresh)).body.data;
    const third = await refresh(second.refresh);
    expect(third.status).toBe(200);
    // The first token again, seconds later: its successor is spent, so this is a replay.
    expect((await refresh(me.refresh)).body.base_resp.status_code).toBe(301003);
    expect((await refresh(third.body.data.refresh)).body.base_resp.status_code).toBe(301003);
  });

  it('keeps the refresh token a SPEC.md client got at login working however often it is used, 15 s apart', async () => {
    const me = await signUp(ctx, 'spec-client@example.com');
    const first = await specRefresh(me.refresh);
    expect(first.status).toBe(200);
    expect(first.body.data.refresh).toBe(me.refresh);
    expect((await info(first.body.data.access)).status).toBe(200);
    // The seed client sends the login's token again at its next refresh, long after the grace window
    // (were the first refresh a rotation, this would make the token a replay).
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '15 seconds'` })
      .where(sql`${refreshTokens.usedAt} is not null`);
    for (let i = 0; i < 3; i++) {
      const again = await specRefresh(me.refresh);
      expect(again.status).toBe(200);
      expect((await info(again.body.data.access)).status).toBe(200);
    }
    // It still ends with logout, and with a password change elsewhere.
    await ctx.request('POST', '/api/v1/user/logout/', { body: { refresh: me.refresh } });
    const after = await specRefresh(me.refresh);
    expect(after.status).toBe(401);
    expect(after.body.base_resp.status_code).toBe(301003);
  });

  it('ends a SPEC.md client session on a password change, and refuses it after REFRESH_TOKEN_TTL', async () => {
    const me = await signUp(ctx, 'spec-password@example.com');
    const other = await ctx.request('POST', '/api/v1/user/login/', {
      body: { email: 'spec-password@example.com', password: 'correct horse battery' },
    });
    const changed = await ctx.request('POST', '/api/v1/user/change-password/', {
      headers: { authorization: `Bearer ${other.body.data.tokens.access}` },
      body: { old_password: 'correct horse battery', new_password: 'a new battery staple' },
    });
    expect(changed.status).toBe(200);
    expect((await specRefresh(me.refresh)).body.base_resp.status_code).toBe(301003);

    const later = await ctx.request('POST', '/api/v1/user/login/', { body: { email: 'spec-password@example.com', password: 'a new battery staple' } });
    const token = later.body.data.tokens.refresh as string;
    expect((await specRefresh(token)).status).toBe(200);
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${refreshTokens.userUid} = ${later.body.data.uid}`);
    expect((await specRefresh(token)).body.base_resp.status_code).toBe(301003);
  });

  it('treats a token a rotating client already exchanged as a replay when it comes back without rotate', async () => {
    const me = await signUp(ctx, 'spec-mixed@example.com');
    const rotated = (await refresh(me.refresh)).body.data;
    await ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '15 seconds'` })
      .where(sql`${refreshTokens.usedAt} is not null`);
    expect((await specRefresh(me.refresh)).body.base_resp.status_code).toBe(301003);
    expect((await specRefresh(rotated.refresh)).body.base_resp.status_code).toBe(301003);
  });
});
