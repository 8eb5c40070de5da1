import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { rateLimit } from './rate-limit';

/**
 * Rate limits per account (fixed windows in `rate_limits`, shared by every process; over one → 429001
 * with Retry-After, before anything is charged or written). Story starts are configurable
 * (MAX_GENERATIONS_PER_HOUR); the others are fixed here, far above what a person does by hand.
 */
export const ACCOUNT_LIMITS = {
  /** Token refreshes of one account: a tab refreshes every ACCESS_TOKEN_TTL (15 min), so this is many tabs and retries. */
  refreshPerAccount: [60, 600],
  /** Personas published by one account. */
  personaCreatePerAccount: [30, 3600],
  /** A visitor's use of one persona counts once a day per client address (an account's once ever: `persona_uses`). */
  addUsedPerVisitorAndPersona: [1, 86400],
} as const satisfies Record<string, readonly [number, number]>;

export const GENERATION_WINDOW_SECONDS = 3600;

/**
 * preHandler (after `authenticate`) of every request that starts a generation job (a new story, a
 * continuation, a new version of a chapter): at most MAX_GENERATIONS_PER_HOUR per account, `0` =
 * unlimited. Every attempt counts, also one the safety check or the wallet then refuses.
 */
export function limitGenerationStarts(deps: Pick<Deps, 'env' | 'database'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const max = deps.env.MAX_GENERATIONS_PER_HOUR;
    if (max === 0 || !request.user) return;
    await rateLimit(deps.database.db, `generate:user:${request.user.uid}`, max, GENERATION_WINDOW_SECONDS);
  };
}
