import { findProduct, PAGE_SIZE, type Currency, type Product } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { applyLedger } from '../wallet/service';

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

async function recordOpenSession(
  db: Db,
  row: { sessionId: string; provider: 'stripe' | 'sandbox'; userUid: string; product: Product; currency: Currency },
): Promise<void> {
  await db.execute(sql`
    insert into payments (session_id, provider, user_uid, product_id, currency, amount)
    values (${row.sessionId}, ${row.provider}, ${row.userUid}, ${row.product.id}, ${row.currency}, ${row.product.prices[row.currency]})
    on conflict (session_id) do nothing`);
}

/**
 * A Checkout Session in embedded mode. Amount and currency come from the
 * server's table; CNY also offers Alipay and WeChat Pay; the billing address is
 * required (tax); the account is the client_reference_id and in the metadata.
 */
export async function createStripeSession(
  stripe: Stripe,
  db: Db,
  env: Env,
  user: AuthUser,
  productId: string,
  currency: Currency,
): Promise<string> {
  const product = productOrThrow(productId);
  const metadata = { user_uid: user.uid, product_id: product.id };
  const session = await stripe.checkout.sessions.create({
    ui_mode: 'embedded_page',
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency, unit_amount: product.prices[currency], product_data: { name: productName(product) } },
      },
    ],
    allowed_payment_method_types: currency === 'cny' ? ['card', 'alipay', 'wechat_pay'] : ['card'],
    ...(currency === 'cny' && { payment_method_options: { wechat_pay: { client: 'web' } } }),
    billing_address_collection: 'required',
    customer_email: user.email,
    client_reference_id: user.uid,
    metadata,
    payment_intent_data: { metadata },
    return_url: `${env.PUBLIC_URL}/recharge/complete?session_id={CHECKOUT_SESSION_ID}`,
  });
  if (!session.client_secret) throw new Error(`Stripe answered session ${session.id} without a client secret`);
  await recordOpenSession(db, { sessionId: session.id, provider: 'stripe', userUid: user.uid, product, currency });
  return session.client_secret;
}

/** The sandbox's session: an unguessable id that is also its client secret. */
export async function createSandboxSession(db: Db, user: AuthUser, productId: string, currency: Currency): Promise<string> {
  const product = productOrThrow(productId);
  const sessionId = `sbx_${newUid(28)}`;
  await recordOpenSession(db, { sessionId, provider: 'sandbox', userUid: user.uid, product, currency });
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
  sessionId: string,
  known: { provider: 'stripe' | 'sandbox'; userUid: string; productId: string; currency: Currency; amount: number } | null,
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
    const extended = await tx.execute<{ balance: number; pass_expires_at: Date }>(sql`
      update users set
        pass_expires_at = greatest(now(), coalesce(pass_expires_at, now())) + make_interval(secs => ${product.passSeconds}),
        updated_at = now()
      where uid = ${row.user_uid}
      returning balance, pass_expires_at`);
    const user = extended.rows[0];
    if (!user) throw new AppError('notFound');
    const passExpiresAt = asDate(user.pass_expires_at);
    await applyLedger(tx, { userUid: row.user_uid, kind: 'pass', amount: 0, ref: sessionId, passUntil: passExpiresAt });
    return { credited: true, userUid: row.user_uid, productId: product.id, balance: user.balance, passExpiresAt };
  });
}

/** A session Stripe says failed (an async method such as a bank debit): it never credits. */
export async function failSession(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`update payments set status = 'failed' where session_id = ${sessionId} and status = 'open'`);
}

/**
 * What the webhook does with a completed session: re-read it from Stripe (the
 * event body is not trusted beyond its signature), credit only when paid and
 * when amount and currency match the server's table.
 */
export async function settleStripeSession(
  stripe: Stripe,
  db: Db,
  sessionId: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<Credit | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.payment_status !== 'paid') return null;
  const userUid = session.metadata?.user_uid ?? session.client_reference_id ?? '';
  const product = findProduct(session.metadata?.product_id ?? '');
  const currency = session.currency === 'eur' || session.currency === 'cny' ? session.currency : null;
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
  const credit = await creditSession(db, sessionId, {
    provider: 'stripe',
    userUid,
    productId: product.id,
    currency,
    amount: product.prices[currency],
  });
  // Stripe's charges, refunds and disputes name the payment by its PaymentIntent.
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (paymentIntent)
    await db.execute(sql`
      update payments set payment_intent = ${paymentIntent} where session_id = ${sessionId} and payment_intent is null`);
  return credit;
}

/** The sandbox's "payment": only the session's own account can complete it. */
export async function completeSandboxSession(db: Db, user: AuthUser, sessionId: string): Promise<Credit> {
  const found = await db.execute<{ user_uid: string; provider: string; status: string }>(sql`
    select user_uid, provider, status from payments where session_id = ${sessionId}`);
  const row = found.rows[0];
  if (!row || row.provider !== 'sandbox') throw new AppError('notFound');
  if (row.user_uid !== user.uid) throw new AppError('forbidden');
  return creditSession(db, sessionId, null);
}

