import Stripe from 'stripe';
import { expect } from 'vitest';
import type { FakeStripe } from './fake-stripe';
import type { TestContext } from './helpers';
import { unbalancedAccounts } from './ledger';

export type WebhookEvent = { payload: string; header: string };
type Auth = { authorization: string };

const signer = new Stripe('sk_test_signing_only');

/**
 * Stripe's webhook as the money tests drive it: events signed with `secret`, delivered to the app of
 * `ctx()` (its context is made in a beforeAll, so it is read when a call is made), ten copies at once.
 */
export function stripeWebhooks(secret: string, ctx: () => TestContext, fake: () => FakeStripe) {
  let eventCount = 0;

  const signed = (type: string, object: { id: string; object: string }): WebhookEvent => {
    const payload = JSON.stringify({
      id: `evt_${++eventCount}_${object.id}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  const deliver = (event: WebhookEvent) =>
    ctx().request('POST', '/api/v1/payment/webhook/', {
      raw: event.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    });

  /** Stripe delivers at least once, sometimes many times at once: ten copies of each event, all at the same time. */
  const deliverTenTimes = async (...events: WebhookEvent[]) => {
    const answers = await Promise.all(events.flatMap((event) => Array.from({ length: 10 }, () => deliver(event))));
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    expect(await unbalancedAccounts(ctx())).toEqual([]);
  };

  /** A paid and credited purchase of `product` by `auth`; its session id. */
  const buy = async (auth: Auth, product: string) => {
    const answer = await ctx().request('POST', '/api/v1/payment/stripeCreateCheckoutSession/', {
      body: { product_name: product },
      headers: auth,
    });
    expect(answer.status).toBe(200);
    const session = [...fake().sessions.values()].find((s) => s.client_secret === answer.body.data.clientSecret);
    if (!session) throw new Error('no fake session');
    fake().pay(session.id);
    await deliverTenTimes(signed('checkout.session.completed', { id: session.id, object: 'checkout.session' }));
    return session.id;
  };

  return { signed, deliver, deliverTenTimes, buy };
}
