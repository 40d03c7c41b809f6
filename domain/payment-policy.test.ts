import { describe, expect, it } from 'vitest';
import {
  amountDueAtBooking,
  bookingCharge,
  effectivePolicy,
  keptWithoutSessionSen,
  NO_PAYMENT_POLICY,
  type PaymentPolicy,
  policyProblems,
  policySummary,
  refundOnCancel,
  sessionPriceSen,
} from './payment-policy';

const fixedDeposit: PaymentPolicy = { mode: 'deposit', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } };
const fullKeepsHalf: PaymentPolicy = { mode: 'full', deposit: null, lateCancel: { keeps: 'percent', percent: 50 } };

describe('the amount due at booking', () => {
  it('is nothing when the policy is off or the psychologist shows no price', () => {
    expect(amountDueAtBooking(NO_PAYMENT_POLICY, 20000)).toBe(0);
    expect(amountDueAtBooking(fixedDeposit, null)).toBe(0);
  });

  it('is the price in full, a fixed deposit, or a percentage rounded to the sen', () => {
    expect(amountDueAtBooking(fullKeepsHalf, 20000)).toBe(20000);
    expect(amountDueAtBooking(fixedDeposit, 20000)).toBe(5000);
    expect(amountDueAtBooking({ ...fixedDeposit, deposit: { kind: 'percent', percent: 33 } }, 15050)).toBe(4967);
  });

  it('never asks a deposit above the price', () => {
    expect(amountDueAtBooking(fixedDeposit, 3000)).toBe(3000);
  });

  it('counts the price of a session from the price per hour and its length', () => {
    expect(sessionPriceSen(18000, 60)).toBe(18000);
    expect(sessionPriceSen(18000, 50)).toBe(15000);
    expect(sessionPriceSen(10000, 45)).toBe(7500);
  });
});

describe('the charge at booking', () => {
  it('charges what is due, with no fee while the platform fee is 0', () => {
    expect(bookingCharge(fixedDeposit, 20000, 0)).toEqual({ amountSen: 5000, platformFeeSen: 0 });
  });

  it('counts the platform fee in basis points, rounded to the sen', () => {
    expect(bookingCharge(fullKeepsHalf, 15050, 125)).toEqual({ amountSen: 15050, platformFeeSen: 188 });
  });

  it('charges nothing below Stripe\'s minimum of RM 2.00, nor when nothing is due', () => {
    expect(bookingCharge({ ...fixedDeposit, deposit: { kind: 'fixed', sen: 199 } }, 20000, 0)).toBeNull();
    expect(bookingCharge({ ...fixedDeposit, deposit: { kind: 'fixed', sen: 200 } }, 20000, 0)).toEqual({ amountSen: 200, platformFeeSen: 0 });
    expect(bookingCharge(NO_PAYMENT_POLICY, 20000, 0)).toBeNull();
  });
});

