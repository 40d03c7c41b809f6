import type { AppointmentStatus } from './appointment-status';

/** What a Stripe event about a booking's PaymentIntent says (decision 0062). */
export type BookingPaymentEvent = 'payment_intent.succeeded' | 'payment_intent.payment_failed';

/**
 * What to do with it, from what we recorded so far:
 * - `accept`: the payment confirms the hold, from where it is (a live hold, or one that lapsed
 *   meanwhile and may take its slot back, else it is refunded);
 * - `refund`: paid for a booking that no longer stands (the visitor cancelled it meanwhile);
 * - `record`: the booking was accepted already, by an earlier delivery of this payment that may
 *   have stopped before recording it: record it (guarded by the event's time, so once);
 * - `recordFailure`: an attempt failed; the hold stays for another one;
 * - `nothing`: a repeated or out-of-order event, which changes nothing twice.
 */
export type BookingPaymentAction = { do: 'accept'; from: 'held' | 'expired' } | { do: 'refund' } | { do: 'record' } | { do: 'recordFailure' } | { do: 'nothing' };

export function bookingPaymentAction(
  event: BookingPaymentEvent,
  recorded: { paymentSucceeded: boolean; appointmentStatus: AppointmentStatus },
): BookingPaymentAction {
  // Once paid, nothing about this intent changes the booking again: not a repeated success, nor
  // an earlier attempt's failure delivered late.
  if (recorded.paymentSucceeded) return { do: 'nothing' };
  if (event === 'payment_intent.payment_failed') return { do: 'recordFailure' };
  switch (recorded.appointmentStatus) {
    case 'held':
    case 'expired':
      return { do: 'accept', from: recorded.appointmentStatus };
    case 'cancelled':
    case 'declined':
      return { do: 'refund' };
    default:
      // Already accepted, by this payment's earlier delivery (in another process, or one that
      // stopped before recording the payment).
      return { do: 'record' };
  }
}
