import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('GET /api/v1/site/info/', () => {
  it('tells anyone, signed in or not, where takedown notices go and the minimum age', async () => {
    ctx = await createTestContext({ env: { TAKEDOWN_EMAIL: 'rights@fic.example', ADMIN_EMAILS: 'ops@fic.example' } });
    const visitor = await ctx.request('GET', '/api/v1/site/info/');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      base_resp: { status_code: 0, status_msg: 'success' },
      data: { takedown_email: 'rights@fic.example', min_age: 13 },
    });
    // A reader whose session has gone stale still reads the policy pages.
    const stale = await ctx.request('GET', '/api/v1/site/info', { headers: { authorization: 'Bearer not-a-token' } });
    expect(stale.status).toBe(200);
    expect(stale.body.data.takedown_email).toBe('rights@fic.example');
  });

  it('never shows an admin login when TAKEDOWN_EMAIL is unset (issue 25)', async () => {
    ctx = await createTestContext({ env: { ADMIN_EMAILS: 'Ops@Fic.example, second@fic.example' } });
    const info = await ctx.request('GET', '/api/v1/site/info/');
    expect(info.body.data.takedown_email).toBe('takedown@butterfic.invalid');
  });

  it('shows an address that is plainly a placeholder when nothing is configured', async () => {
    ctx = await createTestContext();
    const info = await ctx.request('GET', '/api/v1/site/info/');
    expect(info.body.data.takedown_email).toBe('takedown@butterfic.invalid');
  });
});
