import { z } from 'zod';

export { MIN_AGE, POLICY_UPDATED } from './constants';

/** GET /site/info/: public facts the policy pages show (docs/contract.md). */
export const SiteInfo = z.object({
  /** Where rights holders send takedown notices: TAKEDOWN_EMAIL, else the first ADMIN_EMAILS, else a placeholder. */
  takedown_email: z.string(),
  /** The minimum age to use the service (SPEC.md section 1). */
  min_age: z.number().int(),
  /** The policy texts' "last updated" date (YYYY-MM-DD): POLICY_UPDATED, 2025-03-25 unless the operator changes it. */
  policy_updated: z.string(),
  /** Who runs the service (operator settings; null while unset, and the pages then show a placeholder). */
  operator: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    governing_law: z.string().nullable(),
    company_number: z.string().nullable(),
    privacy_contact: z.string().nullable(),
  }),
  /** True while the sandbox checkout (free Butter) runs on an address others can reach: every page shows a banner. */
  sandbox_payments: z.boolean().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;
