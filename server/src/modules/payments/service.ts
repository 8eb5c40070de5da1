import { CURRENCIES, findProduct, PAGE_SIZE, type Currency, type LedgerKind, type Product } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { applyLedger, extendPass, shortenPass } from '../wallet/service';

/**
 * Payments (SPEC.md sections 2 and 9, CONTRACT.md section 5). Stripe's embedded
 * Checkout or, on a machine without Stripe, the sandbox's test checkout; both
 * end in `creditSession`, which credits a session exactly once.
 */

/** The official SDK, pointed at STRIPE_API_BASE when set (tests: a fake Stripe on loopback). */
export function createStripe(env: Env): Stripe | null {
  if (env.PAYMENTS !== 'stripe' || !env.STRIPE_SECRET_KEY) return null;
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'butterfic' } };
  if (env.STRIPE_API_BASE) {
    const base = new URL(env.STRIPE_API_BASE);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    config.host = base.hostname;
    config.port = base.port || (protocol === 'http' ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(env.STRIPE_SECRET_KEY, config);
}

export function productOrThrow(id: string): Product {
  const product = findProduct(id);
  if (!product) throw new AppError('notFound');
  return product;
}

/** The line shown on Stripe's page and the card statement. */
function productName(product: Product): string {
  if (product.kind === 'butter') return `${product.butter} Butter`;
  return product.passSeconds <= 3600
    ? 'Butterfic 1-hour unlimited pass'
    : `Butterfic ${Math.round(product.passSeconds / 86400)}-day unlimited pass`;
}

type OpenSession = {
  sessionId: string;
  provider: 'stripe' | 'sandbox';
  userUid: string;
  product: Product;
  currency: Currency;
  /** The buyer ticked that delivery is immediate and the cooling-off does not apply (recorded as now). */
  deliveryConsent: boolean;
};

async function recordOpenSession(db: Db, row: OpenSession): Promise<void> {
  await db.execute(sql`
    insert into payments (session_id, provider, user_uid, product_id, currency, amount, delivery_consent_at)
    values (${row.sessionId}, ${row.provider}, ${row.userUid}, ${row.product.id}, ${row.currency},
      ${row.product.prices[row.currency]}, case when ${row.deliveryConsent}::boolean then now() end)
    on conflict (session_id) do nothing`);
}

/** What a checkout is for: the product, the currency it is paid in, and the buyer's delivery consent. */
export type CheckoutRequest = { user: AuthUser; productId: string; currency: Currency; deliveryConsent: boolean };

/** Payment methods offered per currency: cards everywhere, and Alipay and WeChat Pay with CNY. */
function methodsFor(
  currency: Currency,
): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options'> {
  if (currency !== 'cny') return { allowed_payment_method_types: ['card'] };
  return { allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'], payment_method_options: { wechat_pay: { client: 'web' } } };
}

/**
 * A Checkout Session in embedded mode. Amount and currency come from the
 * server's table (a JPY or KRW amount is whole yen or won: zero-decimal at
 * Stripe); CNY also offers Alipay and WeChat Pay; the billing address is
 * required (tax); the account is the client_reference_id and in the metadata,
 * with the delivery consent when the buyer gave it.
 */
export async function createStripeSession(db: Db, options: CheckoutRequest & { stripe: Stripe; env: Env }): Promise<string> {
  const { stripe, env, user, currency, deliveryConsent } = options;
  const product = productOrThrow(options.productId);
  const metadata = { user_uid: user.uid, product_id: product.id, ...(deliveryConsent && { delivery_consent: 'true' }) };
  const session = await stripe.checkout.sessions.create({
    ui_mode: 'embedded_page',
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency, unit_amount: product.prices[currency], product_data: { name: productName(product) } },
      },
    ],
    ...methodsFor(currency),
    billing_address_collection: 'required',
    customer_email: user.email,
    client_reference_id: user.uid,
    metadata,
    payment_intent_data: { metadata },
    return_url: `${env.PUBLIC_URL}/recharge/complete?session_id={CHECKOUT_SESSION_ID}`,
  });
  if (!session.client_secret) throw new Error(`Stripe answered session ${session.id} without a client secret`);
  await recordOpenSession(db, { sessionId: session.id, provider: 'stripe', userUid: user.uid, product, currency, deliveryConsent });
  return session.client_secret;
}

