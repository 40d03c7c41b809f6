import { describe, expect, it } from 'vitest';
import { bookingPaymentAction } from './booking-payment-event';

describe("a booking's payment event", () => {
  const succeeded = (appointmentStatus: Parameters<typeof bookingPaymentAction>[1]['appointmentStatus'], paymentSucceeded = false) =>
    bookingPaymentAction('payment_intent.succeeded', { paymentSucceeded, appointmentStatus });

  it('accepts the hold it paid for, live or lapsed meanwhile', () => {
    expect(succeeded('held')).toEqual({ do: 'accept', from: 'held' });
    expect(succeeded('expired')).toEqual({ do: 'accept', from: 'expired' });
  });

  it('refunds a payment for a booking that was cancelled or declined meanwhile', () => {
    expect(succeeded('cancelled')).toEqual({ do: 'refund' });
    expect(succeeded('declined')).toEqual({ do: 'refund' });
  });

  it('changes nothing twice: a repeated success changes nothing', () => {
    expect(succeeded('requested', true)).toEqual({ do: 'nothing' });
    expect(succeeded('held', true)).toEqual({ do: 'nothing' });
  });

  it('records the payment of a booking an earlier delivery accepted but did not record', () => {
    expect(succeeded('confirmed')).toEqual({ do: 'record' });
    expect(succeeded('requested')).toEqual({ do: 'record' });
  });

  it('records a failure while unpaid, and ignores an earlier attempt’s failure that arrives after the success', () => {
    expect(bookingPaymentAction('payment_intent.payment_failed', { paymentSucceeded: false, appointmentStatus: 'held' })).toEqual({ do: 'recordFailure' });
    expect(bookingPaymentAction('payment_intent.payment_failed', { paymentSucceeded: true, appointmentStatus: 'confirmed' })).toEqual({ do: 'nothing' });
  });
});
