import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on loopback speaking the calls the app makes (Checkout
 * Session create, retrieve and list by PaymentIntent; charge, dispute, refund
 * and early fraud warning retrieve; refunds listed by charge), form-encoded in
 * and JSON out like Stripe, in the shapes of Stripe's objects.
 * Tests point the real SDK at it through STRIPE_API_BASE.
 */
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  ui_mode: string;
  /** Set when paid, like Stripe's (its charge, refunds and disputes name it). */
  payment_intent: string | null;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  disputed: boolean;
};

export type DisputeStatus =
  | 'warning_needs_response'
  | 'warning_under_review'
  | 'warning_closed'
  | 'needs_response'
  | 'under_review'
  | 'won'
  | 'lost'
  | 'prevented';

export type FakeDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  created: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: DisputeStatus;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
};

/** Stripe's Refund: `pending`, `requires_action` and `succeeded` send the money back; `failed` and `canceled` do not. */
export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
  metadata: Record<string, string>;
};

/** Stripe's `radar.early_fraud_warning`: the card's issuer reported the charge as fraud. */
export type FakeEarlyFraudWarning = {
  id: string;
  object: 'radar.early_fraud_warning';
  actionable: boolean;
  charge: string;
  created: number;
  fraud_type: string;
  livemode: false;
  payment_intent: string;
};