/** The sandbox's session: an unguessable id that is also its client secret. */
export async function createSandboxSession(db: Db, options: CheckoutRequest): Promise<string> {
  const { user, currency, deliveryConsent } = options;
  const product = productOrThrow(options.productId);
  const sessionId = `sbx_${newUid(28)}`;
  await recordOpenSession(db, { sessionId, provider: 'sandbox', userUid: user.uid, product, currency, deliveryConsent });
  return sessionId;
}

/** Raw SQL answers timestamps as text (drizzle's node-postgres type parsers); rows from the query builder as Dates. */
const asDate = (value: Date | string | null | undefined): Date | null =>
  value == null ? null : value instanceof Date ? value : new Date(value);

export type Credit = { credited: boolean; userUid: string; productId: string; balance: number; passExpiresAt: Date | null };

/**
 * Credits a paid session once, however often and however concurrently it is
 * called: the row moves to `credited` only from another status (the row lock
 * makes a concurrent second call wait, then find it credited), and the ledger
 * row is written in the same transaction with the session as its reference.
 * `known` describes a session we have no row for (created elsewhere).
 */
export async function creditSession(
  db: Db,
  {
    sessionId,
    known,
  }: {
    sessionId: string;
    known: { provider: 'stripe' | 'sandbox'; userUid: string; productId: string; currency: Currency; amount: number } | null;
  },
): Promise<Credit> {
  return db.transaction(async (tx) => {
    if (known) {
      await tx.execute(sql`
        insert into payments (session_id, provider, user_uid, product_id, currency, amount)
        values (${sessionId}, ${known.provider}, ${known.userUid}, ${known.productId}, ${known.currency}, ${known.amount})
        on conflict (session_id) do nothing`);
    }
    const moved = await tx.execute<{ user_uid: string; product_id: string }>(sql`
      update payments set status = 'credited', credited_at = now()
      where session_id = ${sessionId} and status <> 'credited'
      returning user_uid, product_id`);
    const row = moved.rows[0];
    if (!row) {
      const current = await tx.execute<{ user_uid: string; product_id: string; balance: number; pass_expires_at: Date | null }>(sql`
        select p.user_uid, p.product_id, u.balance, u.pass_expires_at
        from payments p join users u on u.uid = p.user_uid where p.session_id = ${sessionId}`);
      const existing = current.rows[0];
      if (!existing) throw new AppError('notFound', { detail: `no payment session ${sessionId}` });
      return {
        credited: false,
        userUid: existing.user_uid,
        productId: existing.product_id,
        balance: existing.balance,
        passExpiresAt: asDate(existing.pass_expires_at),
      };
    }
    const product = productOrThrow(row.product_id);
    if (product.kind === 'butter') {
      const { balance } = await applyLedger(tx, { userUid: row.user_uid, kind: 'purchase', amount: product.butter, ref: sessionId });
      const [user] = (
        await tx.execute<{ pass_expires_at: Date | null }>(sql`select pass_expires_at from users where uid = ${row.user_uid}`)
      ).rows;
      return { credited: true, userUid: row.user_uid, productId: product.id, balance, passExpiresAt: asDate(user?.pass_expires_at) };
    }
    // A pass runs from the later of now and the end of the pass already held; its ledger row (0 Butter) shows its end.
    const pass = await extendPass(tx, { userUid: row.user_uid, seconds: product.passSeconds, kind: 'pass', ref: sessionId });
    return { credited: true, userUid: row.user_uid, productId: product.id, balance: pass.balance, passExpiresAt: pass.passUntil };
  });
}

