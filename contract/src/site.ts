import { z } from 'zod';

export { MIN_AGE, POLICY_UPDATED } from './constants';

/** GET /site/info/: public facts the policy pages show (docs/contract.md). */
export const SiteInfo = z.object({
  /** Where rights holders send takedown notices: TAKEDOWN_EMAIL, else the first ADMIN_EMAILS, else a placeholder. */
  takedown_email: z.string(),
  /** The minimum age to use the service (SPEC.md section 1). */
  min_age: z.number().int(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
