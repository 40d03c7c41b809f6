import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../billing/billing';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { createBookingPaymentIntent } from './create-booking-payment-intent';

describe("a booking's PaymentIntent", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    stripe = new Stripe('sk_test_fake', { apiVersion: STRIPE_API_VERSION, host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => fake.stop());
  const request = { appointmentId: 'appt-1', connectedAccountId: 'acct_clinic', amountSen: 5000, methods: ['card', 'fpx'] as const, platformFeeSen: 0 };

  it('is a direct charge on the clinic’s account, in ringgit, with the methods it has and only ids', async () => {
    const created = await createBookingPaymentIntent(stripe.paymentIntents, request);
    const call = fake.calls.at(-1)!;
    expect(call.headers['stripe-account']).toBe('acct_clinic');
    expect(call.params).toEqual({
      amount: '5000',
      currency: 'myr',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'fpx',
      'metadata[appointmentId]': 'appt-1',
    });
    expect(fake.payments.intents.get(created.id)).toMatchObject({ account: 'acct_clinic', intent: { payment_method_types: ['card', 'fpx'], application_fee_amount: null } });
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
  });

  it('is one intent per appointment however often it is asked for', async () => {
    const first = await createBookingPaymentIntent(stripe.paymentIntents, { ...request, appointmentId: 'appt-2' });
    const again = await createBookingPaymentIntent(stripe.paymentIntents, { ...request, appointmentId: 'appt-2' });
    expect(again).toEqual(first);
    expect(fake.calls.at(-1)!.headers['idempotency-key']).toBe('minda-booking-payment-appt-2');
  });

  it('carries the platform fee when the setting has one', async () => {
    const created = await createBookingPaymentIntent(stripe.paymentIntents, { ...request, appointmentId: 'appt-3', platformFeeSen: 150 });
    expect(fake.payments.intents.get(created.id)!.intent.application_fee_amount).toBe(150);
  });
});