/** A session Stripe says failed (an async method such as a bank debit): it never credits. */
export async function failSession(db: Db, { sessionId }: { sessionId: string }): Promise<void> {
  await db.execute(sql`update payments set status = 'failed' where session_id = ${sessionId} and status = 'open'`);
}

/**
 * What the webhook does with a completed session: re-read it from Stripe (the
 * event body is not trusted beyond its signature), credit only when paid and
 * when amount and currency match the server's table.
 */
export async function settleStripeSession(
  db: Db,
  { stripe, sessionId, log }: { stripe: Stripe; sessionId: string; log: { warn: (obj: object, msg: string) => void } },
): Promise<Credit | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.payment_status !== 'paid') return null;
  const userUid = session.metadata?.user_uid ?? session.client_reference_id ?? '';
  const product = findProduct(session.metadata?.product_id ?? '');
  const currency = CURRENCIES.find((c) => c === session.currency) ?? null;
  if (!userUid || !product || !currency || session.amount_total !== product.prices[currency]) {
    log.warn(
      { sessionId, amount: session.amount_total, currency: session.currency },
      'paid Stripe session does not match a product; not credited',
    );
    return null;
  }
  const recorded = await db.execute<{ user_uid: string; product_id: string; currency: string; amount: number }>(sql`
    select user_uid, product_id, currency, amount from payments where session_id = ${sessionId}`);
  const row = recorded.rows[0];
  if (
    row &&
    (row.user_uid !== userUid || row.product_id !== product.id || row.currency !== currency || row.amount !== session.amount_total)
  ) {
    log.warn({ sessionId }, 'paid Stripe session differs from the one we created; not credited');
    return null;
  }
  const credit = await creditSession(db, {
    sessionId,
    known: {
      provider: 'stripe',
      userUid,
      productId: product.id,
      currency,
      amount: product.prices[currency],
    },
  });
  // Stripe's charges, refunds and disputes name the payment by its PaymentIntent.
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (paymentIntent)
    await db.execute(sql`
      update payments set payment_intent = ${paymentIntent} where session_id = ${sessionId} and payment_intent is null`);
  return credit;
}

/** The sandbox's "payment": only the session's own account can complete it. */
export async function completeSandboxSession(db: Db, { user, sessionId }: { user: AuthUser; sessionId: string }): Promise<Credit> {
  const found = await db.execute<{ user_uid: string; provider: string; status: string }>(sql`
    select user_uid, provider, status from payments where session_id = ${sessionId}`);
  const row = found.rows[0];
  if (!row || row.provider !== 'sandbox') throw new AppError('notFound');
  if (row.user_uid !== user.uid) throw new AppError('forbidden');
  return creditSession(db, { sessionId, known: null });
}

export async function sessionStatus(db: Db, { user, sessionId }: { user: AuthUser; sessionId: string }) {
  const found = await db.execute<{ user_uid: string; product_id: string; status: 'open' | 'credited' | 'failed' }>(sql`
    select user_uid, product_id, status from payments where session_id = ${sessionId}`);
  const row = found.rows[0];
  if (!row) throw new AppError('notFound');
  if (row.user_uid !== user.uid) throw new AppError('forbidden');
  return { session_id: sessionId, product_name: row.product_id, status: row.status };
}

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/**
 * Our credited payment behind a Stripe PaymentIntent: by the id stored when it was credited or, for a
 * payment whose completion event has not arrived yet (or came before migration 0023), by asking Stripe
 * which Checkout Session made it, which settles that session first (exactly as its own event would).
 */