describe('what a cancel refunds', () => {
  const start = new Date('2026-12-10T10:00:00Z');
  const cancel = (policy: PaymentPolicy, cause: Parameters<typeof refundOnCancel>[0]['cause'], at: string, paidSen: number, refundedSen = 0) =>
    refundOnCancel({ policy, cause, paidSen, refundedSen, priceSen: 20000, startUtc: start, at: new Date(at), cancellationNoticeHours: 24 });

  it('refunds everything to a visitor who cancels before the notice period, and keeps the policy’s part from the moment it starts', () => {
    expect(cancel(fullKeepsHalf, 'visitor_cancelled', '2026-12-09T09:59:59Z', 20000)).toEqual({ refundSen: 20000, keptSen: 0, rule: 'before_notice' });
    expect(cancel(fullKeepsHalf, 'visitor_cancelled', '2026-12-09T10:00:00Z', 20000)).toEqual({ refundSen: 10000, keptSen: 10000, rule: 'late' });
  });

  it('keeps the deposit, a percentage or nothing after a late cancel or a no-show', () => {
    expect(cancel(fixedDeposit, 'no_show', '2026-12-10T11:00:00Z', 5000)).toEqual({ refundSen: 0, keptSen: 5000, rule: 'late' });
    expect(cancel({ mode: 'full', deposit: { kind: 'fixed', sen: 5000 }, lateCancel: { keeps: 'deposit' } }, 'no_show', '2026-12-10T11:00:00Z', 20000)).toEqual({
      refundSen: 15000,
      keptSen: 5000,
      rule: 'late',
    });
    expect(cancel({ ...fullKeepsHalf, lateCancel: { keeps: 'nothing' } }, 'visitor_cancelled', '2026-12-10T09:00:00Z', 20000)).toEqual({
      refundSen: 20000,
      keptSen: 0,
      rule: 'late',
    });
  });

  it('counts a no-show as late even before the notice period', () => {
    expect(cancel(fullKeepsHalf, 'no_show', '2026-12-01T00:00:00Z', 20000).rule).toBe('late');
  });

  it('refunds everything left when the clinic declines or cancels, however late', () => {
    expect(cancel(fixedDeposit, 'clinic_cancelled', '2026-12-10T09:59:00Z', 5000)).toEqual({ refundSen: 5000, keptSen: 0, rule: 'clinic' });
    expect(cancel(fixedDeposit, 'clinic_declined', '2026-12-01T00:00:00Z', 5000, 2000)).toEqual({ refundSen: 3000, keptSen: 0, rule: 'clinic' });
  });

  it('never keeps or refunds more than is left of the payment', () => {
    expect(cancel(fullKeepsHalf, 'no_show', '2026-12-10T11:00:00Z', 20000, 15000)).toEqual({ refundSen: 0, keptSen: 5000, rule: 'late' });
  });
});

describe('the policy', () => {
  it('takes a psychologist’s own policy over the clinic’s', () => {
    expect(effectivePolicy(fixedDeposit, null)).toBe(fixedDeposit);
    expect(effectivePolicy(fixedDeposit, fullKeepsHalf)).toBe(fullKeepsHalf);
  });

  it('names each problem once: a missing deposit, one above the price, a percentage outside 1–100', () => {
    expect(policyProblems(fixedDeposit, 20000)).toEqual([]);
    expect(policyProblems({ mode: 'deposit', deposit: null, lateCancel: { keeps: 'nothing' } }, 20000)).toEqual(['depositRequired']);
    expect(policyProblems({ mode: 'full', deposit: null, lateCancel: { keeps: 'deposit' } }, 20000)).toEqual(['depositRequired']);
    expect(policyProblems(fixedDeposit, 4999)).toEqual(['depositAbovePrice']);
    expect(policyProblems({ ...fixedDeposit, deposit: { kind: 'fixed', sen: 0 } }, 20000)).toEqual(['depositPositive']);
    expect(policyProblems({ mode: 'deposit', deposit: { kind: 'percent', percent: 0 }, lateCancel: { keeps: 'percent', percent: 101 } }, null)).toEqual(['percentRange']);
    expect(policyProblems({ ...fullKeepsHalf, lateCancel: { keeps: 'percent', percent: 12.5 } }, 20000)).toEqual(['percentRange']);
  });

  it('sums itself up for the visitor: what is due now, until when a cancel refunds all, what a late one keeps', () => {
    expect(policySummary(fixedDeposit, 20000, 24)).toEqual({
      mode: 'deposit',
      priceSen: 20000,
      dueAtBookingSen: 5000,
      fullRefundUntilHours: 24,
      lateCancelKeepsSen: 5000,
      currency: 'myr',
    });
    expect(policySummary(fullKeepsHalf, 20000, 48)).toMatchObject({ mode: 'full', dueAtBookingSen: 20000, lateCancelKeepsSen: 10000 });
    expect(policySummary(fullKeepsHalf, 0, 48)).toMatchObject({ mode: 'off', dueAtBookingSen: 0, lateCancelKeepsSen: 0 });
  });

  it('counts as kept what a late cancel or a no-show left unrefunded, and nothing of a session that happened or lies ahead', () => {
    expect(keptWithoutSessionSen('no_show', 20000, 15000)).toBe(5000);
    expect(keptWithoutSessionSen('cancelled', 20000, 0)).toBe(20000);
    expect(keptWithoutSessionSen('cancelled', 20000, 20000)).toBe(0);
    expect(keptWithoutSessionSen('completed', 20000, 0)).toBe(0);
    expect(keptWithoutSessionSen('confirmed', 20000, 0)).toBe(0);
  });
});
