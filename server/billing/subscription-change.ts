import type Stripe from 'stripe';
import type { StoredSubscription } from '../../db/repositories/subscriptions';
import { allowsUnlimitedBookings, hasEnded } from '../../domain/subscription';

/** What a Stripe event says about a customer's subscription. */
export interface SubscriptionChange {
  stripeCustomerId: string;
  stripeSubscriptionId: string;
  /** Stripe's status string, stored as is. */
  status: string;
  /** When Stripe created the event: the order of the states, whatever the delivery order. */
  eventAt: Date;
  /** Only subscription events carry it. */
  currentPeriodEnd?: Date | null;
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length === 0 ? null : new Date(Math.max(...ends) * 1000);
}

function invoiceChange(invoice: Stripe.Invoice, status: string, eventAt: Date): SubscriptionChange | undefined {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription || !invoice.customer) return undefined;
  return { stripeCustomerId: idOf(invoice.customer), stripeSubscriptionId: idOf(subscription), status, eventAt };
}

/**
 * The subscription status an event implies, or undefined for events that say nothing about it.
 * A failed first payment is left out: Stripe keeps that subscription 'incomplete' (not
 * past_due) while the operator may retry on /subscribe.
 */
export function subscriptionChangeOf(event: Stripe.Event): SubscriptionChange | undefined {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        stripeCustomerId: idOf(subscription.customer),
        stripeSubscriptionId: subscription.id,
        status: subscription.status,
        eventAt,
        currentPeriodEnd: periodEndOf(subscription),
      };
    }
    case 'invoice.paid':
      return invoiceChange(event.data.object, 'active', eventAt);
    case 'invoice.payment_failed':
      return event.data.object.billing_reason === 'subscription_create'
        ? undefined
        : invoiceChange(event.data.object, 'past_due', eventAt);
    default:
      return undefined;
  }
}

export type ChangeVerdict = 'apply' | 'older than the stored state' | 'subscription has ended' | 'another, unpaid subscription';

/**
 * Whether a change may overwrite the stored subscription. Events arrive in any order, so an
 * older one never overwrites a newer state (same-second events apply in arrival order). A
 * canceled or expired subscription never comes back, whatever is paid afterwards. Events of
 * another subscription of the customer (an abandoned attempt) matter only once it is paid.
 */
export function changeVerdict(stored: StoredSubscription, change: SubscriptionChange): ChangeVerdict {
  if (stored.stripeSubscriptionId !== change.stripeSubscriptionId) {
    return allowsUnlimitedBookings(change.status) ? 'apply' : 'another, unpaid subscription';
  }
  if (stored.statusEventAt && change.eventAt < stored.statusEventAt) return 'older than the stored state';
  if (hasEnded(stored.status)) return 'subscription has ended';
  return 'apply';
}
