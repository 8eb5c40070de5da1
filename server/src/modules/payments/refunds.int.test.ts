import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { stripeWebhooks } from '../../../test/stripe-webhooks';
import { quickAccounts, unbalancedAccounts } from '../../../test/ledger';
import { storyRequest } from '../../../test/novels';
import { ledgerTotals } from '../wallet/service';

/**
 * Issue 25 (money): refunds and disputes from Stripe's signed webhook take back what the payment bought,
 * once however often the event arrives; what the balance cannot cover is owed (docs/decisions/0030).
 */
const WEBHOOK_SECRET = 'whsec_test_butterfic_refunds';
/** Signs with another secret: a forged event. */
const signer = new Stripe('sk_test_signing_only');

let fake: FakeStripe;
let ctx: TestContext;
const { signed, deliver, deliverTenTimes, buy } = stripeWebhooks(
  WEBHOOK_SECRET,
  () => ctx,
  () => fake,
);
let adminAuth: Record<string, string>;
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
      ADMIN_EMAILS: 'money-boss@example.com',
    },
  });
  adminAuth = (await signUp(ctx, 'money-boss@example.com')).auth;
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

type Auth = { authorization: string };

const info = async (auth: Auth) => (await ctx.request('GET', '/api/v1/user/info/', { headers: auth })).body.data;
const transactions = async (auth: Auth) =>
  (await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: auth })).body.data.results as {
    kind: string;
    amount: number;
    balance_after: number;
    debt_after: number;
    pass_until: number | null;
    reference: string | null;
  }[];
const generate = (auth: Auth) => ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: auth });

describe('refunds', () => {
  it('a full refund takes the package back once, though the event arrives 10 times at once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    expect((await info(me!.auth)).balance).toBe(36);
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const [latest] = await transactions(me!.auth);
    expect(latest).toMatchObject({ kind: 'purchase_refund', amount: -30, balance_after: 6, debt_after: 0, reference: session });
    // A later delivery of the same event, or of the completion, gives nothing back and takes nothing more.
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    await deliverTenTimes(signed('checkout.session.completed', { id: session, object: 'checkout.session' }));
    expect((await info(me!.auth)).balance).toBe(6);
  });

  it('takes nothing for a refund event that is not signed with the webhook secret', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const charge = fake.refund(session);
    const good = signed('charge.refunded', { id: charge, object: 'charge' });
    const forged = signer.webhooks.generateTestHeaderString({ payload: good.payload, secret: 'whsec_someone_else' });
    const answer = await deliver({ payload: good.payload, header: forged });
    expect(answer.status).toBe(400);
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
  });

  it('a refund that arrives before the payment event settles the payment first, then takes it back', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const answer = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '1' },
      headers: me!.auth,
    });
    const session = [...fake.sessions.values()].find((s) => s.client_secret === answer.body.data.clientSecret)!;
    fake.pay(session.id);
    const charge = fake.refund(session.id);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    await deliverTenTimes(signed('checkout.session.completed', { id: session.id, object: 'checkout.session' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    expect((await transactions(me!.auth)).map((r) => [r.kind, r.amount])).toEqual([
      ['purchase_refund', -30],
      ['purchase', 30],
      ['signup', 6],
    ]);
  });

  it('ignores a refunded charge that is not one of our payments', async () => {
    const outside = `ch_outside_${Date.now()}`;
    fake.charges.set(outside, {
      id: outside,
      object: 'charge',
      amount: 500,
      amount_refunded: 500,
      currency: 'eur',
      payment_intent: `pi_outside_${Date.now()}`,
      refunded: true,
      disputed: false,
    });
    await deliverTenTimes(signed('charge.refunded', { id: outside, object: 'charge' }));
  });

  it('partial refunds take back their share, and the rest when the refund is completed', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1'); // 30 Butter for 179 cents
    const charge = fake.refund(session, 90);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 21, debt: 0, ledgerSum: 21 });
    fake.refund(session, 89);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const rows = (await transactions(me!.auth)).filter((r) => r.kind === 'purchase_refund');
    expect(rows.map((r) => r.amount)).toEqual([-15, -15]);
  });

  it('a pass refunded mid-use ends at once, and the wallet shows the pass and its end', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '8'); // the 30-day pass
    const bought = await info(me!.auth);
    expect(bought.pass_expires_at).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect((await generate(me!.auth)).body.data.balance).toBe(6); // free while the pass runs
    const [passRow] = await transactions(me!.auth);
    expect(passRow).toMatchObject({ kind: 'pass', amount: 0, balance_after: 6, pass_until: bought.pass_expires_at });

    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect((await info(me!.auth)).pass_expires_at).toBeNull();
    const [ended] = await transactions(me!.auth);
    expect(ended).toMatchObject({ kind: 'purchase_refund', amount: 0, balance_after: 6 });
    expect(ended!.pass_until).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const paid = await generate(me!.auth);
    expect(paid.status).toBe(200);
    expect(paid.body.data.balance).toBe(0); // charged again: the pass is over
  });
});

