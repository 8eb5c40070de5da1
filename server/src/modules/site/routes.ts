import { envelope, MIN_AGE, SiteInfo } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';

/** Public facts the policy pages need; no sign-in, nothing from the database. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site/info/', { schema: { response: { 200: envelope(SiteInfo) } } }, async () =>
    ok({
      takedown_email: app.deps.env.TAKEDOWN_EMAIL,
      min_age: MIN_AGE,
      policy_updated: app.deps.env.POLICY_UPDATED,
      operator: {
        name: app.deps.env.OPERATOR_NAME ?? null,
        address: app.deps.env.OPERATOR_ADDRESS ?? null,
        email: app.deps.env.OPERATOR_EMAIL ?? null,
        governing_law: app.deps.env.GOVERNING_LAW ?? null,
        company_number: app.deps.env.OPERATOR_COMPANY_NUMBER ?? null,
        // The data-protection contact: PRIVACY_CONTACT, else the operator's address.
        privacy_contact: app.deps.env.PRIVACY_CONTACT ?? app.deps.env.OPERATOR_EMAIL ?? null,
      },
      sandbox_payments: app.deps.env.PAYMENTS_SANDBOX_PUBLIC,
    }),
  );
};
