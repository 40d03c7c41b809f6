import { describe, expect, it } from 'vitest';
import { allowsUnlimitedBookings, hasEnded, isSubscriptionStatus } from './subscription';

describe('subscription statuses', () => {
  it('lifts the booking limit only while active or trialing', () => {
    expect(['active', 'trialing'].map(allowsUnlimitedBookings)).toEqual([true, true]);
    expect(['incomplete', 'past_due', 'unpaid', 'paused', 'canceled', 'incomplete_expired'].map(allowsUnlimitedBookings)).toEqual(
      [false, false, false, false, false, false],
    );
    expect(allowsUnlimitedBookings(undefined)).toBe(false);
  });

  it('treats canceled and expired subscriptions as over for good', () => {
    expect(['canceled', 'incomplete_expired'].map(hasEnded)).toEqual([true, true]);
    expect(['incomplete', 'active', 'past_due'].map(hasEnded)).toEqual([false, false, false]);
  });

  it('names the statuses Stripe sends, and no other word', () => {
    expect(['active', 'past_due', 'paused', 'incomplete_expired'].every(isSubscriptionStatus)).toBe(true);
    expect(['Active', 'cancelled', 'pending', ''].some(isSubscriptionStatus)).toBe(false);
  });
});
