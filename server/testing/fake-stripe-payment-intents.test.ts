import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../billing/billing';
import { DECLINED_TEST_CARD } from './fake-stripe-payment-intents';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

// The official SDK against the fake, as the app calls it: what the payment tests rely on.
describe('the fake Stripe PaymentIntents on a connected account', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  const onClinic = { stripeAccount: 'acct_clinic' };
  const create = (idempotencyKey: string, types = ['card', 'fpx', 'grabpay']) =>
    stripe.paymentIntents.create(
      { amount: 15_000, currency: 'myr', allowed_payment_method_types: types, application_fee_amount: 0, metadata: { appointmentId: 'a1' } },
      { ...onClinic, idempotencyKey },
    );
  const fetchJson = async (path: string, init?: RequestInit) => fetch(`${fake.url}${path}`, { redirect: 'manual', ...init });

  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    stripe = new Stripe('sk_test_fake', { apiVersion: STRIPE_API_VERSION, host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.stop());

  it('creates one intent per idempotency key, visible only on its account', async () => {
    const first = await create('booking-1');
    const again = await create('booking-1');
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ amount: 15_000, currency: 'myr', status: 'requires_payment_method', payment_method_types: ['card', 'fpx', 'grabpay'], application_fee_amount: 0 });
    expect(first.metadata).toEqual({ appointmentId: 'a1' });
    // Another clinic's same key is its own request.
    const other = await stripe.paymentIntents.create({ amount: 15_000, currency: 'myr' }, { stripeAccount: 'acct_other', idempotencyKey: 'booking-1' });
    expect(other.id).not.toBe(first.id);
    await expect(stripe.paymentIntents.retrieve(first.id, {}, { stripeAccount: 'acct_other' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('refuses an amount below RM 2, and offers FPX and GrabPay for ringgit only', async () => {
    await expect(stripe.paymentIntents.create({ amount: 150, currency: 'myr' }, onClinic)).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    const inDollars = await stripe.paymentIntents.create({ amount: 1000, currency: 'sgd', allowed_payment_method_types: ['card', 'fpx', 'grabpay'] }, onClinic);
    expect(inDollars.payment_method_types).toEqual(['card']);
  });

  it('declines the declined test card, then takes another card, each with its event', async () => {
    const intent = await create('card-then-card');
    const declined = await fetchJson(`/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: intent.client_secret!, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': DECLINED_TEST_CARD }),
    });
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toMatchObject({ type: 'card_error', code: 'card_declined', payment_intent: { status: 'requires_payment_method' } });
    await stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'card' } }, onClinic);
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }, onClinic);
    expect(paid.status).toBe('succeeded');
    expect(paid.latest_charge).toMatchObject({ receipt_url: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\//), payment_method_details: { type: 'card' } });
    const mine = fake.payments.events.filter((event) => event.data.object.id === intent.id);
    expect(mine.map((event) => [event.type, event.account])).toEqual([
      ['payment_intent.payment_failed', 'acct_clinic'],
      ['payment_intent.succeeded', 'acct_clinic'],
    ]);
  });

  it.each(['fpx', 'grabpay'])('sends %s to its page and back to the return URL with Stripe’s query', async (type) => {
    const intent = await create(`redirect-${type}`);
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type } as Stripe.PaymentIntentConfirmParams.PaymentMethodData, return_url: 'https://clinic.example/s/x?resume=1' }, onClinic);
    expect(confirmed.status).toBe('requires_action');
    const redirect = confirmed.next_action!.redirect_to_url!;
    expect(redirect.return_url).toBe('https://clinic.example/s/x?resume=1');
    const page = new URL(redirect.url!);
    expect(await (await fetchJson(page.pathname + page.search)).text()).toContain('Authorise payment');
    const back = await fetchJson(`${page.pathname}${page.search}&outcome=failed`);
    const failedReturn = new URL(back.headers.get('location')!);
    expect(Object.fromEntries(failedReturn.searchParams)).toEqual({ resume: '1', payment_intent: intent.id, payment_intent_client_secret: intent.client_secret, redirect_status: 'failed' });
    expect((await stripe.paymentIntents.retrieve(intent.id, {}, onClinic)).status).toBe('requires_payment_method');

    // The visitor tries again: the same intent, now paid.
    await stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type } as Stripe.PaymentIntentConfirmParams.PaymentMethodData, return_url: 'https://clinic.example/s/x' }, onClinic);
    const paidReturn = await fetchJson(`${page.pathname}${page.search}&outcome=succeeded`);
    expect(new URL(paidReturn.headers.get('location')!).searchParams.get('redirect_status')).toBe('succeeded');
    const paid = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }, onClinic);
    expect(paid.latest_charge).toMatchObject({ payment_method_details: { type } });
  });

  it('refuses to confirm a method the intent does not offer, or a paid intent', async () => {
    const intent = await create('card-only', ['card']);
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'fpx' }, return_url: 'https://x.example' }, onClinic)).rejects.toMatchObject({ statusCode: 400 });
    await stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'card' } }, onClinic);
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'card' } }, onClinic)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.cancel(intent.id, {}, onClinic)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', payment_intent: { id: intent.id, status: 'succeeded' } });
  });

  it('cancels an open intent once; a second cancel is refused with the intent, and one under the same Idempotency-Key answers the first again', async () => {
    const intent = await create('to-cancel', ['card', 'fpx']);
    const once = { ...onClinic, idempotencyKey: `close-${intent.id}` };
    await expect(stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }, once)).resolves.toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    await expect(stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }, once)).resolves.toMatchObject({ status: 'canceled' });
    await expect(stripe.paymentIntents.cancel(intent.id, {}, onClinic)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', payment_intent: { status: 'canceled' } });
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method_data: { type: 'card' } }, onClinic)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    await expect(stripe.paymentIntents.cancel(intent.id, {}, { stripeAccount: 'acct_other' })).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
