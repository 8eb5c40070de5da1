import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  INVITE_BUTTER,
  normalizeStoredEmail,
  rewardInbox,
  VERIFICATION_RESEND_SECONDS,
  type Language,
  type UserInfo,
} from '@butterfic/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import type { Env } from '../../env';
import type { Secrets } from '../../lib/secrets';
import type { Safety } from '../../safety';
import type { Mailer } from '../../mail/transport';
import { isUniqueViolation } from '../../db/errors';
import { inviteRewards, personas, users, verificationCodes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';
import { codesPausedMail, resetMail, verificationMail } from '../../mail/templates';
import { blockedError, isBlocked, type AuthUser } from '../../plugins/auth';
import { findInviter, rewardInvitee, rewardInviter } from '../codes/service';
import { applyLedger } from '../wallet/service';
import { checkPassword, decoyHash, hashPassword } from './passwords';
import { isEmailLocalPart, penName } from '../../lib/pen-names';
import {
  issueRefreshToken,
  refreshTokenOwner,
  revokeAllOf,
  revokeFamilyOf,
  rotateRefreshToken,
  signAccessToken,
  useRefreshToken,
} from './tokens';

export const SIGNUP_BUTTER = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function presentUser(user: AuthUser & { balance: number; debt: number }, isAdmin = false): UserInfo {
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    language: user.language,
    balance: user.balance,
    debt: user.debt,
    invitation_code: user.invitationCode,
    email_verified: user.emailVerifiedAt !== null,
    adult_confirmed_at: epoch(user.adultConfirmedAt),
    created_time: epoch(user.createdAt) ?? 0,
    pass_expires_at: user.passExpiresAt && user.passExpiresAt.getTime() > Date.now() ? epoch(user.passExpiresAt) : null,
    is_admin: isAdmin,
  };
}

function invitationCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

export async function findByEmail(db: DbOrTx, { email }: { email: string }): Promise<AuthUser | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

/** Registers an account with its 6 signup Butter (a `signup` ledger row in the same transaction). */
export async function createAccount(
  db: Db,
  input: {
    env: Pick<Env, 'REQUIRE_EMAIL_VERIFICATION'>;
    safety: Pick<Safety, 'refuseName'>;
    email: string;
    password: string;
    gender: string;
    language: Language;
    name?: string | undefined;
    invitation_code?: string | undefined;
    /** Sent by the web app's sign-up checkbox; absent from a SPEC client (the agreement confirms). */
    age_confirmed?: unknown;
  },
): Promise<AuthUser> {
  // Another user's code: 302001 when unknown, before anything is written.
  const invitedBy = input.invitation_code?.trim() ? await findInviter(db, { raw: input.invitation_code }) : null;
  if (input.name !== undefined) await input.safety.refuseName(input.name, input.language);
  const passwordHash = await hashPassword(input.password);
  if (input.env.REQUIRE_EMAIL_VERIFICATION) await releaseUnverified(db, { email: input.email });
  // A pen name unless the client chose a name that is not the address (issue 25): nothing shown to
  // others is taken from the e-mail.
  const name = input.name && !isEmailLocalPart(input.name, input.email) ? input.name.slice(0, 40) : penName(input.language);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            uid: newUid(),
            email: input.email,
            passwordHash,
            name,
            gender: input.gender,
            language: input.language,
            invitationCode: invitationCode(),
            invitedBy,
            // The minimum age is confirmed by the checkbox the web app sends, or by the agreement a SPEC client's
            // login screen links (decision 0011); when and how are kept.
            ageConfirmedAt: sql`now()`,
            ageConfirmedBy: input.age_confirmed === undefined ? 'agreement' : 'checkbox',
          })
          .returning();
        if (!user) throw new Error('insert returned nothing');
        let balance = (await claimSignupGrant(tx, user))
          ? (await applyLedger(tx, { userUid: user.uid, kind: 'signup', amount: SIGNUP_BUTTER, ref: user.uid })).balance
          : 0;
        if (invitedBy) {
          // 6+8 for the new account now (once per inbox); the inviter's +8 once it is verified.
          if (await rewardInvitee(tx, { inviteeUid: user.uid, inviterUid: invitedBy, email: user.email })) balance += INVITE_BUTTER;
          if (!input.env.REQUIRE_EMAIL_VERIFICATION) await rewardInviter(tx, { inviteeUid: user.uid });
        }
        return { ...user, balance };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_uq')) throw new AppError('emailTaken');
      if (isUniqueViolation(error, 'users_invitation_code_uq') && attempt < 5) continue;
      throw error;
    }
  }
}

