import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { quickAccounts, unbalancedAccounts } from '../../../test/ledger';
import { ledgerTotals } from '../wallet/service';

const WEBHOOK_SECRET = 'whsec_test_butterfic_secret';
const stripeForSigning = new Stripe('sk_test_signing_only');

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.base,
      PUBLIC_URL: 'https://butterfic.example',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function checkout(auth: { authorization: string }, body: Record<string, unknown>) {
  const answer = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', { body, headers: auth });
  expect(answer.status).toBe(200);
  const secret = answer.body.data.clientSecret as string;
  const session = [...fake.sessions.values()].find((s) => s.client_secret === secret);
  if (!session) throw new Error('the app answered a client secret the fake Stripe never issued');
  return session;
}

function signedEvent(type: string, sessionId: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${sessionId}_${type}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: 'checkout.session' } },
  });
  const header = stripeForSigning.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

const deliver = (event: { payload: string; header: string }) =>
  ctx.request('POST', '/api/v1/payment/webhook/', {
    raw: event.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
  });

describe('GET /payment/products/', () => {
  it('lists the six packages and two passes of SPEC.md section 9', async () => {
    const answer = await ctx.request('GET', '/api/v1/payment/products/');
    expect(answer.status).toBe(200);
    const products = answer.body.data.products as { id: string; butter: number | null; prices: { eur: number; cny: number } }[];
    expect(products.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(products[0]).toMatchObject({ butter: 30, prices: { eur: 179, cny: 1500 } });
    expect(products[7]).toMatchObject({ kind: 'pass', butter: null, pass_seconds: 30 * 86400, prices: { eur: 979, cny: 6990 } });
    expect(answer.body.data).toMatchObject({ payments: 'stripe', publishable_key: 'pk_test_fake' });
  });
});

describe('Checkout Session creation', () => {
  it('takes amount and currency from the server table whatever the client sends', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '3', currency: 'cny', amount: 1, unit_amount: 1, price: '0.01' });
    const form = fake.creates.at(-1)!;
    expect(session.amount_total).toBe(4500);
    expect(form.get('line_items[0][price_data][currency]')).toBe('cny');
    expect(form.get('ui_mode')).toBe('embedded_page');
    expect(form.get('mode')).toBe('payment');
    expect(form.get('billing_address_collection')).toBe('required');
    expect(form.get('client_reference_id')).toBe(me!.uid);
    expect(form.get('metadata[user_uid]')).toBe(me!.uid);
    expect(form.get('metadata[product_id]')).toBe('3');
    expect(form.get('return_url')).toBe('https://butterfic.example/recharge/complete?session_id={CHECKOUT_SESSION_ID}');
    expect(
      form.getAll('allowed_payment_method_types[]').length > 0
        ? form.getAll('allowed_payment_method_types[]')
        : [
            form.get('allowed_payment_method_types[0]'),
            form.get('allowed_payment_method_types[1]'),
            form.get('allowed_payment_method_types[2]'),
          ],
    ).toEqual(['card', 'alipay', 'wechat_pay']);

    const eur = await checkout(me!.auth, { product_name: '1' });
    expect(eur).toMatchObject({ amount_total: 179, currency: 'eur' });
    expect(fake.creates.at(-1)!.get('allowed_payment_method_types[0]')).toBe('card');
    expect(fake.creates.at(-1)!.get('allowed_payment_method_types[1]')).toBeNull();
  });

  it('refuses unknown products and anonymous callers', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const before = fake.creates.length;
    const unknown = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '9' },
      headers: me!.auth,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.base_resp.status_code).toBe(400001);
    const anonymous = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', { body: { product_name: '1' } });
    expect(anonymous.status).toBe(401);
    expect(fake.creates.length).toBe(before);
  });
});

