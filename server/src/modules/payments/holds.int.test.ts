import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { stripeWebhooks } from '../../../test/stripe-webhooks';
import { quickAccounts, unbalancedAccounts } from '../../../test/ledger';
import { storyRequest } from '../../../test/novels';
import { ledgerTotals } from '../wallet/service';

/**
 * Issue 45 (money in real operation): a dispute or an early fraud warning holds what its payment bought
 * when it opens; a won dispute gives it back, a lost one keeps it; a refund that fails or is cancelled gives
 * back what it took; an account with an open dispute or a debt cannot open a checkout. Every event arrives
 * ten times at once and moves Butter exactly once (docs/decisions/0030, addendum).
 */
const WEBHOOK_SECRET = 'whsec_test_butterfic_holds';

let fake: FakeStripe;
let ctx: TestContext;
const { signed, deliverTenTimes, buy } = stripeWebhooks(
  WEBHOOK_SECRET,
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
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.base,
      PUBLIC_URL: 'https://butterfic.example',
      // Accounts here spend their Butter in a row of stories: no cap on stories still being written.
      MAX_LIVE_JOBS_PER_USER: '0',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

type Auth = { authorization: string };

const disputeEvent = (type: 'created' | 'closed', id: string) => signed(`charge.dispute.${type}`, { id, object: 'dispute' });
const warningEvent = (id: string) => signed('radar.early_fraud_warning.created', { id, object: 'radar.early_fraud_warning' });
const refundEvent = (id: string, type = 'charge.refund.updated') => signed(type, { id, object: 'refund' });

const checkout = (auth: Auth, language = 'en') =>
  ctx.request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
    body: { product_name: '1' },
    headers: { ...auth, 'accept-language': language },
  });

const totals = (uid: string) => ledgerTotals(ctx.database.db, { userUid: uid });
const info = async (auth: Auth) => (await ctx.request('GET', '/api/v1/user/info/', { headers: auth })).body.data;
type Row = { kind: string; amount: number; balance_after: number; debt_after: number; pass_until: number | null; reference: string | null };
const transactions = async (auth: Auth) =>
  (await ctx.request('GET', '/api/v1/wallet/transactions/', { headers: auth })).body.data.results as Row[];
/** The rows a payment's disputes, warnings and refunds wrote, oldest first, as [kind, amount]. */
const moneyRows = async (auth: Auth) =>
  (await transactions(auth))
    .filter((r) => ['chargeback', 'dispute_won', 'purchase_refund', 'refund_failed'].includes(r.kind))
    .reverse()
    .map((r) => [r.kind, r.amount]);
const generate = (auth: Auth) => ctx.request('POST', '/api/v1/novel/generate/', { body: storyRequest(), headers: auth });

