import { envelope, MIN_AGE, SiteInfo } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';

/** Public facts the policy pages need; no sign-in, nothing from the database. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site/info/', { schema: { response: { 200: envelope(SiteInfo) } } }, async () =>
    ok({ takedown_email: app.deps.env.TAKEDOWN_EMAIL, min_age: MIN_AGE }),
  );
};
