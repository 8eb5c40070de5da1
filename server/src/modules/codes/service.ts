import { randomInt } from 'node:crypto';
import { INVITE_BUTTER, rewardInbox } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { DbOrTx } from '../../db';
import { LIMITS } from '../../lib/limits';
import { isBlocked } from '../../plugins/auth';
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
export async function redeemCode(db: Db, { userUid, raw }: { userUid: string; raw: string }): Promise<{ butter: number; balance: number }> {
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
export async function findInviter(db: DbOrTx, { raw }: { raw: string }): Promise<string> {
  const code = normalizeCode(raw);
  const found = code ? await db.execute<{ uid: string }>(sql`select uid from users where invitation_code = ${code}`) : { rows: [] };
  const inviter = found.rows[0]?.uid;
  if (!inviter) throw new AppError('codeUnknown');
  return inviter;
}

/**
 * /invitation-code: an existing account enters another's code: +8 for it (once per inbox) and +8 for the
 * inviter (rewardInviter's rules), once per account, never one's own code nor the code of an account
 * that joined with one's own. Both rows are locked in uid order so two users entering each other's codes
 * at once cannot deadlock.
 */
export async function acceptInvitation(
  db: Db,
  { userUid, raw }: { userUid: string; raw: string },
): Promise<{ butter: number; balance: number }> {
  const inviter = await findInviter(db, { raw });
  if (inviter === userUid) throw new AppError('codeOwn');
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ uid: string; invited_by: string | null }>(
      sql`select uid, invited_by from users where uid in (${userUid}, ${inviter}) order by uid for update`,
    );
    // A reciprocal pair (each invited by the other) earns nothing: refused before anything is written.
    if (locked.rows.find((r) => r.uid === inviter)?.invited_by === userUid) throw new AppError('codeOwn', { message: 'codeReciprocal' });
    const marked = await tx.execute<{ email: string }>(sql`
      update users set invited_by = ${inviter}, updated_at = now()
      where uid = ${userUid} and invited_by is null returning email`);
    const email = marked.rows[0]?.email;
    if (email === undefined) throw new AppError('codeAlreadyUsedOne');
    const butter = (await rewardInvitee(tx, { inviteeUid: userUid, inviterUid: inviter, email })) ? INVITE_BUTTER : 0;
    await rewardInviter(tx, { inviteeUid: userUid });
    const [me] = (await tx.execute<{ balance: number }>(sql`select balance from users where uid = ${userUid}`)).rows;
    return { butter, balance: me?.balance ?? 0 };
  });
}

/**
 * The new account's +8 for joining with a code: once per inbox (issue 25), so ten `+tags` of one
 * mailbox earn it once. Run in the transaction that marks `invited_by`; true when paid.
 */
export async function rewardInvitee(
  tx: DbOrTx,
  { inviteeUid, inviterUid, email }: { inviteeUid: string; inviterUid: string; email: string },
): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into invite_rewards (inbox, kind, invitee_uid, inviter_uid)
    values (${rewardInbox(email)}, 'invited', ${inviteeUid}, ${inviterUid})
    on conflict do nothing returning inbox`);
  if (claimed.rows.length === 0) return false;
  await applyLedger(tx, { userUid: inviteeUid, kind: 'invited', amount: INVITE_BUTTER, ref: inviteeUid });
  return true;
}

/**
 * The inviter's +8 for an account that joined with its code, paid once that account is verified (run
 * it in the transaction that verifies, or at sign-up when no verification is required). Paid only:
 * once per invited inbox (invite_rewards' key; Gmail-style dots and +tags folded), at most
 * LIMITS.inviteRewardsPerInviter a day per inviter (its row is locked while counting), never to a
 * banned or suspended inviter, never for a reciprocal pair. A reward skipped is not paid later.
 */
export async function rewardInviter(tx: DbOrTx, { inviteeUid }: { inviteeUid: string }): Promise<void> {
  const found = await tx.execute<{ invited_by: string | null; email: string }>(
    sql`select invited_by, email from users where uid = ${inviteeUid}`,
  );
  const invitee = found.rows[0];
  if (!invitee?.invited_by) return;
  const inviters = await tx.execute<{ status: 'active' | 'suspended' | 'banned'; suspended_until: Date | null; invited_by: string | null }>(
    sql`select status, suspended_until, invited_by from users where uid = ${invitee.invited_by} for update`,
  );
  const inviter = inviters.rows[0];
  if (!inviter || inviter.invited_by === inviteeUid) return;
  if (isBlocked({ status: inviter.status, suspendedUntil: inviter.suspended_until && new Date(inviter.suspended_until) })) return;
  const today = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from invite_rewards
    where inviter_uid = ${invitee.invited_by} and kind = 'invite'
      and created_at > now() - make_interval(secs => ${LIMITS.inviteRewardsPerInviter.windowSeconds})`);
  if ((today.rows[0]?.n ?? 0) >= LIMITS.inviteRewardsPerInviter.max) return;
  const claimed = await tx.execute(sql`
    insert into invite_rewards (inbox, kind, invitee_uid, inviter_uid)
    values (${rewardInbox(invitee.email)}, 'invite', ${inviteeUid}, ${invitee.invited_by})
    on conflict do nothing returning inbox`);
  if (claimed.rows.length === 0) return;
  await applyLedger(tx, { userUid: invitee.invited_by, kind: 'invite', amount: INVITE_BUTTER, ref: inviteeUid });
}
