import { randomInt } from 'node:crypto';
import { INVITE_BUTTER } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db';
import { applyLedger } from '../wallet/service';

/** Codes are read aloud and typed on phones: no 0/O, 1/I/L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 12;

/** What users type: any case, spaces and dashes ignored. */
export function normalizeCode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** `npm run admin -- redeem create`: `count` new codes, each worth `butter`, usable by `uses` accounts. */
export async function createRedeemCodes(
  db: Db,
  input: { butter: number; uses: number; expiresAt: Date | null; count: number },
): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < input.count) {
    const code = randomCode(REDEEM_CODE_LENGTH);
    const inserted = await db.execute(sql`
      insert into redeem_codes (code, butter, max_uses, expires_at)
      values (${code}, ${input.butter}, ${input.uses}, ${input.expiresAt})
      on conflict (code) do nothing returning code`);
    if (inserted.rows.length === 1) codes.push(code);
  }
  return codes;
}

/**
 * Redeems a code for one account. The code's row is locked for the whole
 * transaction, so parallel redeems of a K-use code credit exactly K accounts;
 * the (code, account) key makes it once per account; the credit is a ledger row
 * in the same transaction.
 */
export async function redeemCode(db: Db, userUid: string, raw: string): Promise<{ butter: number; balance: number }> {
  const code = normalizeCode(raw);
  if (!code) throw new AppError('codeUnknown');
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ butter: number; max_uses: number; uses: number; expired: boolean }>(sql`
      select butter, max_uses, uses, coalesce(expires_at <= now(), false) as expired
      from redeem_codes where code = ${code} for update`);
    const row = found.rows[0];
    if (!row) throw new AppError('codeUnknown');
    if (row.expired) throw new AppError('codeExpired');
    const mine = await tx.execute(sql`
      insert into redeem_uses (code, user_uid) values (${code}, ${userUid}) on conflict do nothing returning code`);
    if (mine.rows.length === 0) throw new AppError('codeUsedUp', { message: 'codeRedeemedBefore' });
    if (row.uses >= row.max_uses) throw new AppError('codeUsedUp');
    await tx.execute(sql`update redeem_codes set uses = uses + 1 where code = ${code}`);
    const { balance } = await applyLedger(tx, { userUid, kind: 'redeem', amount: row.butter, ref: `${code}:${userUid}` });
    return { butter: row.butter, balance };
  });
}

/** The account whose invitation code this is, or 302001. */
export async function findInviter(db: DbOrTx, raw: string): Promise<string> {
  const code = normalizeCode(raw);
  const found = code ? await db.execute<{ uid: string }>(sql`select uid from users where invitation_code = ${code}`) : { rows: [] };
  const inviter = found.rows[0]?.uid;
  if (!inviter) throw new AppError('codeUnknown');
  return inviter;
}

/**
 * /invitation-code: an existing account enters another's code: +8 for both,
 * once per account, never one's own code. Both rows are locked in uid order so
 * two users entering each other's codes at once cannot deadlock.
 */
export async function acceptInvitation(db: Db, userUid: string, raw: string): Promise<{ butter: number; balance: number }> {
  const inviter = await findInviter(db, raw);
  if (inviter === userUid) throw new AppError('codeOwn');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select uid from users where uid in (${userUid}, ${inviter}) order by uid for update`);
    const marked = await tx.execute(sql`
      update users set invited_by = ${inviter}, updated_at = now()
      where uid = ${userUid} and invited_by is null returning uid`);
    if (marked.rows.length === 0) throw new AppError('codeAlreadyUsedOne');
    const { balance } = await applyLedger(tx, { userUid, kind: 'invited', amount: INVITE_BUTTER, ref: userUid });
    await applyLedger(tx, { userUid: inviter, kind: 'invite', amount: INVITE_BUTTER, ref: userUid });
    return { butter: INVITE_BUTTER, balance };
  });
}

/**
 * The inviter's +8 for an account that signed up with a code, paid when that
 * account is verified (run it in the transaction that verifies). Once per
 * invited account: the ledger's (kind, ref) key is the invited account's uid.
 */
export async function rewardInviter(tx: DbOrTx, inviteeUid: string): Promise<void> {
  const found = await tx.execute<{ invited_by: string | null; paid: boolean }>(sql`
    select invited_by, exists (select 1 from ledger where kind = 'invite' and ref = ${inviteeUid}) as paid
    from users where uid = ${inviteeUid}`);
  const row = found.rows[0];
  if (!row?.invited_by || row.paid) return;
  await applyLedger(tx, { userUid: row.invited_by, kind: 'invite', amount: INVITE_BUTTER, ref: inviteeUid });
}