async function paymentForIntent(stripe: Stripe, db: Db, paymentIntent: string, log: Log): Promise<string | null> {
  const stored = await db.execute<{ session_id: string }>(sql`
    select session_id from payments where payment_intent = ${paymentIntent} and status = 'credited'`);
  if (stored.rows[0]) return stored.rows[0].session_id;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  if (!session) return null;
  await settleStripeSession(db, { stripe, sessionId: session.id, log });
  const credited = await db.execute<{ session_id: string }>(sql`
    select session_id from payments where session_id = ${session.id} and status = 'credited'`);
  return credited.rows[0]?.session_id ?? null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** One ledger row a settlement wrote: `butter` as in the ledger (negative: taken), or a pass ended or given back. */
export type Move = {
  userUid: string;
  kind: LedgerKind;
  butter: number;
  pass: 'ended' | 'restored' | null;
  balance: number;
  debt: number;
};

/**
 * What Stripe (or the operator) says about a payment, one fact at a time (docs/decisions/0030 and its
 * addendum): a refund that sends money back (`active`) or one that failed or was cancelled; a dispute or
 * early fraud warning opening (`hold`); a dispute closed for us (`release`) or lost (`keep`). `amount` is in
 * the payment's minor units; `'rest'` is whatever no active refund covers yet (the operator's refund).
 */
export type PaymentChange =
  { type: 'refund'; id: string; amount: number | 'rest'; active: boolean } | { type: 'hold' | 'release' | 'keep'; id: string };

type Hold = 'held' | 'released' | 'kept' | null;

/**
 * Applies what Stripe says about a credited payment, once however often and however concurrently it is told:
 * the payment row is locked, and each fact moves a state that only goes one way (a refund from active to
 * failed, never back; a hold from none to held, and from either to released or kept, which are final), so a
 * repeated or stale fact finds nothing to do. Each fact that moved the state then moves the account to what
 * the payment should have taken back by now, in one ledger row:
 * - a package: all its Butter while a dispute or early fraud warning holds it or after a lost dispute, else
 *   the shares its active refunds took (a refund's share is fixed when it is first seen:
 *   `round(butter × refunded / price)` so far, minus what the refunds before it took);
 * - a pass: ended while held or kept or while any refund of it is active (its length comes off the pass end,
 *   or it ends now), else given back (the time it took is added to the later of now and the pass end).
 * Taking writes `purchase_refund` (a refund) or `chargeback` (a hold, a lost dispute) and may leave a debt;
 * giving back writes `refund_failed` or `dispute_won`, a credit that pays that debt first.
 */
export async function settlePayment(db: Db, { sessionId, changes }: { sessionId: string; changes: PaymentChange[] }): Promise<Move[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<PaymentRow>(sql`
      select user_uid, product_id, amount, status, butter_reversed, pass_revoked_at is not null as pass_ended,
        pass_seconds_taken, hold
      from payments where session_id = ${sessionId} for update`);
    const row = locked.rows[0];
    if (!row || row.status !== 'credited') return [];
    const settlement = new Settlement(tx, sessionId, row);
    const moves: Move[] = [];
    for (const change of changes) {
      const move = change.type === 'refund' ? await settlement.refund(change) : await settlement.dispute(change);
      if (move) moves.push(move);
    }
    return moves;
  });
}

/** A credited payment's row as settlePayment locks it. */
type PaymentRow = {
  user_uid: string;
  product_id: string;
  amount: number;
  status: string;
  butter_reversed: number;
  pass_ended: boolean;
  pass_seconds_taken: number | null;
  hold: Hold;
};

/**
 * One payment's refunds and disputes applied in order, inside settlePayment's transaction (its row locked):
 * what the payment has taken back so far is kept here, and each change moves the account by one ledger
 * row (through the wallet) or none.
 */
class Settlement {
  private readonly product: ReturnType<typeof productOrThrow>;
  private readonly butter: number;
  private hold: Hold;
  private reversed: number;
  private passEnded: boolean;
  private passSecondsTaken: number | null;