describe('disputes hold what the payment bought from the day they open', () => {
  it('holds a package once though the opening arrives 10 times at once; a win gives it back once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1'); // 6 + 30
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const [held] = await transactions(me!.auth);
    expect(held).toMatchObject({ kind: 'chargeback', amount: -30, balance_after: 6, reference: session });

    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(disputeEvent('closed', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    const [back] = await transactions(me!.auth);
    expect(back).toMatchObject({ kind: 'dispute_won', amount: 30, balance_after: 36, reference: session });
    // Late copies of either event change nothing.
    await deliverTenTimes(disputeEvent('created', dispute), disputeEvent('closed', dispute));
    expect(await moneyRows(me!.auth)).toEqual([
      ['chargeback', -30],
      ['dispute_won', 30],
    ]);
  });

  it('a lost dispute keeps what it held: no second take', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '2'); // 6 + 60
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute));
    fake.closeDispute(dispute, 'lost');
    await deliverTenTimes(disputeEvent('closed', dispute), disputeEvent('created', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    expect(await moneyRows(me!.auth)).toEqual([['chargeback', -60]]);
  });

  it('a hold of Butter already spent leaves a debt; the win pays it back first', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1'); // 36
    for (let i = 0; i < 5; i++) expect((await generate(me!.auth)).status).toBe(200); // 30 spent
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 0, debt: 24, ledgerSum: -24 });
    expect((await generate(me!.auth)).status).toBe(402); // nothing to spend while it owes
    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(disputeEvent('closed', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const [back] = await transactions(me!.auth);
    expect(back).toMatchObject({ kind: 'dispute_won', amount: 30, balance_after: 6, debt_after: 0 });
  });

  it('a dispute closed before its opening event arrives moves the Butter once, whichever comes first', async () => {
    const [lost, won] = await quickAccounts(ctx, 2);
    const lostSession = await buy(lost!.auth, '1');
    const wonSession = await buy(won!.auth, '1');
    const lostDispute = fake.dispute(lostSession);
    const wonDispute = fake.dispute(wonSession);
    fake.closeDispute(lostDispute, 'lost');
    fake.closeDispute(wonDispute, 'won');
    // The closing event first, then the late opening event, each ten times at once.
    await deliverTenTimes(disputeEvent('closed', lostDispute), disputeEvent('closed', wonDispute));
    await deliverTenTimes(disputeEvent('created', lostDispute), disputeEvent('created', wonDispute));
    expect(await totals(lost!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    expect(await moneyRows(lost!.auth)).toEqual([['chargeback', -30]]);
    expect(await totals(won!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    expect(await moneyRows(won!.auth)).toEqual([]);
  });

  it('an inquiry that closes without a chargeback gives the Butter back', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const inquiry = fake.dispute(session, 'warning_needs_response');
    await deliverTenTimes(disputeEvent('created', inquiry));
    expect((await totals(me!.uid)).balance).toBe(6);
    fake.closeDispute(inquiry, 'warning_closed');
    await deliverTenTimes(disputeEvent('closed', inquiry));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
  });

  it('a disputed pass ends now; a win gives back the time it had left', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '8'); // 30 days
    const bought = (await info(me!.auth)).pass_expires_at as number;
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute));
    expect((await info(me!.auth)).pass_expires_at).toBeNull();
    const [ended] = await transactions(me!.auth);
    expect(ended).toMatchObject({ kind: 'chargeback', amount: 0 });
    expect(ended!.pass_until).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect((await generate(me!.auth)).body.data.balance).toBe(0); // charged: no pass while held

    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(disputeEvent('closed', dispute));
    const restored = (await info(me!.auth)).pass_expires_at as number;
    expect(Math.abs(restored - bought)).toBeLessThanOrEqual(3); // the days it had left, from now
    const [back] = await transactions(me!.auth);
    expect(back).toMatchObject({ kind: 'dispute_won', amount: 0, pass_until: restored });
    expect(await moneyRows(me!.auth)).toEqual([
      ['chargeback', 0],
      ['dispute_won', 0],
    ]);
  });
});

describe('early fraud warnings', () => {
  it('hold once; the dispute that follows takes nothing more, and its win gives back once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const warning = fake.earlyFraudWarning(session);
    await deliverTenTimes(warningEvent(warning));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute), warningEvent(warning));
    expect(await moneyRows(me!.auth)).toEqual([['chargeback', -30]]);
    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(disputeEvent('closed', dispute), warningEvent(warning));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    expect(await moneyRows(me!.auth)).toEqual([
      ['chargeback', -30],
      ['dispute_won', 30],
    ]);
  });

  it('a warning then a lost dispute takes once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const warning = fake.earlyFraudWarning(session);
    const dispute = fake.dispute(session);
    fake.closeDispute(dispute, 'lost');
    await deliverTenTimes(warningEvent(warning), disputeEvent('created', dispute), disputeEvent('closed', dispute));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    expect(await moneyRows(me!.auth)).toEqual([['chargeback', -30]]);
  });

  it('a warning on a payment already refunded takes nothing more', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    await deliverTenTimes(warningEvent(fake.earlyFraudWarning(session)));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    expect(await moneyRows(me!.auth)).toEqual([['purchase_refund', -30]]);
    expect((await checkout(me!.auth)).status).toBe(200); // refunded in full: nothing left open
  });
});