/**
 * The sign-up's 6 Butter is paid once per real inbox (issue 45), as the invitation rewards are: ten
 * `+tags` or dotted spellings of one mailbox get it once. Run in the transaction that creates the
 * account; true when this account gets it. An address never verified gives its claim back when it is
 * released (releaseUnverified), so a squatter cannot take the real owner's grant.
 */
async function claimSignupGrant(tx: DbOrTx, user: { uid: string; email: string }): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into invite_rewards (inbox, kind, invitee_uid) values (${rewardInbox(user.email)}, 'signup', ${user.uid})
    on conflict do nothing returning inbox`);
  return claimed.rows.length > 0;
}

export type Session = { user: AuthUser; access: string; refresh: string };

/** What signing tokens needs: their lifetimes and the signing key. */
type SessionSettings = {
  env: Pick<Env, 'REQUIRE_EMAIL_VERIFICATION' | 'ACCESS_TOKEN_TTL' | 'REFRESH_TOKEN_TTL'>;
  secrets: Pick<Secrets, 'jwtKey'>;
};

/** Login: 301004 unknown e-mail, 301001 wrong password, 301006 blocked, 301007 unverified. */
export async function login(
  db: Db,
  { env, secrets, email, password }: SessionSettings & { email: string; password: string },
): Promise<Session> {
  const user = await findByEmail(db, { email });
  if (!user) {
    await checkPassword(await decoyHash(), password);
    throw new AppError('accountNotFound');
  }
  if (!(await checkPassword(user.passwordHash, password))) throw new AppError('wrongPassword');
  if (isBlocked(user)) throw blockedError(user);
  if (env.REQUIRE_EMAIL_VERIFICATION && !user.emailVerifiedAt) throw new AppError('emailNotVerified');
  return startSession(db, { env, secrets, user });
}

export async function startSession(db: Db, { env, secrets, user }: SessionSettings & { user: AuthUser }): Promise<Session> {
  const sid = newUid();
  const refresh = await issueRefreshToken(db, user.uid, env.REFRESH_TOKEN_TTL, sid);
  const access = await signAccessToken(secrets.jwtKey, user.uid, sid, env.ACCESS_TOKEN_TTL);
  return { user, access, refresh };
}

export async function refresh(
  db: Db,
  { env, secrets, token, rotate }: SessionSettings & { token: string; rotate: boolean },
): Promise<{ access: string; refresh: string }> {
  const outcome = await (rotate ? rotateRefreshToken : useRefreshToken)(db, secrets.jwtKey, token, env.REFRESH_TOKEN_TTL);
  if (!outcome.ok) {
    // A ban or suspension revoked every session: its owner learns why (and until when), not just "log in again".
    if (outcome.reason === 'revoked') {
      const owner = await refreshTokenOwner(db, token);
      const [blocked] = owner ? await db.select().from(users).where(eq(users.uid, owner)) : [];
      if (blocked && isBlocked(blocked)) throw blockedError(blocked);
    }
    throw new AppError('tokenInvalid', { detail: `refresh token ${outcome.reason}` });
  }
  const [user] = await db.select().from(users).where(eq(users.uid, outcome.userUid));
  if (!user) throw new AppError('tokenInvalid');
  if (isBlocked(user)) {
    await revokeAllOf(db, user.uid);
    throw blockedError(user);
  }
  return {
    access: await signAccessToken(secrets.jwtKey, user.uid, outcome.familyId, env.ACCESS_TOKEN_TTL),
    refresh: outcome.refresh,
  };
}

export async function modifyUser(
  db: Db,
  {
    user,
    ...input
  }: {
    user: AuthUser;
    safety: Pick<Safety, 'refuseName'>;
    email?: string | undefined;
    name?: string | undefined;
    language?: Language | undefined;
  },
): Promise<AuthUser> {
  if (input.email !== undefined && (normalizeStoredEmail(input.email) ?? input.email) !== user.email) {
    throw new AppError('invalidInput', { data: { fields: { email: 'the e-mail address cannot be changed' } } });
  }
  if (input.name === undefined && input.language === undefined) return user;
  if (input.name !== undefined && input.name !== user.name) await input.safety.refuseName(input.name, input.language ?? user.language);
  if (input.name !== undefined && input.name !== user.name && isEmailLocalPart(input.name, user.email)) {
    throw new AppError('invalidInput', {
      message: 'nameIsEmail',
      data: { fields: { name: 'choose a name that is not your e-mail address' } },
    });
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.language && { language: input.language }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.uid, user.uid))
      .returning();
    // Personas keep their author's name as published; a new pen name replaces it there too.
    if (input.name !== undefined && input.name !== user.name)
      await tx.update(personas).set({ authorName: input.name }).where(eq(personas.authorUid, user.uid));
    return updated ?? user;
  });
}

export async function confirmAdult(db: Db, { user }: { user: AuthUser }): Promise<Date> {
  const [updated] = await db
    .update(users)
    .set({ adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.uid, user.uid))
    .returning({ at: users.adultConfirmedAt });
  if (!updated?.at) throw new Error('adult confirmation not stored');
  return updated.at;
}

const codeHash = (secrets: Pick<Secrets, 'codeKey'>, userUid: string, code: string) =>
  createHmac('sha256', secrets.codeKey).update(`${userUid}:${code}`).digest('hex');

export type CodePurpose = 'verify' | 'reset';

/**
 * Sends a 6-digit code valid for 10 minutes, for verifying the address or for a
 * password reset. One send per 60 s per account (either purpose), enforced in one
 * statement so concurrent requests cannot both send. Unknown addresses (and, for
 * `verify`, already verified ones) get the same answer and no mail.
 */
export async function sendCode(
  db: Db,
  { secrets, mailer, email, purpose }: { secrets: Pick<Secrets, 'codeKey'>; mailer: Mailer; email: string; purpose: CodePurpose },
): Promise<{ resend_after: number }> {
  const user = await findByEmail(db, { email });
  if (!user || (purpose === 'verify' && user.emailVerifiedAt)) return { resend_after: VERIFICATION_RESEND_SECONDS };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored = await db.execute<{ sent_at: Date }>(sql`
    insert into verification_codes (user_uid, code_hash, sent_at, expires_at, attempts, purpose)
    values (${user.uid}, ${codeHash(secrets, user.uid, code)}, now(), now() + make_interval(mins => ${CODE_TTL_MINUTES}), 0, ${purpose})
    on conflict (user_uid) do update set code_hash = excluded.code_hash, sent_at = excluded.sent_at,
      expires_at = excluded.expires_at, attempts = 0, purpose = excluded.purpose
    where verification_codes.sent_at <= now() - make_interval(secs => ${VERIFICATION_RESEND_SECONDS})
    returning sent_at`);
  if (stored.rows.length === 0) {
    const [current] = await db
      .select({
        wait: sql<number>`ceil(extract(epoch from (${verificationCodes.sentAt} + make_interval(secs => ${VERIFICATION_RESEND_SECONDS}) - now())))::int`,
      })
      .from(verificationCodes)
      .where(eq(verificationCodes.userUid, user.uid));
    const wait = Math.max(1, current?.wait ?? VERIFICATION_RESEND_SECONDS);
    throw new AppError('rateLimited', { headers: { 'retry-after': String(wait) }, params: { seconds: wait }, data: { retry_after: wait } });
  }
  const mail =
    purpose === 'verify' ? verificationMail(user.language, code, CODE_TTL_MINUTES) : resetMail(user.language, code, CODE_TTL_MINUTES);
  try {
    await mailer.send({ to: user.email, ...mail, code });
  } catch (error) {
    // No mail went out: drop the code so the user can ask again at once.
    await db.delete(verificationCodes).where(eq(verificationCodes.userUid, user.uid));
    throw error;
  }
  return { resend_after: VERIFICATION_RESEND_SECONDS };
}

/** Spends one of the 5 tries of the account's code for `purpose`; true when `code` is it. */
async function tryCode(
  db: Db,
  { secrets, user, code, purpose }: { secrets: Pick<Secrets, 'codeKey'>; user: AuthUser; code: string; purpose: CodePurpose },
): Promise<boolean> {
  const tried = await db.execute<{ code_hash: string }>(sql`
    update verification_codes set attempts = attempts + 1
    where user_uid = ${user.uid} and purpose = ${purpose} and attempts < ${CODE_MAX_TRIES} and expires_at > now()
    returning code_hash`);
  const stored = tried.rows[0]?.code_hash;
  const given = codeHash(secrets, user.uid, code);
  return Boolean(stored && timingSafeEqual(Buffer.from(stored), Buffer.from(given)));
}

/** Checks a code: each try counts (5 at most), the code dies after 10 minutes or on success. */
export async function verifyCode(
  db: Db,
  { secrets, email, code }: { secrets: Pick<Secrets, 'codeKey'>; email: string; code: string },
): Promise<void> {
  const user = await findByEmail(db, { email });
  if (!user) throw new AppError('verificationFailed');
  // An address already verified answers as an unknown one does (issue 45): a guessed code must not confirm
  // that the address has an account, nor that it is verified. Its code was spent when it verified.
  if (user.emailVerifiedAt) throw new AppError('verificationFailed');
  if (!(await tryCode(db, { secrets, user, code, purpose: 'verify' }))) throw new AppError('verificationFailed');
  await db.transaction(async (tx) => {
    const verified = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.uid, user.uid), isNull(users.emailVerifiedAt)))
      .returning({ uid: users.uid });
    // Only the request that verified pays the inviter.
    if (verified.length > 0) await rewardInviter(tx, { inviteeUid: user.uid });
    await tx.delete(verificationCodes).where(eq(verificationCodes.userUid, user.uid));
  });
}

/**
 * Tells an address's owner that its codes are paused for a day (issue 25: 20 wrong verification or reset
 * codes from anywhere). Unknown addresses get no mail; a mail that fails does not change the answer.
 */
export async function mailCodesPaused(db: Db, { mailer, email, wrong }: { mailer: Mailer; email: string; wrong: number }): Promise<void> {
  const user = await findByEmail(db, { email });
  if (!user || user.removedAt) return;
  await mailer.send({ to: user.email, ...codesPausedMail(user.language, wrong) }).catch(() => undefined);
}

/**
 * Password reset by a mailed code: the code proves the address, so the account is
 * verified too; every session of the account ends (refresh and access tokens).
 */
export async function resetPassword(
  db: Db,
  { secrets, email, code, password }: { secrets: Pick<Secrets, 'codeKey'>; email: string; code: string; password: string },
): Promise<void> {
  const user = await findByEmail(db, { email });
  if (!user) throw new AppError('verificationFailed');
  if (!(await tryCode(db, { secrets, user, code, purpose: 'reset' }))) throw new AppError('verificationFailed');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userUid, user.uid), eq(verificationCodes.purpose, 'reset')))
      .returning({ userUid: verificationCodes.userUid });
    if (!used) throw new AppError('verificationFailed'); // a concurrent reset spent the code first
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.uid, user.uid));
    await revokeAllOf(tx as never, user.uid);
  });
}

/** Change of password by the signed-in account: the old one must match; every other session ends. */
export async function changePassword(
  db: Db,
  { user, sessionId, oldPassword, newPassword }: { user: AuthUser; sessionId: string; oldPassword: string; newPassword: string },
) {
  if (!(await checkPassword(user.passwordHash, oldPassword))) throw new AppError('wrongPassword');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.uid, user.uid));
    await revokeAllOf(tx as never, user.uid, sessionId);
  });
}

/** Logout: ends this session, or with `everywhere` every session of the account. */
export async function logout(
  db: Db,
  { refreshToken, everywhere }: { refreshToken: string | undefined; everywhere: boolean },
): Promise<string | null> {
  const owner = refreshToken ? await revokeFamilyOf(db, refreshToken) : null;
  if (everywhere && owner) await revokeAllOf(db, owner);
  return owner;
}

export const UNVERIFIED_DAYS = 7;

/**
 * Accounts that never verified their address within 7 days are removed: the ledger
 * is append-only, so the row stays with its Butter history, but the address is
 * released (`removed+<uid>@removed.invalid`), its sessions end and its inbox's invitation reward
 * claim is dropped. `email` limits the
 * sweep to one address (registration); without it the whole table is swept.
 */
export async function releaseUnverified(db: Db, { email }: { email?: string } = {}): Promise<number> {
  const released = await db.execute<{ uid: string }>(sql`
    update users set email = 'removed+' || uid || '@removed.invalid', removed_at = now(), updated_at = now()
    where email_verified_at is null and removed_at is null
      and created_at < now() - make_interval(days => ${UNVERIFIED_DAYS})
      ${email === undefined ? sql`` : sql`and email = ${email}`}
    returning uid`);
  for (const row of released.rows) {
    await revokeAllOf(db, row.uid);
    // An address never proven gives its inbox's invitation reward back, for its real owner (issue 25).
    await db.delete(inviteRewards).where(eq(inviteRewards.inviteeUid, row.uid));
  }
  return released.rows.length;
}
