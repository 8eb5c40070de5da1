import {
  AdminDisputePage,
  AdminDisputesQuery,
  CreateCheckoutBody,
  CreateCheckoutResult,
  envelope,
  PaymentOutcome,
  PRODUCTS,
  ProductsResult,
  SandboxCompleteBody,
  SessionStatus,
  SessionStatusQuery,
} from '@butterfic/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { LIMITS } from '../../lib/limits';
import { rateLimit } from '../../lib/rate-limit';
import { currentUser } from '../../plugins/auth';
import { changes } from '../../plugins/cache';
import { ok } from '../../plugins/envelope';
import {
  assertMayCheckout,
  completeSandboxSession,
  createSandboxSession,
  createStripe,
  createStripeSession,
  failSession,
  listDisputes,
  sessionStatus,
  settleEarlyFraudWarning,
  settleStripeDispute,
  settleStripeRefund,
  settleStripeRefunds,
  settleStripeSession,
  type Credit,
} from './service';

/** The only Stripe events acted on; everything else is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  // Issue 45: a refund that fails or is cancelled (Stripe sends charge.refund.updated for some payment
  // methods, refund.updated / refund.failed for all), and the issuer's early fraud warning.
  'charge.refund.updated',
  'refund.updated',
  'refund.failed',
  'radar.early_fraud_warning.created',
]);

/** Events whose object is a refund (re-read from Stripe with its charge's other refunds). */
const REFUND_EVENTS = new Set(['charge.refund.updated', 'refund.updated', 'refund.failed']);

const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const outcome = (sessionId: string, credit: Credit) => ({
  session_id: sessionId,
  product_name: credit.productId,
  credited: credit.credited,
  balance: credit.balance,
  pass_expires_at: epoch(credit.passExpiresAt),
});

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app.deps;
  const db = app.deps.database.db;
  const stripe = createStripe(env);

  app.get('/payment/products/', { schema: { response: { 200: envelope(ProductsResult) } } }, async () =>
    ok({
      products: PRODUCTS.map((p) => ({
        id: p.id,
        kind: p.kind,
        butter: p.kind === 'butter' ? p.butter : null,
        pass_seconds: p.kind === 'pass' ? p.passSeconds : null,
        prices: p.prices,
      })),
      payments: env.PAYMENTS,
      publishable_key: env.PAYMENTS === 'stripe' ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    }),
  );

  app.post(
    '/payment/stripeCreateCheckoutSession/',
    {
      preHandler: app.authenticate,
      config: changes('account', 'mine'),
      schema: { body: CreateCheckoutBody, response: { 200: envelope(CreateCheckoutResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      await rateLimit(db, `checkout:user:${user.uid}`, LIMITS.checkoutPerAccount);
      // No new purchase while a payment of the account is disputed (or reported as fraud) or while it owes Butter.
      await assertMayCheckout(db, { userUid: user.uid });
      const { product_name: productId, currency, delivery_consent: deliveryConsent = false } = request.body;
      const checkout = { user, productId, currency, deliveryConsent };
      const clientSecret = stripe ? await createStripeSession(db, { ...checkout, stripe, env }) : await createSandboxSession(db, checkout);
      return ok({ clientSecret });
    },
  );

  app.get(
    '/payment/session/',
    { preHandler: app.authenticate, schema: { querystring: SessionStatusQuery, response: { 200: envelope(SessionStatus) } } },
    async (request) => ok(await sessionStatus(db, { user: currentUser(request), sessionId: request.query.session_id })),
  );

  app.post(
    '/payment/sandbox/complete/',
    {
      preHandler: app.authenticate,
      config: changes('account', 'mine'),
      schema: { body: SandboxCompleteBody, response: { 200: envelope(PaymentOutcome) } },
    },
    async (request) => {
      if (env.PAYMENTS !== 'sandbox') throw new AppError('notFound', { message: 'paymentsDisabled' });
      const sessionId = request.body.client_secret;
      return ok(outcome(sessionId, await completeSandboxSession(db, { user: currentUser(request), sessionId })));
    },
  );

  // The operator console's list of Stripe disputes: admins only, 404001 for everyone else.
  app.get(
    '/admin/disputes/',
    { preHandler: app.requireAdmin, schema: { querystring: AdminDisputesQuery, response: { 200: envelope(AdminDisputePage) } } },
    async (request) => ok(await listDisputes(db, request.query)),
  );

  // The webhook reads its body raw: the signature covers the exact bytes.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(
      '/payment/webhook/',
      // Stripe's call, not a reader's: what it changes in an account (a pass) reaches the cache by NOTIFY; money is read fresh.
      {
        config: changes(),
        schema: { response: { 200: envelope(z.object({ received: z.literal(true), credited: z.boolean() })) } },
      },
      async (request) => {
        if (!stripe || !env.STRIPE_WEBHOOK_SECRET) throw new AppError('notFound', { message: 'paymentsDisabled' });
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(body))
          throw new AppError('invalidInput', { detail: 'webhook without signature' });
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(body, signature, env.STRIPE_WEBHOOK_SECRET);
        } catch (error) {
          request.log.warn({ err: error }, 'Stripe webhook signature refused');
          throw new AppError('invalidInput', { detail: 'bad webhook signature' });
        }
        if (!HANDLED_EVENTS.has(event.type)) return ok({ received: true as const, credited: false });
        const sessionId = (event.data.object as { id?: unknown }).id;
        if (typeof sessionId !== 'string') return ok({ received: true as const, credited: false });
        // Refunds, disputes and early fraud warnings (docs/decisions/0030 and its addendum): the object is a
        // charge, a refund, a dispute or a warning, re-read from Stripe; only its id is taken from the event.
        if (event.type === 'charge.refunded') {
          await settleStripeRefunds(db, { stripe, chargeId: sessionId, log: request.log });
          return ok({ received: true as const, credited: false });
        }
        if (REFUND_EVENTS.has(event.type)) {
          await settleStripeRefund(db, { stripe, refundId: sessionId, log: request.log });
          return ok({ received: true as const, credited: false });
        }
        if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
          await settleStripeDispute(db, { stripe, disputeId: sessionId, log: request.log });
          return ok({ received: true as const, credited: false });
        }
        if (event.type === 'radar.early_fraud_warning.created') {
          await settleEarlyFraudWarning(db, { stripe, warningId: sessionId, log: request.log });
          return ok({ received: true as const, credited: false });
        }
        if (event.type === 'checkout.session.async_payment_failed') {
          await failSession(db, { sessionId });
          return ok({ received: true as const, credited: false });
        }
        const credit = await settleStripeSession(db, { stripe, sessionId, log: request.log });
        if (credit?.credited) request.log.info({ sessionId, product: credit.productId }, 'payment credited');
        return ok({ received: true as const, credited: credit?.credited ?? false });
      },
    );
  });
};