describe('refunds that fail or are cancelled', () => {
  it('give back what the refund took, once, though the event arrives 10 times at once', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await totals(me!.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    const [refund] = fake.refundsOf(session);
    fake.failRefund(refund!.id);
    await deliverTenTimes(refundEvent(refund!.id));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    const [back] = await transactions(me!.auth);
    expect(back).toMatchObject({ kind: 'refund_failed', amount: 30, balance_after: 36, reference: session });
    // Late copies of the refund events, under any of their names, take nothing again.
    await deliverTenTimes(
      signed('charge.refunded', { id: charge, object: 'charge' }),
      refundEvent(refund!.id, 'refund.updated'),
      refundEvent(refund!.id, 'refund.failed'),
    );
    expect(await moneyRows(me!.auth)).toEqual([
      ['purchase_refund', -30],
      ['refund_failed', 30],
    ]);
  });

  it('of two partial refunds, the failed one gives back exactly its share', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1'); // 30 Butter for 179 cents
    fake.refund(session, 60);
    const charge = fake.refund(session, 60);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect((await totals(me!.uid)).balance).toBe(16); // 36 - round(30 × 120 / 179)
    const [first, second] = fake.refundsOf(session);
    fake.failRefund(first!.id, 'canceled');
    await deliverTenTimes(refundEvent(first!.id));
    expect(await totals(me!.uid)).toEqual({ balance: 26, debt: 0, ledgerSum: 26 });
    expect(await moneyRows(me!.auth)).toEqual([
      ['purchase_refund', -10],
      ['purchase_refund', -10],
      ['refund_failed', 10],
    ]);
    expect(second!.status).toBe('succeeded');
  });

  it('a refund that failed before its refunded event was read takes nothing at all', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const charge = fake.refund(session);
    const [refund] = fake.refundsOf(session);
    fake.failRefund(refund!.id);
    await deliverTenTimes(refundEvent(refund!.id), signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    expect(await moneyRows(me!.auth)).toEqual([]);
  });

  it('a failed refund of a pass gives back the time the refund took', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '8');
    const bought = (await info(me!.auth)).pass_expires_at as number;
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect((await info(me!.auth)).pass_expires_at).toBeNull();
    const [refund] = fake.refundsOf(session);
    fake.failRefund(refund!.id);
    await deliverTenTimes(refundEvent(refund!.id));
    expect(Math.abs(((await info(me!.auth)).pass_expires_at as number) - bought)).toBeLessThanOrEqual(3);
    expect(await moneyRows(me!.auth)).toEqual([
      ['purchase_refund', 0],
      ['refund_failed', 0],
    ]);
  });

  it('a refund failing while a dispute holds the payment gives nothing now, and the win gives all back', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const inquiry = fake.dispute(session, 'warning_needs_response');
    await deliverTenTimes(disputeEvent('created', inquiry));
    const charge = fake.refund(session, 90);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect((await totals(me!.uid)).balance).toBe(6); // the hold already took it all
    const [refund] = fake.refundsOf(session);
    fake.failRefund(refund!.id);
    await deliverTenTimes(refundEvent(refund!.id));
    expect((await totals(me!.uid)).balance).toBe(6);
    fake.closeDispute(inquiry, 'warning_closed');
    await deliverTenTimes(disputeEvent('closed', inquiry));
    expect(await totals(me!.uid)).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
    expect(await moneyRows(me!.auth)).toEqual([
      ['chargeback', -30],
      ['dispute_won', 30],
    ]);
  });
});

