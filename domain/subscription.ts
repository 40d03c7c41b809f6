/**
 * Stripe's subscription statuses, stored as Stripe spells them. Only these two lift the
 * free-booking limit; every other status (incomplete, past_due, canceled, …) does not.
 */
export const UNLIMITED_BOOKING_STATUSES = ['active', 'trialing'] as const;

/** Statuses a Stripe subscription never leaves: paying again needs a new subscription. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export function allowsUnlimitedBookings(status: string | undefined): boolean {
  return (UNLIMITED_BOOKING_STATUSES as readonly string[]).includes(status ?? '');
}

export function hasEnded(status: string): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}
