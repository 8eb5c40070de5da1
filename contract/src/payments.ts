import { z } from 'zod';
import { EMAIL_PATTERN } from './constants';
import { CURRENCIES, DELIVERY_CONSENT_CURRENCIES, PRODUCTS } from './products';

export {
  CURRENCIES,
  CURRENCY_FORMAT,
  DEFAULT_PRODUCT_ID,
  DELIVERY_CONSENT_CURRENCIES,
  INVITE_BUTTER,
  LANGUAGE_CURRENCY,
  PRODUCTS,
  findProduct,
  type Currency,
  type Product,
} from './products';

const productIds = PRODUCTS.map((p) => p.id) as [string, ...string[]];

/** GET /payment/products/ */
export const ProductView = z.object({
  id: z.string(),
  kind: z.enum(['butter', 'pass']),
  /** Butter in a package; null for a pass. */
  butter: z.number().int().nullable(),
  /** Length of a pass in seconds; null for a package. */
  pass_seconds: z.number().int().nullable(),
  /** Stripe amounts per currency: cents and fen; whole yen and won; TWD cents of whole dollars (CURRENCY_FORMAT). */
  prices: z.object({ eur: z.number().int(), cny: z.number().int(), jpy: z.number().int(), krw: z.number().int(), twd: z.number().int() }),
});
export const ProductsResult = z.object({
  products: z.array(ProductView),
  /** `stripe` shows Stripe's embedded checkout; `sandbox` the test checkout form. */
  payments: z.enum(['stripe', 'sandbox']),
  publishable_key: z.string().nullable(),
});
export type ProductsResult = z.infer<typeof ProductsResult>;

/** A form-encoded body sends `true`/`1` as text. */
const formBoolean = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/**
 * POST /payment/stripeCreateCheckoutSession/: the price comes from the server's table only. SPEC.md's client
 * sends `product_name` alone (EUR, no consent needed). `delivery_consent`: the buyer ticked that the Butter
 * is delivered at once and the cooling-off does not apply; required for TWD (DELIVERY_CONSENT_CURRENCIES).
 */
export const CreateCheckoutBody = z
  .object({
    product_name: z.enum(productIds),
    currency: z.enum(CURRENCIES).default('eur'),
    delivery_consent: formBoolean.optional(),
  })
  .superRefine((body, ctx) => {
    if (DELIVERY_CONSENT_CURRENCIES.includes(body.currency) && body.delivery_consent !== true)
      ctx.addIssue({ code: 'custom', path: ['delivery_consent'], message: 'required for this currency' });
  });
export const CreateCheckoutResult = z.object({ clientSecret: z.string() });

/** POST /payment/sandbox/complete/: the sandbox's test checkout form (PAYMENTS=sandbox only). */
export const SandboxCompleteBody = z.object({
  client_secret: z.string().trim().min(10).max(200),
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'invalid email!'),
  name: z.string().trim().min(1).max(120),
  address: z.string().trim().min(1).max(300),
  country: z.string().trim().min(2).max(2),
});
export const PaymentOutcome = z.object({
  session_id: z.string(),
  product_name: z.string(),
  credited: z.boolean(),
  balance: z.number().int(),
  pass_expires_at: z.number().int().nullable(),
});

/** GET /payment/session/?session_id=: how a checkout ended (the /recharge/complete page). */
export const SessionStatusQuery = z.object({ session_id: z.string().trim().min(1).max(200) });
export const SessionStatus = z.object({
  session_id: z.string(),
  product_name: z.string(),
  status: z.enum(['open', 'credited', 'failed']),
});

/** POST /redeem/redeem/ and POST /user/invitation/ */
export const RedeemBody = z.object({ redeem_code: z.string().trim().min(1, 'enter the code').max(64) });
export const InvitationBody = z.object({ invitation_code: z.string().trim().min(1, 'enter the code').max(64) });
export const CodeResult = z.object({ message: z.string(), butter: z.number().int(), balance: z.number().int() });

/** GET /wallet/transactions/ */
export const TransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** The first page's newest id: later pages stay put while new rows arrive. */
  before: z.coerce.number().int().min(1).optional(),
});
/**
 * `pass`: a pass bought (0 Butter, `pass_until` its end); `purchase_refund`: Butter (or a pass) taken back after
 * Stripe refunded a payment; `chargeback`: taken when a dispute or early fraud warning on the payment opened
 * (held), or when a dispute was lost; `dispute_won`: what a hold took, given back when the dispute closed for
 * us; `refund_failed`: what a refund took, given back when it failed or was cancelled; `revoke`: Butter the
 * operator took back (`npm run admin -- user grant <email> -<n>`). `refund` is a failed job's charge given back.
 */
export const LEDGER_KINDS = [
  'signup',
  'grant',
  'invite',
  'invited',
  'redeem',
  'purchase',
  'generate',
  'continue',
  'refund',
  'pass',
  'purchase_refund',
  'chargeback',
  'revoke',
  'dispute_won',
  'refund_failed',
  'revise',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const Transaction = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** Butter the account owed after this row (a refund or lost dispute took back more than the balance held). */
  debt_after: z.number().int(),
  /** Pass rows: epoch seconds when the pass ends (or ended) after this row; null on other rows. */
  pass_until: z.number().int().nullable(),
  reference: z.string().nullable(),
  created_time: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;

/** GET /admin/disputes/ (operator console): Stripe disputes of our payments, newest first. */
export const AdminDisputesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminDispute = z.object({
  id: z.string(),
  session_id: z.string(),
  user_uid: z.string(),
  user_email: z.string(),
  /** The product id as in /payout/{product}. */
  product_name: z.string(),
  /** Minor units in `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** Stripe's status: needs_response, under_review, won, lost, … */
  status: z.string(),
  /** The account's debt now (what a lost dispute left unpaid). */
  user_debt: z.number().int(),
  created_time: z.number().int(),
  closed_time: z.number().int().nullable(),
});
export type AdminDispute = z.infer<typeof AdminDispute>;
export const AdminDisputePage = z.object({
  results: z.array(AdminDispute),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AdminDisputePage = z.infer<typeof AdminDisputePage>;
