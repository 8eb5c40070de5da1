import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on loopback speaking the two Checkout Session calls the
 * app makes (create and retrieve), form-encoded in and JSON out like Stripe.
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
};

export type FakeStripe = {
  base: string;
  sessions: Map<string, FakeSession>;
  /** The form fields of every create call, as sent. */
  creates: URLSearchParams[];
  retrieves: number;
  pay: (id: string) => void;
  close: () => Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
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
        };
        sessions.set(id, session);
        json(res, 200, session);
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    sessions,
    creates,
    get retrieves() {
      return state.retrieves;
    },
    pay: (id) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