describe('the Stripe webhook', () => {
  it('credits a paid session once though the event arrives 1,000 times, many at once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '2' });
    fake.pay(session.id);
    const event = signedEvent('checkout.session.completed', session.id);
    const answers: number[] = [];
    for (let round = 0; round < 20; round++) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
      answers.push(...batch.map((a) => a.status));
    }
    expect(answers).toHaveLength(1000);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 66, debt: 0, ledgerSum: 66 });
    const rows = await ctx.database.pool.query(`select amount, ref from ledger where user_uid = $1 and kind = 'purchase'`, [me!.uid]);
    expect(rows.rows).toEqual([{ amount: 60, ref: session.id }]);
    // The async-success event of the same session credits nothing more either.
    expect((await deliver(signedEvent('checkout.session.async_payment_succeeded', session.id))).body.data.credited).toBe(false);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(66);
  });

  it('answers 400 to a bad signature and credits nothing', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '6' });
    fake.pay(session.id);
    const forged = signedEvent('checkout.session.completed', session.id, 'whsec_someone_else');
    const answer = await deliver(forged);
    expect(answer.status).toBe(400);
    expect(answer.body.base_resp.status_code).toBe(400001);
    const unsigned = await ctx.request('POST', '/api/v1/payment/webhook/', {
      raw: forged.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    const good = signedEvent('checkout.session.completed', session.id);
    const tampered = await deliver({
      payload: good.payload.replace('checkout.session.completed', 'checkout.session.completed '),
      header: good.header,
    });
    expect(tampered.status).toBe(400);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);
  });

  it('credits nothing for an unpaid session, and credits once it is paid', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '1' });
    const retrievesBefore = fake.retrieves;
    const early = await deliver(signedEvent('checkout.session.completed', session.id));
    expect(early.status).toBe(200);
    expect(early.body.data.credited).toBe(false);
    expect(fake.retrieves).toBe(retrievesBefore + 1);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);

    fake.pay(session.id);
    const later = await deliver(signedEvent('checkout.session.async_payment_succeeded', session.id));
    expect(later.body.data.credited).toBe(true);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(36);
  });

  it('trusts the session re-read from Stripe, not the event: a wrong amount credits nothing', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '6' });
    fake.pay(session.id);
    session.amount_total = 1;
    const answer = await deliver(signedEvent('checkout.session.completed', session.id));
    expect(answer.body.data.credited).toBe(false);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);
  });

  it('ignores event types it does not need', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await checkout(me!.auth, { product_name: '1' });
    fake.pay(session.id);
    const answer = await deliver(signedEvent('checkout.session.expired', session.id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.credited).toBe(false);
    expect((await ledgerTotals(ctx.database.db, { userUid: me!.uid })).balance).toBe(6);
    const failed = await deliver(signedEvent('checkout.session.async_payment_failed', session.id));
    expect(failed.status).toBe(200);
    const status = await ctx.request('GET', `/api/v1/payment/session/?session_id=${session.id}`, { headers: me!.auth });
    expect(status.body.data.status).toBe('failed');
  });

  it('extends a time pass from the later of now and its current end', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const first = await checkout(me!.auth, { product_name: '7' });
    fake.pay(first.id);
    const started = Date.now() / 1000;
    await Promise.all(Array.from({ length: 20 }, () => deliver(signedEvent('checkout.session.completed', first.id))));
    const info = await ctx.request('GET', '/api/v1/user/info/', { headers: me!.auth });
    const end1 = info.body.data.pass_expires_at as number;
    expect(end1).toBeGreaterThanOrEqual(Math.floor(started) + 3600 - 2);
    expect(end1).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600 + 1);

    const second = await checkout(me!.auth, { product_name: '8' });
    fake.pay(second.id);
    await deliver(signedEvent('checkout.session.completed', second.id));
    const after = await ctx.request('GET', '/api/v1/user/info/', { headers: me!.auth });
    expect(Math.abs((after.body.data.pass_expires_at as number) - (end1 + 30 * 86400))).toBeLessThanOrEqual(1);
    expect(after.body.data.balance).toBe(6);
  });

  it('keeps every balance equal to its ledger sum', async () => {
    expect(await unbalancedAccounts(ctx)).toEqual([]);
  });
});