  constructor(
    private readonly tx: DbOrTx,
    private readonly sessionId: string,
    private readonly row: PaymentRow,
  ) {
    this.product = productOrThrow(row.product_id);
    this.butter = this.product.kind === 'butter' ? this.product.butter : 0;
    this.hold = row.hold;
    this.reversed = row.butter_reversed;
    this.passEnded = row.pass_ended;
    this.passSecondsTaken = row.pass_seconds_taken;
  }

  /** A refund sent (its Butter share recorded once) or failed (never takes, however late a stale copy arrives). */
  async refund(change: Extract<PaymentChange, { type: 'refund' }>): Promise<Move | null> {
    const { tx, sessionId } = this;
    if (change.active) {
      const before = await this.activeRefunds();
      const amount = change.amount === 'rest' ? this.row.amount - before.amount : change.amount;
      if (amount <= 0 && change.amount === 'rest') return null;
      const refunded = Math.min(this.row.amount, before.amount);
      const taken = Math.max(0, this.share(refunded + amount) - this.share(refunded));
      const seen = await tx.execute(sql`
        insert into payment_refunds (session_id, id, amount, butter, status)
        values (${sessionId}, ${change.id}, ${Math.max(0, amount)}, ${taken}, 'active')
        on conflict do nothing
        returning id`);
      if (!seen.rows[0]) return null;
    } else {
      const failed = await tx.execute(sql`
        update payment_refunds set status = 'failed', failed_at = now()
        where session_id = ${sessionId} and id = ${change.id} and status = 'active'
        returning id`);
      if (!failed.rows[0]) {
        // Failed before we saw it send anything: it never takes, however late a stale copy of it arrives.
        await tx.execute(sql`
          insert into payment_refunds (session_id, id, amount, butter, status, failed_at)
          values (${sessionId}, ${change.id}, ${change.amount === 'rest' ? 0 : Math.max(0, change.amount)}, 0, 'failed', now())
          on conflict do nothing`);
        return null;
      }
    }
    return this.settle(`${sessionId}:${change.id}`, 'purchase_refund', 'refund_failed');
  }

  /** A dispute or early fraud warning opened (held), won (released) or lost (kept); each state once. */
  async dispute(change: Exclude<PaymentChange, { type: 'refund' }>): Promise<Move | null> {
    const hold = this.hold;
    if (hold === 'released' || hold === 'kept' || (change.type === 'hold' && hold === 'held')) return null;
    const next = change.type === 'hold' ? 'held' : change.type === 'release' ? 'released' : 'kept';
    await this.tx.execute(sql`
      update payments set hold = ${next}, held_by = coalesce(held_by, ${change.id}), held_at = coalesce(held_at, now())
      where session_id = ${this.sessionId}`);
    this.hold = next;
    const ref = `${this.sessionId}:${change.id}`;
    // A hold's row and the lost dispute's row of the same dispute are both `chargeback`: refs differ.
    return this.settle(change.type === 'hold' ? `${ref}:held` : ref, 'chargeback', 'dispute_won');
  }

  /** The Butter a refund of `refunded` (in the payment's currency units) takes back. */
  private share(refunded: number): number {
    const { butter, row } = this;
    return refunded >= row.amount ? butter : Math.min(butter, Math.round((butter * Math.max(0, refunded)) / row.amount));
  }

  private async activeRefunds(): Promise<{ amount: number; butter: number; count: number }> {
    const found = await this.tx.execute<{ amount: number; butter: number; count: number }>(sql`
      select coalesce(sum(amount), 0)::int as amount, coalesce(sum(butter), 0)::int as butter, count(*)::int as count
      from payment_refunds where session_id = ${this.sessionId} and status = 'active'`);
    return found.rows[0] ?? { amount: 0, butter: 0, count: 0 };
  }

