import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { quickAccounts } from '../../../test/ledger';
import { storyRequest } from '../../../test/novels';
import { ledgerTotals } from '../wallet/service';
import { refundOutsideStripe } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const billing = { email: 'buyer@example.com', name: 'Test Buyer', address: '1 Test Street, Berlin', country: 'DE' };

describe('sandbox payments (PAYMENTS=sandbox, the default)', () => {
  it('says so on the products call and has no webhook', async () => {
    const products = await ctx.request('GET', '/api/v1/payment/products/');
    expect(products.body.data).toMatchObject({ payments: 'sandbox', publishable_key: null });
    const hook = await ctx.request('POST', '/api/v1/payment/webhook/', {
      raw: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.status).toBe(404);
  });

  it('completes a test checkout once, through the same crediting path as the webhook', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '4', currency: 'cny' },
      headers: me!.auth,
    });
    expect(session.status).toBe(200);
    const secret = session.body.data.clientSecret as string;
    const status = await ctx.request('GET', `/api/v1/payment/session/?session_id=${secret}`, { headers: me!.auth });
    expect(status.body.data).toMatchObject({ status: 'open', product_name: '4' });

    const complete = () =>
      ctx.request('POST', '/api/v1/payment/sandbox/complete/', { body: { client_secret: secret, ...billing }, headers: me!.auth });
    const answers = await Promise.all(Array.from({ length: 30 }, complete));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.credited === true)).toHaveLength(1);
    expect(answers.every((a) => a.body.data.balance === 306)).toBe(true);
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 306, debt: 0, ledgerSum: 306 });
    const row = await ctx.database.pool.query('select currency, amount, status from payments where session_id = $1', [secret]);
    expect(row.rows[0]).toEqual({ currency: 'cny', amount: 12000, status: 'credited' });
    const done = await ctx.request('GET', `/api/v1/payment/session/?session_id=${secret}`, { headers: me!.auth });
    expect(done.body.data.status).toBe('credited');
  });

  it('lets only the session owner complete it, and needs the billing address', async () => {
    const [me, thief] = await quickAccounts(ctx, 2);
    const session = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '1' },
      headers: me!.auth,
    });
    const secret = session.body.data.clientSecret as string;
    const stolen = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: secret, ...billing },
      headers: thief!.auth,
    });
    expect(stolen.status).toBe(403);
    expect((await ctx.request('GET', `/api/v1/payment/session/?session_id=${secret}`, { headers: thief!.auth })).status).toBe(403);
    const noAddress = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: secret, ...billing, address: '' },
      headers: me!.auth,
    });
    expect(noAddress.status).toBe(400);
    const badEmail = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: secret, ...billing, email: 'not-an-email' },
      headers: me!.auth,
    });
    expect(badEmail.status).toBe(400);
    const made = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: 'sbx_doesnotexist00', ...billing },
      headers: me!.auth,
    });
    expect(made.status).toBe(404);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);
    expect((await ledgerTotals(ctx.database.db, { userUid: thief!.uid })).balance).toBe(6);
  });

  it('answers the new pass end when a sandbox pass is bought', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '7' },
      headers: me!.auth,
    });
    const secret = session.body.data.clientSecret as string;
    const before = Math.floor(Date.now() / 1000);
    const done = await ctx.request('POST', '/api/v1/payment/sandbox/complete/', {
      body: { client_secret: secret, ...billing },
      headers: me!.auth,
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ credited: true, balance: 6, product_name: '7' });
    expect(done.body.data.pass_expires_at).toBeGreaterThanOrEqual(before + 3600 - 1);
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: me!.auth });
    expect(info.body.data.pass_expires_at).toBe(done.body.data.pass_expires_at);
  });

  it('opens no test checkout while the account owes Butter (issue 45)', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const open = (language = 'en') =>
      ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
        body: { product_name: '1' },
        headers: { ...me!.auth, 'accept-language': language },
      });
    const secret = (await open()).body.data.clientSecret as string;
    await ctx.request('POST', '/api/v1/payment/sandbox/complete/', { body: { client_secret: secret, ...billing }, headers: me!.auth });
    for (let i = 0; i < 2; i++)
      expect((await ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: me!.auth })).status).toBe(200);
    // Refunded after 12 of its 30 Butter were spent (36 - 12 = 24 left): 30 taken, 6 owed.
    await refundOutsideStripe(ctx.database.db, { sessionId: secret });
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 0, debt: 6, ledgerSum: -6 });
    const refused = await open();
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect(refused.body.base_resp.status_msg).toContain('owes 6 Butter');
    expect((await open('ja')).body.base_resp.status_msg).toContain('6バターの未払い');
  });
});
