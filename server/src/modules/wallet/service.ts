import { PAGE_SIZE, type LedgerKind } from '@butterfic/contract';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { pgCode } from '../../db/errors';
import { prepared } from '../../db/prepared';
import { ledger, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type { LedgerKind };

/** Rows that take Butter back for money that went back to the payer: they may leave a debt. */
const TAKE_BACK: ReadonlySet<LedgerKind> = new Set(['purchase_refund', 'chargeback']);
/** Rows that may move no Butter (they record a pass bought, ended, or given back). */
const ZERO_ALLOWED: ReadonlySet<LedgerKind> = new Set(['pass', 'purchase_refund', 'chargeback', 'dispute_won', 'refund_failed']);

/**
 * Changes a balance and appends its ledger row in one statement (run it inside
 * the caller's transaction). Three cases (docs/decisions/0030):
 * - a credit (amount >= 0) pays the account's debt first, the rest goes to the balance (so what a dispute
 *   held and a won dispute gives back, or a failed refund, first pays the debt its taking left);
 * - a take-back (a refund, a dispute or early fraud warning opening, a lost dispute) lowers the balance to at
 *   most 0 and owes the rest as debt;
 * - any other debit is spending: refused while the account owes Butter (305001 with the `inDebt` text),
 *   and the users table's check constraint refuses a balance below zero (305001).
 * Throughout, balance >= 0, debt > 0 only at a zero balance, and balance - debt = the ledger's sum.
 */
export async function applyLedger(
  db: DbOrTx,
  entry: { userUid: string; kind: LedgerKind; amount: number; ref?: string | null; note?: string | null; passUntil?: Date | null },
): Promise<{ balance: number; debt: number }> {
  if (!Number.isInteger(entry.amount) || (entry.amount === 0 && !ZERO_ALLOWED.has(entry.kind)))
    throw new Error(`ledger amounts are non-zero integers (got ${entry.amount} for ${entry.kind})`);
  const spend = entry.amount < 0 && !TAKE_BACK.has(entry.kind);
  const passUntil = entry.passUntil ? entry.passUntil.toISOString() : null;
  try {
    const result = await db.execute<{ balance: number; debt: number }>(sql`
      with changed as (
        update users set
          balance = case when ${spend}::boolean then balance + ${entry.amount}::int else greatest(balance - debt + ${entry.amount}::int, 0) end,
          debt = case when ${spend}::boolean then debt else greatest(debt - balance - ${entry.amount}::int, 0) end,
          updated_at = now()
        where uid = ${entry.userUid} and (not ${spend}::boolean or debt = 0)
        returning uid, balance, debt
      )
      insert into ledger (user_uid, kind, amount, balance_after, debt_after, pass_until, ref, note)
      select uid, ${entry.kind}, ${entry.amount}::int, balance, debt, ${passUntil}::timestamptz, ${entry.ref ?? null}, ${entry.note ?? null}
      from changed
      returning balance_after as balance, debt_after as debt`);
    const row = result.rows[0];
    if (row) return { balance: row.balance, debt: row.debt };
  } catch (error) {
    if (pgCode(error) === '23514') throw new AppError('insufficientButter');
    throw error;
  }
  const owed = await db.execute<{ debt: number }>(sql`select debt from users where uid = ${entry.userUid}`);
  const debt = owed.rows[0]?.debt;
  if (debt === undefined) throw new AppError('notFound', { detail: `no user ${entry.userUid}` });
  throw new AppError('insufficientButter', { message: 'inDebt', params: { debt }, data: { debt } });
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
