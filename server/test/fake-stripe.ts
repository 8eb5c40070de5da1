import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on loopback speaking the calls the app makes (Checkout
 * Session create, retrieve and list by PaymentIntent; charge and dispute
 * retrieve), form-encoded in and JSON out like Stripe.
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

export type FakeDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost';
};

export type FakeStripe = {
  base: string;
  sessions: Map<string, FakeSession>;
  /** The form fields of every create call, as sent. */
  creates: URLSearchParams[];
  retrieves: number;
  charges: Map<string, FakeCharge>;
  disputes: Map<string, FakeDispute>;
  /** Marks a session paid: a PaymentIntent and its charge. */
  pay: (id: string) => void;
  /** Refunds `amount` minor units (default: the rest) of a paid session's charge; answers the charge id. */
  refund: (sessionId: string, amount?: number) => string;
  /** Opens a dispute on a paid session's charge; answers the dispute id. */
  dispute: (sessionId: string) => string;
  /** Closes a dispute as the bank decided. */
  closeDispute: (disputeId: string, status: 'won' | 'lost') => void;
  close: () => Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, FakeCharge>();
  const disputes = new Map<string, FakeDispute>();
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
      const object = /^\/v1\/(charges|disputes)\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && object?.[1] && object[2]) {
        const found = object[1] === 'charges' ? charges.get(object[2]) : disputes.get(object[2]);
        if (!found) json(res, 404, { error: { type: 'invalid_request_error', message: `No such ${object[1]}: '${object[2]}'` } });
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
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount - charge.amount_refunded));
      charge.refunded = charge.amount_refunded === charge.amount;
      return charge.id;
    },
    dispute: (sessionId) => {
      const charge = chargeOf(sessionId);
      charge.disputed = true;
      const dispute: FakeDispute = {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount: charge.amount - charge.amount_refunded,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return dispute.id;
    },
    closeDispute: (disputeId, status) => {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no fake dispute ${disputeId}`);
      dispute.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
