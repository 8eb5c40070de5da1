import { envelope, Health } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';

/** How long a successful database check answers for: probes at any rate cost the database one query a second. */
const DB_CHECK_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // One check in flight at a time, shared by every probe meanwhile; a failure is never reused.
  let checkedAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  const { database } = app.deps;
  const checkDatabase = () => {
    // A dropped connection or a request that could not reach the server (a restart, a failover) since the
    // last good check ends the grace second at once.
    if (performance.now() - checkedAt < DB_CHECK_MS && checkedAt > database.troubleAt()) return;
    inFlight ??= database.pool
      .query('select 1')
      .then(() => {
        checkedAt = performance.now();
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  app.get('/health/', { schema: { response: { 200: envelope(Health) } } }, async () => {
    await checkDatabase();
    const { env } = app.deps;
    return ok({
      status: 'ok' as const,
      db: app.deps.database.kind,
      llm: env.LLM_PROVIDER,
      mail: env.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
      payments: env.PAYMENTS,
      moderation: app.deps.safety.mode,
      safety_layers: app.deps.safety.layers,
      version: app.deps.version,
      warnings: [...(env.PAYMENTS_SANDBOX_PUBLIC ? ['sandbox-payments-public'] : []), ...app.deps.safety.warnings],
    });
  });
};
