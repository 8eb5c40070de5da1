import { envelope, Health } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health/', { schema: { response: { 200: envelope(Health) } } }, async () => {
    await app.deps.database.pool.query('select 1');
    const { env } = app.deps;
    return ok({
      status: 'ok' as const,
      db: app.deps.database.kind,
      llm: env.LLM_PROVIDER,
      mail: env.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
      payments: env.PAYMENTS,
      moderation: app.deps.safety.mode,
      version: app.deps.version,
    });
  });
};
