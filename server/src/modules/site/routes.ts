import { envelope, SiteInfo } from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env';
import { ok } from '../../plugins/envelope';

/** The operator settings as the policy pages name them; null while unset (the pages show a placeholder). */
function operatorOf(env: Env): SiteInfo['operator'] {
  return {
    name: env.OPERATOR_NAME ?? null,
    address: env.OPERATOR_ADDRESS ?? null,
    email: env.OPERATOR_EMAIL ?? null,
    governing_law: env.GOVERNING_LAW ?? null,
    company_number: env.OPERATOR_COMPANY_NUMBER ?? null,
    // The data-protection contact: PRIVACY_CONTACT, else the operator's address.
    privacy_contact: env.PRIVACY_CONTACT ?? env.OPERATOR_EMAIL ?? null,
    representative: env.OPERATOR_REPRESENTATIVE ?? null,
    phone: env.OPERATOR_PHONE ?? null,
    kr_business_number: env.KR_BUSINESS_NUMBER ?? null,
    kr_mail_order_number: env.KR_MAIL_ORDER_NUMBER ?? null,
    kr_privacy_officer: env.KR_PRIVACY_OFFICER ?? null,
    tw_business_number: env.TW_BUSINESS_NUMBER ?? null,
    cn_credit_code: env.CN_CREDIT_CODE ?? null,
    cn_representative: env.CN_REPRESENTATIVE ?? null,
  };
}

/** Public facts the policy pages need; no sign-in, nothing from the database. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app.deps;
  app.get('/site/info/', { schema: { response: { 200: envelope(SiteInfo) } } }, async () =>
    ok({
      takedown_email: env.TAKEDOWN_EMAIL,
      min_age: env.MIN_AGES.en,
      min_ages: env.MIN_AGES,
      policy_updated: env.POLICY_UPDATED,
      operator: operatorOf(env),
      sandbox_payments: env.PAYMENTS_SANDBOX_PUBLIC,
    }),
  );
};