export type FakeStripe = {
  base: string;
  sessions: Map<string, FakeSession>;
  /** The form fields of every create call, as sent. */
  creates: URLSearchParams[];
  retrieves: number;
  charges: Map<string, FakeCharge>;
  disputes: Map<string, FakeDispute>;
  refunds: Map<string, FakeRefund>;
  earlyFraudWarnings: Map<string, FakeEarlyFraudWarning>;
  /** Marks a session paid: a PaymentIntent and its charge. */
  pay: (id: string) => void;
  /** Refunds `amount` minor units (default: the rest) of a paid session's charge; answers the charge id. */
  refund: (sessionId: string, amount?: number) => string;
  /** The refunds of a paid session's charge, oldest first. */
  refundsOf: (sessionId: string) => FakeRefund[];
  /** A refund that failed or was cancelled: its money goes back to the charge. */
  failRefund: (refundId: string, status?: 'failed' | 'canceled') => void;
  /** Opens a dispute on a paid session's charge; answers the dispute id. */
  dispute: (sessionId: string, status?: DisputeStatus) => string;
  /** Closes a dispute as the bank decided. */
  closeDispute: (disputeId: string, status: 'won' | 'lost' | 'warning_closed' | 'prevented') => void;
  /** The issuer reports a paid session's charge as fraud; answers the early fraud warning's id. */
  earlyFraudWarning: (sessionId: string) => string;
  close: () => Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
  const refunds = new Map<string, FakeRefund>();
  const earlyFraudWarnings = new Map<string, FakeEarlyFraudWarning>();
  const creates: URLSearchParams[] = [];
  const state = { retrieves: 0 };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(raw);
        creates.push(form);
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(\w+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id'),
          metadata,
          payment_status: 'unpaid',
          status: 'open',
          ui_mode: form.get('ui_mode') ?? 'hosted_page',
          payment_intent: null,
        };
        sessions.set(id, session);
        json(res, 200, session);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const intent = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter((s) => intent === null || s.payment_intent === intent);
        json(res, 200, {
          object: 'list',
          data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)),
          has_more: false,
          url: url.pathname,
        });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        // Newest first, `starting_after` pages on, like Stripe's list.
        const charge = url.searchParams.get('charge');
        const all = [...refunds.values()]
          .filter((r) => charge === null || r.charge === charge)
          .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
        const after = url.searchParams.get('starting_after');
        const from = after ? all.findIndex((r) => r.id === after) + 1 : 0;
        const limit = Number(url.searchParams.get('limit') ?? 10);
        json(res, 200, { object: 'list', data: all.slice(from, from + limit), has_more: from + limit < all.length, url: url.pathname });
        return;
      }
      const object = /^\/v1\/(charges|disputes|refunds|radar\/early_fraud_warnings)\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && object?.[1] && object[2]) {
        const kind = object[1];
        const found =
          kind === 'charges'
            ? charges.get(object[2])
            : kind === 'disputes'
              ? disputes.get(object[2])
              : kind === 'refunds'
                ? refunds.get(object[2])
                : earlyFraudWarnings.get(object[2]);
        if (!found) json(res, 404, { error: { type: 'invalid_request_error', message: `No such ${kind}: '${object[2]}'` } });
        else json(res, 200, found);
        return;
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve?.[1]) {
        state.retrieves++;
        const session = sessions.get(retrieve[1]);
        if (!session) json(res, 404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${retrieve[1]}'` } });
        else json(res, 200, session);
        return;
      }
      json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  const chargeOf = (sessionId: string): FakeCharge => {
    const intent = sessions.get(sessionId)?.payment_intent;
    const charge = [...charges.values()].find((c) => c.payment_intent === intent);
    if (!intent || !charge) throw new Error(`fake session ${sessionId} is not paid`);
    return charge;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    sessions,
    creates,
    get retrieves() {
      return state.retrieves;
    },
    charges,
    disputes,
    refunds,
    earlyFraudWarnings,
    pay: (id) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      const intent = `pi_${randomBytes(12).toString('hex')}`;
      session.payment_intent = intent;
      const charge: FakeCharge = {
        id: `ch_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        currency: session.currency,
        payment_intent: intent,
        refunded: false,
        disputed: false,
      };
      charges.set(charge.id, charge);
    },
    refund: (sessionId, amount) => {
      const charge = chargeOf(sessionId);
      const refunded = Math.min(charge.amount - charge.amount_refunded, amount ?? charge.amount - charge.amount_refunded);
      charge.amount_refunded += refunded;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: refunded,
        charge: charge.id,
        // Stripe's `created` is in seconds; the fake keeps its refunds in order within one second.
        created: Math.floor(Date.now() / 1000) + refunds.size,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        reason: 'requested_by_customer',
        status: 'succeeded',
        metadata: {},
      };
      refunds.set(refund.id, refund);
      return charge.id;
    },
    refundsOf: (sessionId) => {
      const charge = chargeOf(sessionId);
      return [...refunds.values()].filter((r) => r.charge === charge.id).sort((a, b) => a.created - b.created);
    },
    failRefund: (refundId, status = 'failed') => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no fake refund ${refundId}`);
      const charge = charges.get(refund.charge);
      if (!charge) throw new Error(`no fake charge ${refund.charge}`);
      if (refund.status === 'failed' || refund.status === 'canceled') return;
      refund.status = status;
      if (status === 'failed') refund.failure_reason = 'expired_or_canceled_card';
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
    },
    dispute: (sessionId, status = 'needs_response') => {
      const charge = chargeOf(sessionId);
      charge.disputed = true;
      const dispute: FakeDispute = {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount: charge.amount - charge.amount_refunded,
        created: Math.floor(Date.now() / 1000),
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: 'fraudulent',
        status,
        is_charge_refundable: status.startsWith('warning_'),
        livemode: false,
        metadata: {},
      };
      disputes.set(dispute.id, dispute);
      return dispute.id;
    },
    closeDispute: (disputeId, status) => {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no fake dispute ${disputeId}`);
      dispute.status = status;
      dispute.is_charge_refundable = false;
    },
    earlyFraudWarning: (sessionId) => {
      const charge = chargeOf(sessionId);
      const warning: FakeEarlyFraudWarning = {
        id: `issfr_${randomBytes(12).toString('hex')}`,
        object: 'radar.early_fraud_warning',
        actionable: !charge.disputed && !charge.refunded,
        charge: charge.id,
        created: Math.floor(Date.now() / 1000),
        fraud_type: 'made_with_stolen_card',
        livemode: false,
        payment_intent: charge.payment_intent,
      };
      earlyFraudWarnings.set(warning.id, warning);
      return warning.id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
