import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newUid } from '../../lib/ids';

/**
 * Short-lived access JWT (HS256) carrying the account uid and `sid`, the refresh
 * family (the session) it belongs to: when that family is revoked (logout, log out
 * everywhere, password change, ban, reuse), the access token stops working at once.
 */
export async function signAccessToken(key: Uint8Array, uid: string, sid: string, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}

type Claims = { uid: string; sid: string; expMs: number };

/**
 * Tokens whose signature was checked, per key: a signature check is a pure function of the key and the
 * token's text, so the same text needs it once (through WebCrypto it cost about 0.2 ms of the event loop
 * per check, once for every auth lookup under load). Expiry is still checked on every use; the account
 * and the session are looked up by the caller as before. The oldest go first past VERIFIED_MAX.
 */
const verified = new WeakMap<Uint8Array, Map<string, Claims>>();
const VERIFIED_MAX = 10_000;

/** Whether a token whose `exp` is `expMs` has expired now (jose's rule: at `exp` itself, in whole seconds). */
const expired = (expMs: number) => expMs <= Math.floor(Date.now() / 1000) * 1000;

/** The uid and session of a valid access token; 301005 when expired, 301003 when anything else is wrong. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<Claims> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    if (expired(hit.expMs)) {
      known!.delete(token);
      throw new AppError('tokenExpired');
    }
    return hit;
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (!payload.sub) throw new AppError('tokenInvalid');
    // Signed before tokens carried their session: 301005 makes the client refresh into one that does.
    if (typeof payload.sid !== 'string') throw new AppError('tokenExpired');
    const claims = { uid: payload.sub, sid: payload.sid, expMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
    if (!known) verified.set(key, (known = new Map()));
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, claims);
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('tokenExpired');
    if (error instanceof AppError) throw error;
    throw new AppError('tokenInvalid');
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random refresh token, stored only as its hash. `familyId` ties rotations together. */
export async function issueRefreshToken(
  db: Db,
  userUid: string,
  ttlSeconds: number,
  familyId = newUid(),
  token = randomBytes(32).toString('base64url'),
): Promise<string> {
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(token),
    userUid,
    familyId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/**
 * How long the token a rotation replaced still answers with the same successor. Two tabs (or a retry
 * after a lost answer) can present one refresh token twice within moments; that is not a theft.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/**
 * The successor of a refresh token is derived from it with the server's key, so the token presented
 * again in the grace window gets the very same successor back without the server keeping any token
 * in clear: only its hash is stored, as for every refresh token.
 */
const successorOf = (key: Uint8Array, token: string) => createHmac('sha256', key).update(`refresh-successor:${token}`).digest('base64url');

type RotateOutcome =
  { ok: true; userUid: string; familyId: string; refresh: string } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Uses a refresh token without rotating it (a SPEC.md client, which keeps the token it got at login): a
 * live, unexpired token that no rotation has replaced answers itself again, and nothing is written. A
 * token a rotating client already exchanged is handled as a rotation would (the grace window, then a
 * replay that ends the family): a copy of it must not outlive the exchange.
 */
export async function useRefreshToken(db: Db, key: Uint8Array, token: string, ttlSeconds: number): Promise<RotateOutcome> {
  const [row] = await db
    .select({
      userUid: refreshTokens.userUid,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.usedAt) return rotateRefreshToken(db, key, token, ttlSeconds);
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return { ok: true, userUid: row.userUid, familyId: row.familyId, refresh: token };
}

/**
 * Uses a refresh token once: marks it used and issues its successor in the
 * same family. A token that was already used is a stolen copy or a replay:
 * the whole family is revoked and both holders must log in again, except within
 * REFRESH_REUSE_GRACE_SECONDS of its use while its successor is still unused:
 * then the same successor is handed out again (tabs racing, a lost answer).
 */
export async function rotateRefreshToken(db: Db, key: Uint8Array, token: string, ttlSeconds: number): Promise<RotateOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        tokenHash: refreshTokens.tokenHash,
        userUid: refreshTokens.userUid,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        // The database's clock decides, as it stamped used_at.
        inGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}), false)`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.usedAt && row.inGrace) {
      const successor = successorOf(key, token);
      const [next] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(successor)))
        .for('update');
      if (next && next.familyId === row.familyId && !next.usedAt && !next.revokedAt && next.expiresAt.getTime() > Date.now())
        return { ok: true, userUid: row.userUid, familyId: row.familyId, refresh: successor } as const;
    }
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.tokenHash, row.tokenHash));
    const refresh = await issueRefreshToken(tx as unknown as Db, row.userUid, ttlSeconds, row.familyId, successorOf(key, token));
    return { ok: true, userUid: row.userUid, familyId: row.familyId, refresh } as const;
  });
}

/** Logout: revokes the family of this refresh token (unknown tokens are ignored); the account's uid, if known. */
export async function revokeFamilyOf(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userUid: refreshTokens.userUid })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  await revokeFamily(db, row.familyId);
  return row.userUid;
}

/** Ends one session: its refresh tokens and (through `sid`) its access tokens. */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ban, suspension, log out everywhere, password change: every session of the account ends (but `keep`). */
export async function revokeAllOf(db: Db, userUid: string, keep?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userUid, userUid), isNull(refreshTokens.revokedAt), keep ? ne(refreshTokens.familyId, keep) : undefined));
}

/** True while the session still has a refresh token that was not revoked (what an access token's `sid` needs). */
export const sessionLive = (familyId: string | SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null)`;

/** The account a refresh token belongs (or belonged) to, whatever its state; null when unknown. */
export async function refreshTokenOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userUid: refreshTokens.userUid })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row?.userUid ?? null;
}
