import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { AppError } from '../../lib/errors';
import { applyLedger, ledgerTotals } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the Butter ledger', () => {
  it('starts every account with a 6 Butter signup row', async () => {
    const me = await signUp(ctx, 'ledger@example.com');
    const rows = await ctx.database.pool.query('select kind, amount, balance_after, ref from ledger where user_uid = $1', [me.uid]);
    expect(rows.rows).toEqual([{ kind: 'signup', amount: 6, balance_after: 6, ref: me.uid }]);
    expect(await ledgerTotals(ctx.database.db, { userUid: me.uid })).toEqual({ balance: 6, debt: 0, ledgerSum: 6 });
  });

  it('never lets a balance go below zero, whatever the concurrency', async () => {
    const me = await signUp(ctx, 'spender@example.com');
    const spend = () =>
      ctx.database.db
        .transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'generate', amount: -6 }))
        .then(
          () => 'ok',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
    const outcomes = await Promise.all(Array.from({ length: 10 }, spend));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 305001)).toHaveLength(9);
    expect(await ledgerTotals(ctx.database.db, { userUid: me.uid })).toEqual({ balance: 0, debt: 0, ledgerSum: 0 });
  });

  it('credits a reference only once per kind', async () => {
    const me = await signUp(ctx, 'once@example.com');
    const credit = () =>
      ctx.database.db.transaction((tx) => applyLedger(tx, { userUid: me.uid, kind: 'purchase', amount: 30, ref: 'cs_test_1' }));
    await credit();
    await expect(credit()).rejects.toThrow();
    expect(await ledgerTotals(ctx.database.db, { userUid: me.uid })).toEqual({ balance: 36, debt: 0, ledgerSum: 36 });
  });

  it('is append-only: rows cannot be edited or deleted', async () => {
    const me = await signUp(ctx, 'append@example.com');
    await expect(ctx.database.pool.query('update ledger set amount = 600 where user_uid = $1', [me.uid])).rejects.toThrow(/append-only/);
    await expect(ctx.database.pool.query('delete from ledger where user_uid = $1', [me.uid])).rejects.toThrow(/append-only/);
    await expect(ctx.database.pool.query('update users set balance = -1 where uid = $1', [me.uid])).rejects.toThrow(
      /users_balance_non_negative/,
    );
  });
});
