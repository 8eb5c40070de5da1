import { PAGE_SIZE } from '@butterfic/contract';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { pgCode } from '../../db/errors';
import { prepared } from '../../db/prepared';
import { ledger } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type LedgerKind = 'signup' | 'grant' | 'invite' | 'invited' | 'redeem' | 'purchase' | 'generate' | 'continue' | 'refund';

/**
 * Changes a balance and appends its ledger row in one statement (run it inside
 * the caller's transaction). The balance can never go below zero: the users
 * table's check constraint refuses it and we answer 305001.
 */
export async function applyLedger(
  db: DbOrTx,
  entry: { userUid: string; kind: LedgerKind; amount: number; ref?: string | null; note?: string | null },
): Promise<{ balance: number }> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new Error(`ledger amounts are non-zero integers (got ${entry.amount})`);
  try {
    const result = await db.execute<{ balance: number }>(sql`
      with changed as (
        update users set balance = balance + ${entry.amount}, updated_at = now()
        where uid = ${entry.userUid}
        returning uid, balance
      )
      insert into ledger (user_uid, kind, amount, balance_after, ref, note)
      select uid, ${entry.kind}, ${entry.amount}, balance, ${entry.ref ?? null}, ${entry.note ?? null} from changed
      returning balance_after as balance`);
    const row = result.rows[0];
    if (!row) throw new AppError('notFound', { detail: `no user ${entry.userUid}` });
    return { balance: row.balance };
  } catch (error) {
    if (pgCode(error) === '23514') throw new AppError('insufficientButter');
    throw error;
  }
}

/** The balance and the ledger's sum, for checks and the operator. */
export async function ledgerTotals(db: DbOrTx, userUid: string): Promise<{ balance: number; ledgerSum: number }> {
  const result = await db.execute<{ balance: number; ledger_sum: number }>(sql`
    select u.balance, coalesce((select sum(amount) from ledger l where l.user_uid = u.uid), 0)::int as ledger_sum
    from users u where u.uid = ${userUid}`);
  const row = result.rows[0];
  if (!row) throw new AppError('notFound');
  return { balance: row.balance, ledgerSum: row.ledger_sum };
}

/**
 * One shape of a page of an account's ledger (with or without `before`), prepared once per database handle
 * (docs/decisions/0020). Deferred join (docs/decisions/0028): the page's ids are cut from ledger_user_idx
 * (user_uid, id) alone, offset and all, then only those rows are read.
 */
export function transactionsQuery(db: Db, before: boolean) {
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
export async function listTransactions(db: Db, userUid: string, page: number, before: number | undefined) {
  const rows = await transactionsQuery(db, before !== undefined).execute({ user: userUid, before, offset: (page - 1) * PAGE_SIZE });
  return {
    results: rows.slice(0, PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      amount: r.amount,
      balance_after: r.balanceAfter,
      reference: publicReference(r.kind, r.ref),
      created_time: r.created,
    })),
    page,
    page_size: PAGE_SIZE,
    has_more: rows.length > PAGE_SIZE,
  };
}

/** What a row's reference may show its owner: a redeem row names the code, not the account; invitation rows show nothing. */
function publicReference(kind: LedgerKind, ref: string | null): string | null {
  if (!ref) return null;
  if (kind === 'redeem') return ref.split(':')[0] ?? null;
  if (kind === 'signup' || kind === 'invite' || kind === 'invited') return null;
  return ref;
}
