import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { insertStripeSubscriber } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { invoiceEvent, signedDelivery, subscriptionEvent } from '../testing/stripe-events';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

const SECRET = 'whsec_fake_signing_secret';
/** Stripe's event times are whole seconds. */
const T = new Date(Math.floor(Date.now() / 1000 - 3600) * 1000);
const at = (seconds: number) => new Date(T.getTime() + seconds * 1000);

describe.each(TEST_DIALECTS)('the Stripe webhook on %s', (dialect) => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** An operator whose subscription was just created and awaits its first payment. */
  async function awaitingPayment() {
    const subscriber = await insertStripeSubscriber(t.services.db);
    return { ...subscriber, status: async () => (await findSubscriptionOf(t.services.db, subscriber.userId))?.status };
  }

  const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: delivery.headers, payload: delivery.payload });
  const send = (event: Stripe.Event) => deliver(signedDelivery(event, SECRET));
  const recorded = async (eventId: string) =>
    (await t.services.db.selectFrom('stripe_events').select('id').where('id', '=', eventId).execute()).length;

  it('keeps the status of a verified event with its time, and records the event', async () => {
    const operator = await awaitingPayment();
    const periodEnd = at(30 * 86_400);
    const event = subscriptionEvent('customer.subscription.updated', { id: operator.subscription, customer: operator.customer, status: 'active', currentPeriodEnd: periodEnd }, T);

    const response = await send(event);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toMatchObject({ status: 'active', statusEventAt: T });
    const row = await t.services.db.selectFrom('subscriptions').select('current_period_end').where('user_id', '=', operator.userId).executeTakeFirst();
    expect(new Date(row!.current_period_end!)).toEqual(periodEnd);
    expect(await recorded(event.id)).toBe(1);
  });

  it('follows the invoices: paid makes it active, a failed renewal past_due', async () => {
    const operator = await awaitingPayment();
    const invoice = { customer: operator.customer, subscription: operator.subscription };
    await send(invoiceEvent('invoice.paid', invoice, T));
    expect(await operator.status()).toBe('active');
    await send(invoiceEvent('invoice.payment_failed', invoice, at(30 * 86_400)));
    expect(await operator.status()).toBe('past_due');
  });

  it.each([
    ['a tampered payload', (d: { payload: string }) => ({ payload: d.payload.replace('"incomplete_expired"', '"active"') }), /does not match/],
    ['the wrong secret', () => ({ secret: 'whsec_someone_else' }), /does not match/],
    ['a signature older than five minutes', () => ({ signedAt: new Date(Date.now() - 10 * 60 * 1000) }), /too old/],
  ])('refuses %s with 400 and changes nothing', async (_case, tamper, message) => {
    const operator = await awaitingPayment();
    const event = subscriptionEvent('customer.subscription.updated', { id: operator.subscription, customer: operator.customer, status: 'incomplete_expired' }, T);
    const change = tamper(signedDelivery(event, SECRET)) as { payload?: string; secret?: string; signedAt?: Date };
    const signed = signedDelivery(event, change.secret ?? SECRET, change.signedAt);

    const response = await deliver({ ...signed, payload: change.payload ?? signed.payload });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect(await operator.status()).toBe('incomplete');
    expect(await recorded(event.id)).toBe(0);
  });

  it('refuses an unsigned delivery with 400', async () => {
    const { payload } = signedDelivery(invoiceEvent('invoice.paid', { customer: 'cus_x', subscription: 'sub_x' }, T), SECRET);
    const response = await deliver({ payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Expected a JSON body signed by Stripe (Stripe-Signature header).' });
  });

  it('does nothing on a replay: the same event id counts once', async () => {
    const operator = await awaitingPayment();
    const invoice = { customer: operator.customer, subscription: operator.subscription };
    const paid = invoiceEvent('invoice.paid', invoice, T);
    await send(paid);
    // A renewal failure in the same second: were the replay applied again, it would win.
    await send(invoiceEvent('invoice.payment_failed', invoice, T));

    const replay = await send(paid);

    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, alreadyProcessed: true });
    expect(await operator.status()).toBe('past_due');
    expect(await recorded(paid.id)).toBe(1);
  });

  it('processes simultaneous deliveries of one event once', async () => {
    const operator = await awaitingPayment();
    const event = invoiceEvent('invoice.paid', { customer: operator.customer, subscription: operator.subscription }, T);
    const delivery = signedDelivery(event, SECRET);

    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));

    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.json().alreadyProcessed === true)).toHaveLength(4);
    expect(await recorded(event.id)).toBe(1);
    expect(await operator.status()).toBe('active');
  });

  it('keeps the newer state when an older event arrives after it', async () => {
    const operator = await awaitingPayment();
    const newer = subscriptionEvent('customer.subscription.deleted', { id: operator.subscription, customer: operator.customer, status: 'canceled' }, at(120));
    const older = subscriptionEvent('customer.subscription.updated', { id: operator.subscription, customer: operator.customer, status: 'active' }, at(60));

    await send(newer);
    const late = await send(older);

    expect(late.statusCode).toBe(200);
    expect(await findSubscriptionOf(t.services.db, operator.userId)).toMatchObject({ status: 'canceled', statusEventAt: at(120) });
    expect(await recorded(older.id)).toBe(1);
  });

  it("records but ignores events of customers that are not an operator's", async () => {
    const event = invoiceEvent('invoice.paid', { customer: 'cus_not_ours', subscription: 'sub_not_ours' }, T);
    expect((await send(event)).statusCode).toBe(200);
    expect(await recorded(event.id)).toBe(1);
  });

  it('is listed in /api/openapi.json beside the REST routes', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/api/stripe/webhook']?.post?.operationId).toBe('stripeWebhook');
  });
});
