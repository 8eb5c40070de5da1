import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { sessionLive, verifyAccessToken } from '../modules/accounts/tokens';

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
  }
}

/** True while a suspension or ban is in force. */
export function isBlocked(user: Pick<AuthUser, 'status' | 'suspendedUntil'>): boolean {
  if (user.status === 'banned') return true;
  if (user.status === 'suspended') return !user.suspendedUntil || user.suspendedUntil.getTime() > Date.now();
  return false;
}

export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('tokenInvalid');
    const { uid, sid } = await verifyAccessToken(app.deps.secrets.jwtKey, match[1]);
    // One query: the account (for the ban check) and whether the token's session was ended.
    const [row] = await app.deps.database.db
      .select({ user: users, live: sessionLive(sid) })
      .from(users)
      .where(eq(users.uid, uid));
    if (!row) throw new AppError('tokenInvalid');
    if (isBlocked(row.user)) throw new AppError('accountBlocked');
    if (!row.live) throw new AppError('tokenInvalid', { detail: 'session ended' });
    request.user = row.user;
    request.sessionId = sid;
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    if (request.headers.authorization) await app.authenticate(request);
  });
}

/** The authenticated account (after `app.authenticate` ran). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('tokenInvalid');
  return request.user;
}
