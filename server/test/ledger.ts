import { randomBytes } from 'node:crypto';
import { INVITE_BUTTER } from '@butterfic/contract';
import { sql } from 'drizzle-orm';
import { issueRefreshToken, signAccessToken } from '../src/modules/accounts/tokens';
import type { TestContext } from './helpers';

/** Accounts whose balance minus debt differs from their ledger's sum (should always be none). */
export async function unbalancedAccounts(ctx: Pick<TestContext, 'database'>): Promise<string[]> {
  const result = await ctx.database.db.execute<{ uid: string }>(sql`
    select u.uid from users u
    where u.balance - u.debt <> coalesce((select sum(l.amount) from ledger l where l.user_uid = u.uid), 0)`);
  return result.rows.map((r) => r.uid);
}

/**
 * Many verified accounts at once, written straight to the database with their
 * signup ledger row (registration's password hashing would make 100 of them
 * slow), each with an access token the app accepts.
 */
export async function quickAccounts(ctx: TestContext, count: number, prefix = 'quick') {
  const key = ctx.app.deps.secrets.jwtKey;
  const out: { uid: string; email: string; auth: { authorization: string }; invitationCode: string }[] = [];
  for (let i = 0; i < count; i++) {
    const uid = `${prefix}${randomBytes(8).toString('hex')}`;
    const email = `${uid}@example.com`;
    const invitationCode = randomBytes(5).toString('hex').toUpperCase();
    await ctx.database.db.execute(sql`
      with created as (
        insert into users (uid, email, password_hash, name, invitation_code, email_verified_at, balance)
        values (${uid}, ${email}, 'x', ${uid}, ${invitationCode}, now(), 6) returning uid
      )
      insert into ledger (user_uid, kind, amount, balance_after, ref) select uid, 'signup', 6, 6, uid from created`);
    // A real session (refresh-token family), since access tokens are only good while theirs is live.
    const sid = `qs${randomBytes(8).toString('hex')}`;
    await issueRefreshToken(ctx.database.db, uid, 600, sid);
    out.push({ uid, email, invitationCode, auth: { authorization: `Bearer ${await signAccessToken(key, uid, sid, 600)}` } });
  }
  return out;
}

export const INVITE = INVITE_BUTTER;