export async function sessionStatus(db: Db, user: AuthUser, sessionId: string) {
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
  await settleStripeSession(stripe, db, session.id, log);
  const credited = await db.execute<{ session_id: string }>(sql`
    select session_id from payments where session_id = ${session.id} and status = 'credited'`);
  return credited.rows[0]?.session_id ?? null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export type TakeBack = { userUid: string; butter: number; passEnded: boolean; balance: number; debt: number };

/**
 * Takes back what a refunded or lost payment bought (docs/decisions/0030), once however often and however
 * concurrently it is called: the payment row is locked and records the refunded amount so far and the
 * Butter already taken back, so each call takes only the difference. A package loses Butter in proportion
 * to the money refunded (all of it for a full refund or a lost dispute; the balance goes to 0 and the rest
 * is owed); a pass ends at once (what is left of another pass held after it stays).
 */
export async function takeBackPayment(
  db: Db,
  options: { sessionId: string; refundedAmount?: number; disputeLost?: string },
): Promise<TakeBack | null> {
  const { sessionId, refundedAmount = 0, disputeLost } = options;
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{
      user_uid: string;
      product_id: string;
      amount: number;
      status: string;
      refunded_amount: number;
      butter_reversed: number;
      pass_revoked: boolean;
    }>(sql`
      select user_uid, product_id, amount, status, refunded_amount, butter_reversed, pass_revoked_at is not null as pass_revoked
      from payments where session_id = ${sessionId} for update`);
    const row = locked.rows[0];
    if (!row || row.status !== 'credited') return null;
    const product = productOrThrow(row.product_id);
    const refunded = Math.min(row.amount, Math.max(row.refunded_amount, refundedAmount));
    const kind = disputeLost ? 'chargeback' : 'purchase_refund';
    const ref = disputeLost ? `${sessionId}:${disputeLost}` : `${sessionId}:${refunded}`;
    const full = disputeLost !== undefined || refunded >= row.amount;
    if (product.kind === 'butter') {
      const target = full ? product.butter : Math.min(product.butter, Math.round((product.butter * refunded) / row.amount));
      const butter = target - row.butter_reversed;
      await tx.execute(sql`
        update payments set refunded_amount = ${refunded}, butter_reversed = greatest(butter_reversed, ${target})
        where session_id = ${sessionId}`);
      if (butter <= 0) return null;
      const after = await applyLedger(tx, { userUid: row.user_uid, kind, amount: -butter, ref });
      return { userUid: row.user_uid, butter, passEnded: false, ...after };
    }
    await tx.execute(sql`update payments set refunded_amount = ${refunded} where session_id = ${sessionId}`);
    if (row.pass_revoked || (!disputeLost && refunded === 0)) return null;
    await tx.execute(sql`update payments set pass_revoked_at = now() where session_id = ${sessionId}`);
    const ended = await tx.execute<{ pass_expires_at: Date | string | null }>(sql`
      update users set
        pass_expires_at = case
          when pass_expires_at - make_interval(secs => ${product.passSeconds}) > now()
            then pass_expires_at - make_interval(secs => ${product.passSeconds})
          else least(pass_expires_at, now())
        end,
        updated_at = now()
      where uid = ${row.user_uid}
      returning pass_expires_at`);
    const passUntil = asDate(ended.rows[0]?.pass_expires_at) ?? new Date();
    const after = await applyLedger(tx, { userUid: row.user_uid, kind, amount: 0, ref, passUntil });
    return { userUid: row.user_uid, butter: 0, passEnded: true, ...after };
  });
}

/** `charge.refunded`: re-reads the charge from Stripe and takes back what its refunds so far cover. */
export async function settleStripeRefund(stripe: Stripe, db: Db, chargeId: string, log: Log): Promise<TakeBack | null> {
  const charge = await stripe.charges.retrieve(chargeId);
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent || charge.amount_refunded <= 0) return null;
  const sessionId = await paymentForIntent(stripe, db, paymentIntent, log);
  if (!sessionId) {
    log.warn({ chargeId, paymentIntent }, 'refunded Stripe charge matches no credited payment; nothing taken back');
    return null;
  }
  // The charge is the whole payment (our price table's amount); its refunds so far are a share of it.
  const payment = await db.execute<{ amount: number }>(sql`select amount from payments where session_id = ${sessionId}`);
  const amount = payment.rows[0]?.amount ?? 0;
  const refundedAmount = charge.amount_refunded >= charge.amount ? amount : Math.round((charge.amount_refunded * amount) / charge.amount);
  const taken = await takeBackPayment(db, { sessionId, refundedAmount });
  if (taken) log.info({ sessionId, butter: taken.butter, passEnded: taken.passEnded }, 'payment refunded: taken back');
  return taken;
}

/** Stripe's dispute statuses after which nothing changes. */
const CLOSED_DISPUTE = new Set(['won', 'lost', 'warning_closed']);

/**
 * `charge.dispute.created` / `charge.dispute.closed`: re-reads the dispute from Stripe, records it for the
 * operator console (a closed dispute is never reopened by a late event), and takes the payment back when
 * the bank decided against us.
 */
export async function settleStripeDispute(stripe: Stripe, db: Db, disputeId: string, log: Log): Promise<TakeBack | null> {
  const dispute = await stripe.disputes.retrieve(disputeId);
  let paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent) paymentIntent = idOf((await stripe.charges.retrieve(idOf(dispute.charge) ?? '')).payment_intent);
  const sessionId = paymentIntent ? await paymentForIntent(stripe, db, paymentIntent, log) : null;
  if (!sessionId) {
    log.warn({ disputeId, paymentIntent }, 'Stripe dispute matches no credited payment; not recorded');
    return null;
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
  if (dispute.status !== 'lost') return null;
  const taken = await takeBackPayment(db, { sessionId, disputeLost: dispute.id });
  if (taken) log.info({ sessionId, disputeId, butter: taken.butter, passEnded: taken.passEnded }, 'dispute lost: taken back');
  return taken;
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
