import { eq, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prepared } from '../db/prepared';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { sessionLive, verifyAccessToken } from '../modules/accounts';
import { AUTH_CHANNEL, AuthCache } from './auth-cache';

export type AuthUser = typeof users.$inferSelect;

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
    /** The per-process cache of bearer-token lookups (docs/decisions/0020). */
    authCache: AuthCache;
  }
  interface FastifyContextConfig {
    /**
     * The route's answer keeps the cached lookups (docs/decisions/0046, 0047). Its writes never touch what
     * the auth cache holds (an account row beyond its balance, debt and updated_at, or a session), or
     * they reach the cache by NOTIFY and are not the caller's own to read back at once (Stripe's webhook
     * and a pass), or the route forgets what it changed itself (a refused refresh). The story starts
     * (docs/decisions/0039): a reader's stream opened right after keeps its cached lookup.
     */
    authUnchanged?: boolean;
  }
}

/**
 * Route config of a write that leaves the account row (beyond its balance) and the session alone: the
 * cached auth lookups stay (story starts, decision 0039; content writes, decision 0046; sign-up,
 * log-in, refresh, mailed codes, reports and Stripe's webhook, decision 0047).
 */
export const KEEPS_AUTH = { authUnchanged: true } as const;

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

/** The process's cache of auth lookups (auth-cache.ts), told of account changes and of the writes answered here. */
function installAuthCache(app: FastifyInstance): AuthCache {
  const { env, notifications } = app.deps;
  // 30 s by default: a change still reaches the cache within 3 s, by NOTIFY and the LISTEN connection's heartbeat (decision 0047).
  const cache = new AuthCache(env.AUTH_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 30_000), () => notifications.silentFor());
  if (cache.ttlMs > 0) {
    // Account changes arrive on the process's LISTEN connection; nothing is cached while it is down.
    let heard = false;
    notifications.onState((listening) => heard && cache.setListening(listening));
    app.addHook('onReady', async () => {
      await notifications.on(AUTH_CHANNEL, (uid) => cache.forgetUser(uid));
      heard = true;
      cache.setListening(notifications.listening);
    });
    // A write answered here never leaves a stale lookup behind for the next request (a ban by an
    // admin, a log-out, a password reset, a confirmation): the caller's own entries, or all of them.
    app.addHook('onSend', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.authUnchanged) return;
      if (request.user && !isAdmin(env.ADMIN_EMAILS, request.user)) cache.forgetUser(request.user.uid);
      else cache.clear();
    });
  }
  app.decorate('authCache', cache);
  return cache;
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const { database } = app.deps;
  const cache = installAuthCache(app);

  /** The account and session of a token not in the cache; kept when it let the request in. */
  const lookups = new Map<string, { readAt: number; result: Promise<{ user: AuthUser; sid: string }> }>();
  const lookUp = async (token: string, readAt: number) => {
    const { uid, sid, expMs } = await verifyAccessToken(app.deps.secrets.jwtKey, token);
    // One query, a named statement (built and planned once): the account (for the ban check) and
    // whether the token's session was ended.
    const [row] = await prepared(database.db, 'auth_lookup', () =>
      database.db
        .select({ user: users, live: sessionLive(sql.placeholder('sid')) })
        .from(users)
        .where(eq(users.uid, sql.placeholder('uid')))
        .prepare('auth_lookup'),
    ).execute({ uid, sid });
    if (!row) throw new AppError('tokenInvalid');
    if (isBlocked(row.user)) throw blockedError(row.user);
    if (!row.live) throw new AppError('tokenInvalid', { detail: 'session ended' });
    // Only a lookup that let the request in is kept; a suspension that ends later is checked again each time.
    cache.set(token, row.user, sid, expMs, readAt);
    return { user: row.user, sid };
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('tokenInvalid');
    const token = match[1];
    const cached = cache.get(token);
    if (cached && cached.expMs > Date.now()) {
      request.user = cached.user;
      request.sessionId = cached.sid;
      return;
    }
    // Concurrent requests with one token share one lookup (a burst of a reader's calls), unless an
    // account changed since it started: a lookup read before a change notice is not reused after it.
    const tick = cache.stamp();
    let lookup = cache.enabled ? lookups.get(token) : undefined;
    if (!lookup || lookup.readAt !== tick) {
      const started = { readAt: tick, result: lookUp(token, tick) };
      lookups.set(token, started);
      void started.result.then(
        () => lookups.get(token) === started && lookups.delete(token),
        () => lookups.get(token) === started && lookups.delete(token),
      );
      lookup = started;
    }
    const { user, sid } = await lookup.result;
    request.user = user;
    request.sessionId = sid;
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
