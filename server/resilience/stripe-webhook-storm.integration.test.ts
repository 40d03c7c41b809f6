import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { insertStripeSubscriber } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { invoiceEvent, signedDelivery, subscriptionEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';
import { SEED } from './seed';

const SECRET = 'whsec_fake_signing_secret';
/** Stripe's event times are whole seconds. */
const T = Math.floor(Date.now() / 1000 - 3600) * 1000;
const at = (seconds: number) => new Date(T + seconds * 1000);

/** A subscription's life in the order Stripe created the events: it ends cancelled at second 6. */
function lifeOf(ids: { customer: string; subscription: string }) {
  const subscription = (status: string) => ({ id: ids.subscription, customer: ids.customer, status });
  const invoice = { customer: ids.customer, subscription: ids.subscription };
  return [
    subscriptionEvent('customer.subscription.created', subscription('incomplete'), at(1)),
    invoiceEvent('invoice.paid', invoice, at(2)),
    subscriptionEvent('customer.subscription.updated', subscription('active'), at(3)),
    invoiceEvent('invoice.payment_failed', invoice, at(4)),
    subscriptionEvent('customer.subscription.updated', subscription('past_due'), at(5)),
    subscriptionEvent('customer.subscription.deleted', subscription('canceled'), at(6)),
  ];
}

/** How often each of the six events is delivered (1–3 times), in which order, how many at once. */
const storm = fc
  .array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 })
  .map((counts) => counts.flatMap((count, event) => Array.from({ length: count }, () => event)))
  .chain((deliveries) =>
    fc.record({
      order: fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }),
      atOnce: fc.integer({ min: 1, max: 6 }),
    }),
  );

describe.each(TEST_DIALECTS)('a storm of replayed, reordered and simultaneous Stripe deliveries on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('applies each event once and ends in the state of the newest event', async () => {
    await fc.assert(
      fc.asyncProperty(storm, async ({ order, atOnce }) => {
        const { userId, ...ids } = await insertStripeSubscriber(t.services.db);
        const events = lifeOf(ids);
        const deliveries = order.map((event) => signedDelivery(events[event]!, SECRET));

        for (let i = 0; i < deliveries.length; i += atOnce) {
          const responses = await Promise.all(
            deliveries.slice(i, i + atOnce).map((d) => t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload })),
          );
          for (const response of responses) expect(response.statusCode, response.body).toBe(200);
        }

        expect(await findSubscriptionOf(t.services.db, userId)).toMatchObject({ status: 'canceled', statusEventAt: at(6) });
        const recorded = await t.services.db.selectFrom('stripe_events').select('id').where('id', 'in', events.map((e) => e.id)).execute();
        expect(recorded).toHaveLength(events.length);
      }),
      { seed: SEED, numRuns: 15 },
    );
  });
});