describe('disputes', () => {
  it('a dispute opened then won holds the Butter meanwhile, gives it back, and is listed for the operator', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '2');
    const dispute = fake.dispute(session);
    await deliverTenTimes(signed('charge.dispute.created', { id: dispute, object: 'dispute' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 6, debt: 0, ledgerSum: 6 }); // held (issue 45)
    const open = await ctx.request('GET', '/api/v1/admin/disputes/', { headers: adminAuth });
    expect(open.status).toBe(200);
    const listed = (open.body.data.results as { id: string }[]).filter((d) => d.id === dispute);
    expect(listed).toEqual([
      expect.objectContaining({
        session_id: session,
        user_uid: me!.uid,
        status: 'needs_response',
        reason: 'fraudulent',
        closed_time: null,
      }),
    ]);
    expect((await ctx.request('GET', '/api/v1/admin/disputes/', { headers: me!.auth })).status).toBe(404);

    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(signed('charge.dispute.closed', { id: dispute, object: 'dispute' }));
    // A late copy of the opening event does not reopen it.
    await deliverTenTimes(signed('charge.dispute.created', { id: dispute, object: 'dispute' }));
    const closed = await ctx.request('GET', '/api/v1/admin/disputes/', { headers: adminAuth });
    const row = (closed.body.data.results as { id: string; status: string; closed_time: number | null }[]).find((d) => d.id === dispute);
    expect(row?.status).toBe('won');
    expect(row?.closed_time).not.toBeNull();
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 66, debt: 0, ledgerSum: 66 });
  });

  it('a dispute lost after the Butter was spent leaves a debt: spending and buying refused until a code pays it', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1'); // 6 + 30
    for (let i = 0; i < 2; i++) expect((await generate(me!.auth)).status).toBe(200); // spends 12 of them
    expect((await info(me!.auth)).balance).toBe(24);

    const dispute = fake.dispute(session);
    await deliverTenTimes(signed('charge.dispute.created', { id: dispute, object: 'dispute' }));
    fake.closeDispute(dispute, 'lost');
    await deliverTenTimes(signed('charge.dispute.closed', { id: dispute, object: 'dispute' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 0, debt: 6, ledgerSum: -6 });
    expect(await info(me!.auth)).toMatchObject({ balance: 0, debt: 6 });
    const [lost] = await transactions(me!.auth);
    expect(lost).toMatchObject({ kind: 'chargeback', amount: -30, balance_after: 0, debt_after: 6, reference: session });

    const refused = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: storyRequest(),
      headers: { ...me!.auth, 'accept-language': 'en' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.base_resp.status_code).toBe(305001);
    expect(refused.body.base_resp.status_msg).toContain('owes 6 Butter');
    const zhTw = await ctx.request('POST', '/api/v1/novel/generate/', {
      body: storyRequest(),
      headers: { ...me!.auth, 'accept-language': 'zh-TW' },
    });
    expect(zhTw.body.base_resp.status_msg).toContain('還欠 6 奶油');
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 0, debt: 6, ledgerSum: -6 });

    const disputes = await ctx.request('GET', '/api/v1/admin/disputes/', { headers: adminAuth });
    expect((disputes.body.data.results as { id: string }[]).find((d) => d.id === dispute)).toMatchObject({ status: 'lost', user_debt: 6 });

    // Issue 45: no checkout while the account owes; a redeem code pays the debt first, then buying works again.
    const refusedCheckout = await ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: '1' },
      headers: { ...me!.auth, 'accept-language': 'en' },
    });
    expect(refusedCheckout.status).toBe(403);
    expect(refusedCheckout.body.base_resp.status_code).toBe(403001);
    expect(refusedCheckout.body.base_resp.status_msg).toContain('owes 6 Butter');
    await ctx.database.pool.query(`insert into redeem_codes (code, butter) values ('LOSTPAYS30', 30)`);
    const redeemed = await ctx.request('POST', '/api/v1/redeem/redeem/', { body: { redeem_code: 'LOSTPAYS30' }, headers: me!.auth });
    expect(redeemed.status).toBe(200);
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 24, debt: 0, ledgerSum: 24 });
    const [paid] = await transactions(me!.auth);
    expect(paid).toMatchObject({ kind: 'redeem', amount: 30, balance_after: 24, debt_after: 0 });
    expect((await generate(me!.auth)).body.data.balance).toBe(18);
    await buy(me!.auth, '1');
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 48, debt: 0, ledgerSum: 48 });
  });

  it('a redeem code pays a debt first too', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    for (let i = 0; i < 3; i++) expect((await generate(me!.auth)).status).toBe(200); // 36 - 18
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await ledgerTotals(ctx.database.db, { userUid: me!.uid })).toEqual({ balance: 0, debt: 12, ledgerSum: -12 });
    await ctx.database.pool.query(`insert into redeem_codes (code, butter) values ('DEBTPAYS5', 5)`);
    const redeemed = await ctx.request('POST', '/api/v1/redeem/redeem/', { body: { redeem_code: 'DEBTPAYS5' }, headers: me!.auth });
    expect(redeemed.status).toBe(200);
    expect(await info(me!.auth)).toMatchObject({ balance: 0, debt: 7 });
    expect(await unbalancedAccounts(ctx)).toEqual([]);
  });
});
