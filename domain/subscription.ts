/**
 * Stripe's subscription statuses, stored as Stripe spells them. Only these two lift the
 * free-booking limit; every other status (incomplete, past_due, canceled, …) does not.
 */
const UNLIMITED_BOOKING_STATUSES = ['active', 'trialing'] as const;

/** Statuses a Stripe subscription never leaves: paying again needs a new subscription. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export function allowsUnlimitedBookings(status: string | undefined): boolean {
  return (UNLIMITED_BOOKING_STATUSES as readonly string[]).includes(status ?? '');
}

export function hasEnded(status: string): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}

/** Every status Stripe gives a subscription (its API version pinned in server/billing/billing.ts). */
const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A stored status this code can name; a status Stripe adds later is shown as Stripe spells it. */
export function isSubscriptionStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}