  /** Moves the account to what the payment should have taken back now; one ledger row, or none. */
  private async settle(ref: string, take: LedgerKind, giveBack: LedgerKind): Promise<Move | null> {
    const active = await this.activeRefunds();
    const holding = this.hold === 'held' || this.hold === 'kept';
    const refundedAmount = Math.min(this.row.amount, active.amount);
    if (this.product.kind === 'butter') {
      const target = holding ? this.butter : Math.min(this.butter, active.butter);
      const delta = target - this.reversed;
      await this.tx.execute(sql`
        update payments set butter_reversed = ${target}, refunded_amount = ${refundedAmount}
        where session_id = ${this.sessionId}`);
      this.reversed = target;
      if (delta === 0) return null;
      const kind = delta > 0 ? take : giveBack;
      const after = await applyLedger(this.tx, { userUid: this.row.user_uid, kind, amount: -delta, ref });
      return { userUid: this.row.user_uid, kind, butter: -delta, pass: null, ...after };
    }
    await this.tx.execute(sql`
      update payments set refunded_amount = ${refundedAmount} where session_id = ${this.sessionId}`);
    const end = holding || active.count > 0;
    if (end === this.passEnded) return null;
    this.passEnded = end;
    return end ? this.endPass(ref, take) : this.restorePass(ref, giveBack);
  }

  /** The pass's length comes off the account's pass end; if that is past, the pass ends now. */
  private async endPass(ref: string, kind: LedgerKind): Promise<Move> {
    const seconds = this.product.kind === 'pass' ? this.product.passSeconds : 0;
    const { passUntil: _ended, secondsTaken, ...after } = await shortenPass(this.tx, { userUid: this.row.user_uid, seconds, kind, ref });
    this.passSecondsTaken = secondsTaken;
    await this.tx.execute(sql`
      update payments set pass_revoked_at = now(), pass_seconds_taken = ${secondsTaken} where session_id = ${this.sessionId}`);
    return { userUid: this.row.user_uid, kind, butter: 0, pass: 'ended', ...after };
  }

  /**
   * Given back: the time it took runs again from the later of now and the pass end (a pass ended before
   * migration 0029 recorded no time: its whole length).
   */
  private async restorePass(ref: string, kind: LedgerKind): Promise<Move | null> {
    const seconds = this.passSecondsTaken ?? (this.product.kind === 'pass' ? this.product.passSeconds : 0);
    await this.tx.execute(sql`
      update payments set pass_revoked_at = null, pass_seconds_taken = null where session_id = ${this.sessionId}`);
    this.passSecondsTaken = null;
    if (seconds <= 0) return null;
    const { passUntil: _restored, ...after } = await extendPass(this.tx, { userUid: this.row.user_uid, seconds, kind, ref });
    return { userUid: this.row.user_uid, kind, butter: 0, pass: 'restored', ...after };
  }
}

/** The operator's refund outside Stripe (`npm run admin -- payment refund`): all that no refund covers yet. */
export async function refundOutsideStripe(db: Db, { sessionId }: { sessionId: string }): Promise<Move | null> {
  const [move] = await settlePayment(db, { sessionId, changes: [{ type: 'refund', id: 'manual', amount: 'rest', active: true }] });
  return move ?? null;
}

/** Stripe's refund statuses under which no money goes back (the rest: pending, requires_action, succeeded). */
const REFUND_ENDED = new Set(['failed', 'canceled']);

const describe = (moves: Move[]) => moves.map((m) => ({ kind: m.kind, butter: m.butter, pass: m.pass }));

/**
 * `charge.refunded`, and a refund's own events through `settleStripeRefund`: re-reads the charge and its
 * refunds from Stripe and applies each (taken when first seen sending money back, given back when it failed
 * or was cancelled).
 */
