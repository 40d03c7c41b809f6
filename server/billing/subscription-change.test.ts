import { describe, expect, it } from 'vitest';
import type { StoredSubscription } from '../../db/repositories/subscriptions';
import { invoiceEvent, subscriptionEvent } from '../testing/stripe-events';
import { changeVerdict, type SubscriptionChange, subscriptionChangeOf } from './subscription-change';

const T = new Date('2026-12-01T08:00:00Z');
const later = (seconds: number) => new Date(T.getTime() + seconds * 1000);
const SUB = { id: 'sub_current', customer: 'cus_klinik' };

describe('subscriptionChangeOf', () => {
  it('reads status and period end from subscription events, timed by the event', () => {
    const event = subscriptionEvent('customer.subscription.updated', { ...SUB, status: 'past_due', currentPeriodEnd: later(86_400) }, T);
    expect(subscriptionChangeOf(event)).toEqual({
      stripeCustomerId: 'cus_klinik',
      stripeSubscriptionId: 'sub_current',
      status: 'past_due',
      eventAt: T,
      currentPeriodEnd: later(86_400),
    });
    expect(subscriptionChangeOf(subscriptionEvent('customer.subscription.deleted', { ...SUB, status: 'canceled' }, T))).toMatchObject({
      status: 'canceled',
      currentPeriodEnd: null,
    });
  });

  it('makes a paid invoice active and a failed renewal past_due, keeping the stored period end', () => {
    const paid = subscriptionChangeOf(invoiceEvent('invoice.paid', { customer: SUB.customer, subscription: SUB.id }, T));
    expect(paid).toEqual({ stripeCustomerId: 'cus_klinik', stripeSubscriptionId: 'sub_current', status: 'active', eventAt: T });
    const failed = subscriptionChangeOf(invoiceEvent('invoice.payment_failed', { customer: SUB.customer, subscription: SUB.id }, T));
    expect(failed).toMatchObject({ status: 'past_due' });
    expect(failed).not.toHaveProperty('currentPeriodEnd');
  });

  it('ignores a failed first payment, which Stripe leaves incomplete for another try', () => {
    const event = invoiceEvent('invoice.payment_failed', { customer: SUB.customer, subscription: SUB.id, billingReason: 'subscription_create' }, T);
    expect(subscriptionChangeOf(event)).toBeUndefined();
  });

  it('ignores events that say nothing about a subscription', () => {
    const customerUpdated = { ...subscriptionEvent('customer.subscription.updated', { ...SUB, status: 'active' }, T), type: 'customer.updated' };
    expect(subscriptionChangeOf(customerUpdated as never)).toBeUndefined();
  });
});

describe('changeVerdict', () => {
  const stored = (overrides: Partial<StoredSubscription> = {}): StoredSubscription => ({
    userId: 'operator',
    stripeCustomerId: SUB.customer,
    stripeSubscriptionId: SUB.id,
    status: 'active',
    statusEventAt: T,
    currentPeriodEnd: null,
    ...overrides,
  });
  const change = (overrides: Partial<SubscriptionChange> = {}): SubscriptionChange => ({
    stripeCustomerId: SUB.customer,
    stripeSubscriptionId: SUB.id,
    status: 'past_due',
    eventAt: later(60),
    ...overrides,
  });

  it('applies newer events and same-second ones, never older ones', () => {
    expect(changeVerdict(stored(), change())).toBe('apply');
    expect(changeVerdict(stored(), change({ eventAt: T }))).toBe('apply');
    expect(changeVerdict(stored(), change({ eventAt: later(-1) }))).toBe('older than the stored state');
    expect(changeVerdict(stored({ statusEventAt: null, status: 'incomplete' }), change({ eventAt: later(-3600) }))).toBe('apply');
  });

  it('keeps a canceled or expired subscription over, even after a later payment', () => {
    expect(changeVerdict(stored({ status: 'canceled' }), change({ status: 'active' }))).toBe('subscription has ended');
    expect(changeVerdict(stored({ status: 'incomplete_expired' }), change({ status: 'active' }))).toBe('subscription has ended');
  });

  it("adopts another of the customer's subscriptions only once it is paid", () => {
    const other = { stripeSubscriptionId: 'sub_other' };
    expect(changeVerdict(stored({ status: 'incomplete' }), change({ ...other, status: 'incomplete_expired' }))).toBe('another, unpaid subscription');
    expect(changeVerdict(stored({ status: 'incomplete' }), change({ ...other, status: 'active' }))).toBe('apply');
    expect(changeVerdict(stored({ stripeSubscriptionId: null, status: 'incomplete' }), change({ ...other, status: 'trialing' }))).toBe('apply');
  });
});
