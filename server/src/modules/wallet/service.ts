import { PAGE_SIZE, type LedgerKind } from '@butterfic/contract';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { prepared } from '../../db/prepared';
import { ledger, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type { LedgerKind };

/** Rows that may move no Butter (they record a pass bought, ended, or given back). */
const ZERO_ALLOWED: ReadonlySet<LedgerKind> = new Set(['pass', 'purchase_refund', 'chargeback', 'dispute_won', 'refund_failed']);

/** What a move answers: the account's money after it, or, for a refused spend, before it and why. */
type Moved = { balance: number; debt: number; refused: 'debt' | 'short' | null };

/**
 * Changes a balance and appends its ledger row in one statement (run it inside
 * the caller's transaction). Every Butter change is this one SQL function, `wallet_move`
 * (migration 0031, docs/decisions/0051); the new-stories batch calls it through `spendEach`. Three cases
 * (docs/decisions/0030):
 * - a credit (amount >= 0) pays the account's debt first, the rest goes to the balance (so what a dispute
 *   held and a won dispute gives back, or a failed refund, first pays the debt its taking left);
 * - a take-back (a refund, a dispute or early fraud warning opening, a lost dispute) lowers the balance to at
 *   most 0 and owes the rest as debt;
 * - any other debit is spending: refused while the account owes Butter (305001 with the `inDebt` text)
 *   or when the balance does not cover it (305001).
 * Throughout, balance >= 0, debt > 0 only at a zero balance, and balance - debt = the ledger's sum.
 */
export async function applyLedger(
  db: DbOrTx,
  entry: { userUid: string; kind: LedgerKind; amount: number; ref?: string | null; note?: string | null; passUntil?: Date | null },
): Promise<{ balance: number; debt: number }> {
  if (!Number.isInteger(entry.amount) || (entry.amount === 0 && !ZERO_ALLOWED.has(entry.kind)))
    throw new Error(`ledger amounts are non-zero integers (got ${entry.amount} for ${entry.kind})`);
  const passUntil = entry.passUntil ? entry.passUntil.toISOString() : null;
  const result = await db.execute<Moved>(sql`
    select balance, debt, refused from wallet_move(${entry.userUid}, ${entry.kind}, ${entry.amount}::int, ${entry.ref ?? null},
      ${entry.note ?? null}, ${passUntil}::timestamptz)`);
  const row = result.rows[0];
  if (!row) throw new AppError('notFound', { detail: `no user ${entry.userUid}` });
  if (row.refused === 'debt')
    throw new AppError('insufficientButter', { message: 'inDebt', params: { debt: row.debt }, data: { debt: row.debt } });
  if (row.refused) throw new AppError('insufficientButter');
  return { balance: row.balance, debt: row.debt };
}

/**
 * The new-stories batch's charges (modules/novels/new-stories.ts), for its one statement: `wallet_move` called
 * for each row of `rows` (an SQL relation with `i`, `user_uid`, `job_uid` and `charge` > 0), in the order of `i`,
 * each call seeing the ones before it, as `generate` spends. Answers an SQL relation of `i`, `balance`, `debt`
 * and `refused` (null when charged): put it in a `materialized` CTE and join it, so that it runs once, in order.
 */
export function spendEach(rows: string): string {
  return `select r.i, m.balance, m.debt, m.refused
    from (select * from ${rows} as rows_in order by i offset 0) r
    cross join lateral wallet_move(r.user_uid, 'generate', -r.charge, r.job_uid, null, null) m`;
}

/**
 * A pass bought or given back: the account's pass end moves to the later of now and its end, plus `seconds`,
 * and a 0-Butter ledger row (`kind`: 'pass', 'dispute_won', 'refund_failed') records the new end. In the caller's transaction.
 */
export async function extendPass(
  db: DbOrTx,
  { userUid, seconds, kind, ref }: { userUid: string; seconds: number; kind: LedgerKind; ref: string },
): Promise<{ balance: number; debt: number; passUntil: Date }> {
  const extended = await db.execute<{ pass_expires_at: Date | string }>(sql`
    update users set
      pass_expires_at = greatest(now(), coalesce(pass_expires_at, now())) + make_interval(secs => ${seconds}),
      updated_at = now()
    where uid = ${userUid}
    returning pass_expires_at`);
  const end = extended.rows[0]?.pass_expires_at;
  if (end === undefined) throw new AppError('notFound');
  const passUntil = new Date(end);
  return { ...(await applyLedger(db, { userUid, kind, amount: 0, ref, passUntil })), passUntil };
}

/**
 * A pass taken back (a refund or a dispute of its payment): `seconds` come off the account's pass end, or, if
 * that is past, the pass ends now; a 0-Butter ledger row (`kind`) records the new end. Answers how many
 * seconds were taken (what a give-back restores). In the caller's transaction.
 */
export async function shortenPass(
  db: DbOrTx,
  { userUid, seconds, kind, ref }: { userUid: string; seconds: number; kind: LedgerKind; ref: string },
): Promise<{ balance: number; debt: number; passUntil: Date; secondsTaken: number }> {
  const before = await db.execute<{ pass_expires_at: Date | string | null }>(sql`
    select pass_expires_at from users where uid = ${userUid} for update`);
  const previous = before.rows[0]?.pass_expires_at;
  const ended = await db.execute<{ pass_expires_at: Date | string | null }>(sql`
    update users set
      pass_expires_at = case
        when pass_expires_at - make_interval(secs => ${seconds}) > now() then pass_expires_at - make_interval(secs => ${seconds})
        else least(pass_expires_at, now())
      end,
      updated_at = now()
    where uid = ${userUid}
    returning pass_expires_at`);
  const end = ended.rows[0]?.pass_expires_at;
  const passUntil = end ? new Date(end) : new Date();
  const secondsTaken = previous ? Math.max(0, Math.round((new Date(previous).getTime() - passUntil.getTime()) / 1000)) : 0;
  return { ...(await applyLedger(db, { userUid, kind, amount: 0, ref, passUntil })), passUntil, secondsTaken };
}

/** The balance, the debt and the ledger's sum (balance - debt = ledgerSum), for checks and the operator. */
export async function ledgerTotals(
  db: DbOrTx,
  { userUid }: { userUid: string },
): Promise<{ balance: number; debt: number; ledgerSum: number }> {
  const result = await db.execute<{ balance: number; debt: number; ledger_sum: number }>(sql`
    select u.balance, u.debt, coalesce((select sum(amount) from ledger l where l.user_uid = u.uid), 0)::int as ledger_sum
    from users u where u.uid = ${userUid}`);
  const row = result.rows[0];
  if (!row) throw new AppError('notFound');
  return { balance: row.balance, debt: row.debt, ledgerSum: row.ledger_sum };
}

/**
 * One shape of a page of an account's ledger (with or without `before`), prepared once per database handle
 * (docs/decisions/0020). Deferred join (docs/decisions/0028): the page's ids are cut from ledger_user_idx
 * (user_uid, id) alone, offset and all, then only those rows are read.
 */
export function transactionsQuery(db: Db, { before }: { before: boolean }) {
  const name = `wallet_transactions_${before ? 1 : 0}`;
  return prepared(db, name, () => {
    const keys = db
      .select({ id: ledger.id })
      .from(ledger)
      .where(and(eq(ledger.userUid, sql.placeholder('user')), before ? lte(ledger.id, sql.placeholder('before')) : undefined))
      .orderBy(desc(ledger.userUid), desc(ledger.id))
      .limit(PAGE_SIZE + 1)
      .offset(sql.placeholder('offset'));
    return db
      .select({
        id: ledger.id,
        kind: ledger.kind,
        amount: ledger.amount,
        balanceAfter: ledger.balanceAfter,
        debtAfter: ledger.debtAfter,
        passUntil: sql<number | null>`floor(extract(epoch from ${ledger.passUntil}))::int`,
        ref: ledger.ref,
        created: sql<number>`extract(epoch from ${ledger.createdAt})::int`.mapWith(Number),
      })
      .from(ledger)
      .where(inArray(ledger.id, keys))
      .orderBy(desc(ledger.id))
      .prepare(name);
  });
}

/**
 * The caller's ledger, newest first, 20 a page. `before` (the first page's
 * newest id) pins later pages, so rows written meanwhile never shift them.
 */
export async function listTransactions(db: Db, { userUid, page, before }: { userUid: string; page: number; before: number | undefined }) {
  const rows = await transactionsQuery(db, { before: before !== undefined }).execute({
    user: userUid,
    before,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    results: rows.slice(0, PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      amount: r.amount,
      balance_after: r.balanceAfter,
      debt_after: r.debtAfter,
      pass_until: r.passUntil === null ? null : Number(r.passUntil),
      reference: publicReference(r.kind, r.ref),
      created_time: r.created,
    })),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
  };
}

/**
 * What a row's reference may show its owner: a redeem row names the code, not the account; a refund, chargeback
 * or give-back row the payment's session; invitation rows show nothing.
 */
const SESSION_REFERENCE: ReadonlySet<LedgerKind> = new Set(['redeem', 'purchase_refund', 'chargeback', 'dispute_won', 'refund_failed']);
function publicReference(kind: LedgerKind, ref: string | null): string | null {
  if (!ref) return null;
  if (SESSION_REFERENCE.has(kind)) return ref.split(':')[0] ?? null;
  if (kind === 'signup' || kind === 'invite' || kind === 'invited') return null;
  return ref;
}

/**
 * The account with its balance and debt as the database holds them now: a signed-in request's account
 * holds no money (plugins/auth.ts, decision 0052), so answers that show the money read it here.
 */
export async function withFreshMoney<U extends { uid: string }>(
  db: DbOrTx,
  { user }: { user: U },
): Promise<U & { balance: number; debt: number }> {
  const [row] = await db.select({ balance: users.balance, debt: users.debt }).from(users).where(eq(users.uid, user.uid));
  return { ...user, balance: row?.balance ?? 0, debt: row?.debt ?? 0 };
}
