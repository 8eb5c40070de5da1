import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';

export type LedgerKind = 'signup' | 'grant' | 'invite' | 'invited' | 'redeem' | 'purchase' | 'generate' | 'continue' | 'refund';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

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
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23514') throw new AppError('insufficientButter');
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