export async function settleStripeRefunds(
  db: Db,
  { stripe, chargeId, log }: { stripe: Stripe; chargeId: string; log: Log },
): Promise<Move[]> {
  const charge = await stripe.charges.retrieve(chargeId);
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return [];
  const refunds: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ charge: chargeId, limit: 100 })) refunds.push(refund);
  if (refunds.length === 0) return [];
  const sessionId = await paymentForIntent(stripe, db, paymentIntent, log);
  if (!sessionId) {
    log.warn({ chargeId, paymentIntent }, 'refunded Stripe charge matches no credited payment; nothing taken back');
    return [];
  }
  // The charge is the whole payment (our price table's amount); each refund is a share of it.
  const payment = await db.execute<{ amount: number }>(sql`select amount from payments where session_id = ${sessionId}`);
  const amount = payment.rows[0]?.amount ?? charge.amount;
  const scale = (minor: number) => (charge.amount === amount || charge.amount <= 0 ? minor : Math.round((minor * amount) / charge.amount));
  refunds.sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const moves = await settlePayment(db, {
    sessionId,
    changes: refunds.map((r) => ({
      type: 'refund' as const,
      id: r.id,
      amount: scale(r.amount),
      active: !REFUND_ENDED.has(r.status ?? ''),
    })),
  });
  if (moves.length > 0) log.info({ sessionId, chargeId, moves: describe(moves) }, 'payment refunds settled');
  return moves;
}

/** `charge.refund.updated`, `refund.updated`, `refund.failed`: the refund re-read from Stripe names its charge. */
export async function settleStripeRefund(
  db: Db,
  { stripe, refundId, log }: { stripe: Stripe; refundId: string; log: Log },
): Promise<Move[]> {
  const refund = await stripe.refunds.retrieve(refundId);
  const chargeId = idOf(refund.charge);
  return chargeId ? settleStripeRefunds(db, { stripe, chargeId, log }) : [];
}

/** Stripe's dispute statuses after which nothing changes. */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed', 'prevented']);
/** Closed without the bank taking the money: an inquiry that went no further, a won dispute, a prevented one (its refund, if any, is a refund). */
const RELEASED_DISPUTE = new Set(['won', 'warning_closed', 'prevented']);

/**
 * `charge.dispute.created` / `charge.dispute.closed`: re-reads the dispute from Stripe, records it for the
 * operator console (a closed dispute is never reopened by a late event), and applies it to its payment by
 * the status Stripe answers now: open holds, won (or an inquiry closed, or prevented) gives back, lost keeps.
 * A dispute closed before its opening event arrived is applied once, by whichever event comes first.
 */
export async function settleStripeDispute(
  db: Db,
  { stripe, disputeId, log }: { stripe: Stripe; disputeId: string; log: Log },
): Promise<Move[]> {
  const dispute = await stripe.disputes.retrieve(disputeId);
  let paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent) paymentIntent = idOf((await stripe.charges.retrieve(idOf(dispute.charge) ?? '')).payment_intent);
  const sessionId = paymentIntent ? await paymentForIntent(stripe, db, paymentIntent, log) : null;
  if (!sessionId) {
    log.warn({ disputeId, paymentIntent }, 'Stripe dispute matches no credited payment; not recorded');
    return [];
  }
  const closed = CLOSED_DISPUTE.has(dispute.status);
  await db.execute(sql`
    insert into disputes (id, session_id, user_uid, amount, currency, reason, status, closed_at)
    select ${dispute.id}, p.session_id, p.user_uid, ${dispute.amount}, ${dispute.currency}, ${dispute.reason}, ${dispute.status},
      case when ${closed}::boolean then now() end
    from payments p where p.session_id = ${sessionId}
    on conflict (id) do update set
      status = excluded.status, amount = excluded.amount, reason = excluded.reason, updated_at = now(),
      closed_at = coalesce(disputes.closed_at, excluded.closed_at)
    where disputes.closed_at is null`);
  const type = dispute.status === 'lost' ? 'keep' : RELEASED_DISPUTE.has(dispute.status) ? 'release' : 'hold';
  const moves = await settlePayment(db, { sessionId, changes: [{ type, id: dispute.id }] });
  if (moves.length > 0) log.info({ sessionId, disputeId, status: dispute.status, moves: describe(moves) }, 'dispute settled');
  return moves;
}

