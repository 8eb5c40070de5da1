import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { GENERATION_WINDOW_SECONDS } from './limits';
import { rateLimit } from './rate-limit';

/**
 * preHandler (after `authenticate`) of every request that starts a generation job (a new story, a
 * continuation, a new version of a chapter): at most MAX_GENERATIONS_PER_HOUR per account, `0` =
 * unlimited. Every attempt counts, also one the safety check or the wallet then refuses.
 */
export function limitGenerationStarts(deps: Pick<Deps, 'env' | 'database'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const max = deps.env.MAX_GENERATIONS_PER_HOUR;
    if (max === 0 || !request.user) return;
    await rateLimit(deps.database.db, `generate:user:${request.user.uid}`, { max, windowSeconds: GENERATION_WINDOW_SECONDS });
  };
}
