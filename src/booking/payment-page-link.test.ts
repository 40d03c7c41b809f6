import { describe, expect, it } from 'vitest';
import { paymentPageUrl, paymentPageToken } from './payment-page-link';

function memoryStorage() {
  const kept = new Map<string, string>();
  return { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
}

describe("the embed's payment page link (docs/decisions/0062)", () => {
  const hold = { appointmentId: 'apt_1', token: 'tok-EN_x' };

  it('carries the token only in the fragment, in the visitor’s language', () => {
    const url = new URL(paymentPageUrl('https://minda.example', 'ms', hold));
    expect(url.pathname).toBe('/ms/booking-payment/apt_1');
    expect(url.search).toBe('');
    expect(url.hash).toBe('#tok-EN_x');
    expect(new URL(paymentPageUrl('https://minda.example', 'en', hold)).pathname).toBe('/booking-payment/apt_1');
  });

  it('keeps the token in the tab, so a return from the bank without the fragment still finds it', () => {
    const storage = memoryStorage();
    expect(paymentPageToken(new URL('https://minda.example/booking-payment/apt_1#tok-EN_x'), 'apt_1', storage)).toBe('tok-EN_x');
    const returned = new URL('https://minda.example/booking-payment/apt_1?payment_intent=pi_1&redirect_status=succeeded');
    expect(paymentPageToken(returned, 'apt_1', storage)).toBe('tok-EN_x');
    // Another hold's page finds none of it.
    expect(paymentPageToken(new URL('https://minda.example/booking-payment/apt_2'), 'apt_2', storage)).toBeNull();
    expect(paymentPageToken(returned, 'apt_1', undefined)).toBeNull();
  });
});
