import { eq, getTableColumns, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepared } from '../db/prepared';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { sessionLive, verifyAccessToken } from '../modules/accounts';
import { installCache } from './cache';

/**
 * The signed-in account as a request sees it: its row without the money. A balance or debt is read fresh
 * where it is shown or spent (modules/wallet), never from a lookup the cache may have kept for 30 s.
 */
export type AuthUser = Omit<typeof users.$inferSelect, 'balance' | 'debt'>;
const { balance: _balance, debt: _debt, ...accountColumns } = getTableColumns(users);

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The session (refresh family) of the access token, after `authenticate`. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of an active account, else 301003 / 301005 / 301006. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like `authenticate` when a bearer token is sent; anonymous (user null) when none is. */
    authenticateOptional: (request: FastifyRequest) => Promise<void>;
    /** preHandler: an authenticated account whose e-mail is in ADMIN_EMAILS; everyone else 404001 (the console does not exist for them). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/** True while a suspension or ban is in force. */
export function isBlocked(user: Pick<AuthUser, 'status' | 'suspendedUntil'>): boolean {
  if (user.status === 'banned') return true;
  if (user.status === 'suspended') return !user.suspendedUntil || user.suspendedUntil.getTime() > Date.now();
  return false;
}

/** 301006 with the kind of block and, for a suspension, when it ends (epoch seconds). */
export function blockedError(user: Pick<AuthUser, 'status' | 'suspendedUntil'>): AppError {
  return new AppError('accountBlocked', {
    data: {
      account_status: user.status,
      suspended_until: user.status === 'suspended' && user.suspendedUntil ? Math.floor(user.suspendedUntil.getTime() / 1000) : null,
    },
  });
}

/** SQL: the account `uid` is suspended or banned now (its public content is hidden with it). */
export function authorBlocked(uid: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from users bu where bu.uid = ${uid} and (bu.status = 'banned' or (bu.status = 'suspended' and (bu.suspended_until is null or bu.suspended_until > now()))))`;
}

/**
 * The negation of `authorBlocked` for list queries (docs/decisions/0028): the blocked accounts are read
 * once per query as a hashed set (a few rows, from `users_blocked_idx`), so a page's keys come from a
 * covering index alone instead of one account lookup per skipped row. A null author is never blocked.
 */
export function authorNotBlocked(uid: AnyColumn): SQL<boolean> {
  return sql<boolean>`coalesce(${uid}, '') not in (select bu.uid from users bu where bu.status in ('banned', 'suspended') and (bu.status = 'banned' or bu.suspended_until is null or bu.suspended_until > now()))`;
}

/**
 * The admin role: the account's (normalised) e-mail is one of ADMIN_EMAILS and it is verified, even with
 * REQUIRE_EMAIL_VERIFICATION=false (issue 25): whoever signs up first with an admin's address before its
 * owner does gets nothing until the mailed code proves the inbox.
 */
export function isAdmin(adminEmails: readonly string[], user: Pick<AuthUser, 'email' | 'emailVerifiedAt'> | null): boolean {
  return user !== null && user.emailVerifiedAt !== null && adminEmails.includes(user.email);
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const { database } = app.deps;
  // The one per-process cache (plugins/cache.ts): an admin's write may change any account.
  installCache(app, (request) => isAdmin(app.deps.env.ADMIN_EMAILS, request.user));
  const { cache } = app;

  /** The account (without its money) and whether the token's session is live; kept only when it let the request in. */
  const lookUp = async (uid: string, sid: string) => {
    // One query, a named statement (built and planned once).
    const [row] = await prepared(database.db, 'auth_lookup', () =>
      database.db
        .select({ user: accountColumns, live: sessionLive(sql.placeholder('sid')) })
        .from(users)
        .where(eq(users.uid, sql.placeholder('uid')))
        .prepare('auth_lookup'),
    ).execute({ uid, sid });
    if (!row) throw new AppError('tokenInvalid');
    if (isBlocked(row.user)) throw blockedError(row.user);
    if (!row.live) throw new AppError('tokenInvalid', { detail: 'session ended' });
    return { user: row.user as AuthUser, sid };
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('tokenInvalid');
    const token = match[1];
    // The signature's claims are remembered per token (tokens.ts); expiry is checked on every use.
    const { uid, sid } = await verifyAccessToken(app.deps.secrets.jwtKey, token);
    // Concurrent requests with one token share one lookup; a lookup read before a change notice for
    // the account is neither kept nor shared after it; a suspension that ends later is checked again.
    const found = await cache.read('auth', token, () => lookUp(uid, sid), { scope: uid });
    request.user = found.user;
    request.sessionId = found.sid;
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    if (request.headers.authorization) await app.authenticate(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    try {
      await app.authenticate(request);
    } catch (error) {
      // An expired token still refreshes (the console stays usable); anything else looks like no console at all.
      if (error instanceof AppError && error.kind === 'tokenExpired') throw error;
      throw new AppError('notFound');
    }
    if (!isAdmin(app.deps.env.ADMIN_EMAILS, request.user)) throw new AppError('notFound');
  });
}

/** The authenticated account (after `app.authenticate` ran). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('tokenInvalid');
  return request.user;
}
