import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ACCESS_TOKEN_TTL: '2s' } });
});
afterAll(() => ctx.close());

const info = (access: string) => ctx.request('GET', '/api/v1/user/info/', { headers: { authorization: `Bearer ${access}` } });
const refresh = (token: string) => ctx.request('POST', '/api/v1/user/refresh_token/', { body: { refresh: token } });

describe('sessions', () => {
  it('expires access tokens with 401 + 301005, and a refresh brings a working one', async () => {
    const me = await signUp(ctx, 'expiry@example.com');
    expect((await info(me.access)).status).toBe(200);
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
});