/**
 * `radar.early_fraud_warning.created`: the card's issuer reported the charge as fraud. Re-read from Stripe,
 * it holds the payment as an opening dispute does; the payment's dispute (if one follows) then decides,
 * never taking twice. A warning that no dispute follows keeps the hold (and checkout refused) until the
 * charge is refunded in full.
 */
export async function settleEarlyFraudWarning(
  db: Db,
  { stripe, warningId, log }: { stripe: Stripe; warningId: string; log: Log },
): Promise<Move[]> {
  const warning = await stripe.radar.earlyFraudWarnings.retrieve(warningId);
  let paymentIntent = idOf(warning.payment_intent);
  if (!paymentIntent) paymentIntent = idOf((await stripe.charges.retrieve(idOf(warning.charge) ?? '')).payment_intent);
  const sessionId = paymentIntent ? await paymentForIntent(stripe, db, paymentIntent, log) : null;
  if (!sessionId) {
    log.warn({ warningId, paymentIntent }, 'Stripe early fraud warning matches no credited payment; nothing held');
    return [];
  }
  const moves = await settlePayment(db, { sessionId, changes: [{ type: 'hold', id: warning.id }] });
  if (moves.length > 0)
    log.info({ sessionId, warningId, fraudType: warning.fraud_type, moves: describe(moves) }, 'early fraud warning: held');
  return moves;
}

/**
 * Checkout is refused (403001) while a payment of the account is held by an open dispute or early fraud
 * warning (not refunded in full), and while the account owes Butter: the message says which.
 */
export async function assertMayCheckout(db: Db, { userUid }: { userUid: string }): Promise<void> {
  const found = await db.execute<{ debt: number; held: boolean }>(sql`
    select u.debt, exists (
      select 1 from payments p where p.user_uid = u.uid and p.hold = 'held' and p.refunded_amount < p.amount
    ) as held
    from users u where u.uid = ${userUid}`);
  const row = found.rows[0];
  if (!row) throw new AppError('notFound');
  if (row.held) throw new AppError('forbidden', { message: 'checkoutHeld', data: { reason: 'dispute' } });
  if (row.debt > 0)
    throw new AppError('forbidden', { message: 'checkoutInDebt', params: { debt: row.debt }, data: { reason: 'debt', debt: row.debt } });
}

/** The operator console's list of disputes, newest first, 20 a page. */
export async function listDisputes(db: Db, query: { page: number }) {
  const rows = await db.execute<{
    id: string;
    session_id: string;
    user_uid: string;
    email: string;
    product_id: string;
    amount: number;
    currency: string;
    reason: string;
    status: string;
    debt: number;
    created: number;
    closed: number | null;
  }>(sql`
    select d.id, d.session_id, d.user_uid, u.email, p.product_id, d.amount, d.currency, d.reason, d.status, u.debt,
      floor(extract(epoch from d.created_at))::int as created, floor(extract(epoch from d.closed_at))::int as closed
    from disputes d join payments p on p.session_id = d.session_id join users u on u.uid = d.user_uid
    order by d.created_at desc, d.id
    limit ${PAGE_SIZE + 1} offset ${(query.page - 1) * PAGE_SIZE}`);
  return {
    results: rows.rows.slice(0, PAGE_SIZE).map((r) => ({
      id: r.id,
      session_id: r.session_id,
      user_uid: r.user_uid,
      user_email: r.email,
      product_name: r.product_id,
      amount: r.amount,
      currency: r.currency,
      reason: r.reason,
      status: r.status,
      user_debt: r.debt,
      created_time: Number(r.created),
      closed_time: r.closed === null ? null : Number(r.closed),
    })),
    page: query.page,
    page_size: PAGE_SIZE,
    has_more: rows.rows.length > PAGE_SIZE,
  };
}
