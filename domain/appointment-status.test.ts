import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, canMove, holdsSlot, inChainOrder, initialStatus, statusAfterEmailConfirmed, statusesBefore } from './appointment-status';

describe('appointment statuses', () => {
  it('lets a hold become a request or a confirmed appointment only, or lapse, or be cancelled', () => {
    expect(APPOINTMENT_STATUSES.filter((to) => canMove('held', to))).toEqual(['requested', 'confirmed', 'expired', 'cancelled']);
  });

  it('ends in declined, expired, cancelled, completed and no-show, which lead nowhere', () => {
    for (const end of ['declined', 'expired', 'cancelled', 'completed', 'no_show'] as const) {
      expect(APPOINTMENT_STATUSES.filter((to) => canMove(end, to)), end).toEqual([]);
    }
  });

  it('completes or marks a no-show only a confirmed appointment', () => {
    expect(statusesBefore('completed')).toEqual(['confirmed']);
    expect(statusesBefore('no_show')).toEqual(['confirmed']);
    expect(statusesBefore('cancelled')).toEqual(['held', 'requested', 'confirmed']);
  });

  it('keeps the slot while held, requested or confirmed, and frees it after', () => {
    expect(APPOINTMENT_STATUSES.filter(holdsSlot)).toEqual(['held', 'requested', 'confirmed']);
  });

  it('starts as a hold while the clinic asks for e-mail confirmation, else as the clinic answers requests', () => {
    expect(initialStatus({ confirmVisitorEmail: true, autoConfirmRequests: true })).toBe('held');
    expect(initialStatus({ confirmVisitorEmail: false, autoConfirmRequests: false })).toBe('requested');
    expect(initialStatus({ confirmVisitorEmail: false, autoConfirmRequests: true })).toBe('confirmed');
    expect(statusAfterEmailConfirmed({ autoConfirmRequests: false, subscriptionRequired: false })).toBe('requested');
    expect(statusAfterEmailConfirmed({ autoConfirmRequests: true, subscriptionRequired: false })).toBe('confirmed');
  });

  it('leaves a confirmed hold for the clinic to answer once the free bookings are used up, even under automatic confirmation', () => {
    expect(statusAfterEmailConfirmed({ autoConfirmRequests: true, subscriptionRequired: true })).toBe('requested');
  });
});

describe('inChainOrder', () => {
  it('puts each change after the one whose status it left, whatever their times say', () => {
    const byTime = [
      { from: null, to: 'requested' },
      { from: 'confirmed', to: 'cancelled' },
      { from: 'requested', to: 'confirmed' },
    ] as const;
    expect(inChainOrder(byTime).map((change) => change.to)).toEqual(['requested', 'confirmed', 'cancelled']);
  });

  it('keeps the times’ order among changes from the same status, such as moves', () => {
    const byTime = [
      { from: null, to: 'confirmed', at: 1 },
      { from: 'confirmed', to: 'confirmed', at: 2 },
      { from: 'confirmed', to: 'cancelled', at: 3 },
    ] as const;
    expect(inChainOrder(byTime).map((change) => change.at)).toEqual([1, 2, 3]);
  });

  it('keeps a history that does not chain in its times’ order', () => {
    const byTime = [
      { from: 'held', to: 'requested', at: 1 },
      { from: 'held', to: 'expired', at: 2 },
    ] as const;
    expect(inChainOrder(byTime).map((change) => change.at)).toEqual([1, 2]);
  });
});
