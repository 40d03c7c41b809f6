import { describe, expect, it } from 'vitest';
import { paymentReturnOf, paymentReturnUrl } from './payment-return';

describe("Stripe's return to the booking page", () => {
  const returned = (query: string) => new URL(`https://clinic.example/s/klinik/results?lang=ms&${query}`);

  it('reads the intent and the redirect status Stripe adds', () => {
    expect(paymentReturnOf(returned('payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded'))).toEqual({
      paymentIntentId: 'pi_1',
      redirectStatus: 'succeeded',
    });
    expect(paymentReturnOf(returned('payment_intent=pi_1&redirect_status=failed'))?.redirectStatus).toBe('failed');
    // Anything else Stripe may say is not an outcome yet.
    expect(paymentReturnOf(returned('payment_intent=pi_1&redirect_status=processing'))?.redirectStatus).toBe('pending');
  });

  it('is no return without both the intent and the status', () => {
    expect(paymentReturnOf(returned('payment_intent=pi_1'))).toBeNull();
    expect(paymentReturnOf(returned('redirect_status=succeeded'))).toBeNull();
  });

  it('comes back to the same page without an earlier return’s query', () => {
    expect(paymentReturnUrl(returned('payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=failed'))).toBe('https://clinic.example/s/klinik/results?lang=ms');
  });
});