describe('checkout while a payment is disputed or the account owes', () => {
  it('is refused with a message saying why, in the reader’s language, and open again once settled', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    const dispute = fake.dispute(session);
    await deliverTenTimes(disputeEvent('created', dispute));
    const before = fake.creates.length;
    const refused = await checkout(me!.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect(refused.body.base_resp.status_msg).toContain('disputed');
    expect(refused.body.data).toMatchObject({ reason: 'dispute' });
    expect((await checkout(me!.auth, 'zh-CN')).body.base_resp.status_msg).toContain('争议');
    expect((await checkout(me!.auth, 'ja')).body.base_resp.status_msg).toContain('異議申し立て');
    expect(fake.creates.length).toBe(before); // no session was opened at Stripe
    fake.closeDispute(dispute, 'won');
    await deliverTenTimes(disputeEvent('closed', dispute));
    expect((await checkout(me!.auth)).status).toBe(200);
  });

  it('is refused while an early fraud warning holds a payment', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '7');
    await deliverTenTimes(warningEvent(fake.earlyFraudWarning(session)));
    const refused = await checkout(me!.auth, 'ko');
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect(refused.body.base_resp.status_msg).toContain('이의 제기');
  });

  it('is refused while the account owes Butter, naming the debt', async () => {
    const [me] = await quickAccounts(ctx, 1);
    const session = await buy(me!.auth, '1');
    for (let i = 0; i < 3; i++) expect((await generate(me!.auth)).status).toBe(200); // 18 spent
    const charge = fake.refund(session);
    await deliverTenTimes(signed('charge.refunded', { id: charge, object: 'charge' }));
    expect(await totals(me!.uid)).toEqual({ balance: 0, debt: 12, ledgerSum: -12 });
    const refused = await checkout(me!.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.base_resp.status_code).toBe(403001);
    expect(refused.body.base_resp.status_msg).toContain('owes 12 Butter');
    expect(refused.body.data).toEqual({ reason: 'debt', debt: 12 });
    expect((await checkout(me!.auth, 'zh-TW')).body.base_resp.status_msg).toContain('還欠 12 奶油');
  });
});

describe('many events for many accounts at once', () => {
  it('disputes, early fraud warnings and failed refunds delivered ten times concurrently move Butter exactly once each', async () => {
    const accounts = await quickAccounts(ctx, 6);
    const sessions = [];
    for (const account of accounts) sessions.push(await buy(account.auth, '1'));
    const [disputedWon, disputedLost, warned, warnedWon, refundFailed, refundKept] = sessions as string[];
    const won = fake.dispute(disputedWon!);
    const lost = fake.dispute(disputedLost!);
    const warnedDispute = fake.dispute(warnedWon!);
    const charges = [fake.refund(refundFailed!), fake.refund(refundKept!)];
    // Opening: every event ten times, all of them at once.
    await deliverTenTimes(
      disputeEvent('created', won),
      disputeEvent('created', lost),
      warningEvent(fake.earlyFraudWarning(warned!)),
      warningEvent(fake.earlyFraudWarning(warnedWon!)),
      disputeEvent('created', warnedDispute),
      ...charges.map((id) => signed('charge.refunded', { id, object: 'charge' })),
    );
    for (const account of accounts) expect(await totals(account.uid)).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
    // Closing: two wins, a loss, a failed refund; again ten times each, all at once.
    fake.closeDispute(won, 'won');
    fake.closeDispute(lost, 'lost');
    fake.closeDispute(warnedDispute, 'won');
    const [failing] = fake.refundsOf(refundFailed!);
    fake.failRefund(failing!.id);
    await deliverTenTimes(
      disputeEvent('closed', won),
      disputeEvent('closed', lost),
      disputeEvent('closed', warnedDispute),
      refundEvent(failing!.id),
      ...charges.map((id) => signed('charge.refunded', { id, object: 'charge' })),
    );
    const balances = await Promise.all(accounts.map(async (a) => (await totals(a.uid)).balance));
    expect(balances).toEqual([36, 6, 6, 36, 36, 6]);
    const moved = await Promise.all(accounts.map((a) => moneyRows(a.auth)));
    expect(moved).toEqual([
      [
        ['chargeback', -30],
        ['dispute_won', 30],
      ],
      [['chargeback', -30]],
      [['chargeback', -30]],
      [
        ['chargeback', -30],
        ['dispute_won', 30],
      ],
      [
        ['purchase_refund', -30],
        ['refund_failed', 30],
      ],
      [['purchase_refund', -30]],
    ]);
    expect(await unbalancedAccounts(ctx)).toEqual([]);
  });
});
