import { PRODUCTS } from '@butterfic/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { quickAccounts } from '../../../test/ledger';
import { stripeWebhooks } from '../../../test/stripe-webhooks';
import { ledgerTotals } from '../wallet/service';

/**
 * Local prices (issue 48, docs/decisions/0054): JPY, KRW and TWD beside EUR and CNY, each from the one price
 * table, the ledger recording Butter as before; TWD only with the buyer's consent to immediate delivery.
 */
const billing = { email: 'buyer@example.com', name: 'Test Buyer', address: '1 Test Street', country: 'TW' };
const checkoutPath = '/api/v1/payment/stripeCreateCheckoutSession/';

describe('sandbox purchases in the local currencies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const sessionRow = async (sessionId: string) =>
    (
      await ctx.database.pool.query<{ currency: string; amount: number; status: string; consent: boolean }>(
        'select currency, amount, status, delivery_consent_at is not null as consent from payments where session_id = $1',
        [sessionId],
      )
    ).rows[0];

  it.each([
    { currency: 'jpy', product: '1', amount: 300, butter: 30, body: {} },
    { currency: 'krw', product: '3', amount: 7500, butter: 100, body: {} },
    { currency: 'twd', product: '6', amount: 124000, butter: 1000, body: { delivery_consent: true } },
  ])('buys package $product in $currency: $butter Butter credited once, the amount from the table', async (c) => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await ctx.request('POST', checkoutPath, {
      body: { product_name: c.product, currency: c.currency, ...c.body },
      headers: me!.auth,
    });
    expect(session.status).toBe(200);
    const secret = session.body.data.clientSecret as string;
    expect(await sessionRow(secret)).toEqual({ currency: c.currency, amount: c.amount, status: 'open', consent: c.currency === 'twd' });

    const complete = () =>
      ctx.request('POST', '/api/v1/payment/sandbox/complete/', { body: { client_secret: secret, ...billing }, headers: me!.auth });
    const answers = await Promise.all(Array.from({ length: 5 }, complete));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.credited)).toHaveLength(1);
    // A new account starts with 6 Butter.
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6 + c.butter, debt: 0, ledgerSum: 6 + c.butter });
    const ledger = await ctx.database.pool.query('select kind, amount, ref from ledger where user_uid = $1 order by id', [me!.uid]);
    expect(ledger.rows.at(-1)).toEqual({ kind: 'purchase', amount: c.butter, ref: secret });
    expect((await sessionRow(secret))?.status).toBe('credited');
  });

  it('refuses TWD without the consent to immediate delivery, naming the field in the reader language, and records nothing', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const before = await ctx.database.pool.query('select count(*)::int as n from payments where user_uid = $1', [me!.uid]);
    for (const body of [{}, { delivery_consent: false }]) {
      const refused = await ctx.request('POST', checkoutPath, {
        body: { product_name: '1', currency: 'twd', ...body },
        headers: { ...me!.auth, 'accept-language': 'zh-TW' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.base_resp.status_code).toBe(400001);
      expect(refused.body.base_resp.status_msg).toContain('七天解除權');
      expect(Object.keys(refused.body.data.fields)).toEqual(['delivery_consent']);
    }
    const after = await ctx.database.pool.query('select count(*)::int as n from payments where user_uid = $1', [me!.uid]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // A form-encoded body says yes as text.
    const form = await ctx.request('POST', checkoutPath, {
      raw: 'product_name=1&currency=twd&delivery_consent=true',
      headers: { ...me!.auth, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(200);
    expect(await sessionRow(form.body.data.clientSecret)).toMatchObject({ currency: 'twd', amount: 6000, consent: true });
  });

  it("keeps SPEC.md's call working with product_name alone: EUR, as before", async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await ctx.request('POST', checkoutPath, { body: { product_name: '2' }, headers: me!.auth });
    expect(session.status).toBe(200);
    expect(await sessionRow(session.body.data.clientSecret)).toEqual({ currency: 'eur', amount: 349, status: 'open', consent: false });
  });

  it('lists every price in the five currencies, whole yen and won, whole Taiwan dollars', async () => {
    const products = await ctx.request('GET', '/api/v1/payment/products/');
    const listed = products.body.data.products as { id: string; prices: Record<'eur' | 'cny' | 'jpy' | 'krw' | 'twd', number> }[];
    expect(listed.map((p) => p.prices)).toEqual(PRODUCTS.map((p) => p.prices));
    expect(listed[0]!.prices).toEqual({ eur: 179, cny: 1500, jpy: 300, krw: 2500, twd: 6000 });
    for (const p of listed) expect(p.prices.twd % 100).toBe(0);
  });
});

describe('Stripe sessions in the local currencies', () => {
  const secret = 'whsec_local_prices';
  let fake: FakeStripe;
  let ctx: TestContext;
  const hooks = stripeWebhooks(
    secret,
    () => ctx,
    () => fake,
  );
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext({
      env: {
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_API_BASE: fake.base,
        PUBLIC_URL: 'https://butterfic.example',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it.each([
    { currency: 'jpy', unit: '300', butter: 30, consent: undefined },
    { currency: 'krw', unit: '2500', butter: 30, consent: undefined },
    { currency: 'twd', unit: '6000', butter: 30, consent: 'true' },
  ])('opens a $currency session of $unit (Stripe amount) by card and credits $butter Butter when paid', async (c) => {
    const [me] = await quickAccounts(ctx, 1);
    const answer = await ctx.request('POST', checkoutPath, {
      body: { product_name: '1', currency: c.currency, ...(c.consent && { delivery_consent: true }) },
      headers: me!.auth,
    });
    expect(answer.status).toBe(200);
    const form = fake.creates.at(-1)!;
    expect(form.get('line_items[0][price_data][currency]')).toBe(c.currency);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(c.unit);
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('allowed_payment_method_types[1]')).toBeNull();
    expect(form.get('metadata[delivery_consent]') ?? undefined).toBe(c.consent);
    const session = [...fake.sessions.values()].find((s) => s.client_secret === answer.body.data.clientSecret)!;
    fake.pay(session.id);
    await hooks.deliverTenTimes(hooks.signed('checkout.session.completed', { id: session.id, object: 'checkout.session' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6 + c.butter, debt: 0, ledgerSum: 6 + c.butter });
  });
});
