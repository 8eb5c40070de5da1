import { findProduct, type Currency, type Product } from '@butterfic/contract';
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
    // A pass runs from the later of now and the end of the pass already held.
    const extended = await tx.execute<{ balance: number; pass_expires_at: Date }>(sql`
      update users set
        pass_expires_at = greatest(now(), coalesce(pass_expires_at, now())) + make_interval(secs => ${product.passSeconds}),
        updated_at = now()
      where uid = ${row.user_uid}
      returning balance, pass_expires_at`);
    const user = extended.rows[0];
    if (!user) throw new AppError('notFound');
    return {
      credited: true,
      userUid: row.user_uid,
      productId: product.id,
      balance: user.balance,
      passExpiresAt: asDate(user.pass_expires_at),
    };
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
  return creditSession(db, sessionId, { provider: 'stripe', userUid, productId: product.id, currency, amount: product.prices[currency] });
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
