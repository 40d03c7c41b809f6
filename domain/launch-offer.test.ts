import { describe, expect, it } from 'vitest';
import { launchOfferAt } from './launch-offer';

const END = new Date('2026-12-31T16:00:00Z');
const before = (hours: number) => new Date(END.getTime() - hours * 60 * 60 * 1000);

describe('launchOfferAt', () => {
  it('counts whole days left, rounding a started day up', () => {
    expect(launchOfferAt(END, before(24 * 10))).toEqual({ hasSpecialOffer: true, daysRemaining: 10 });
    expect(launchOfferAt(END, before(25))).toEqual({ hasSpecialOffer: true, daysRemaining: 2 });
  });

  it('says 1 day with exactly a day left and all through the last day', () => {
    expect(launchOfferAt(END, before(24))).toEqual({ hasSpecialOffer: true, daysRemaining: 1 });
    expect(launchOfferAt(END, before(1 / 60))).toEqual({ hasSpecialOffer: true, daysRemaining: 1 });
  });

  it('ends at the end moment and stays ended', () => {
    expect(launchOfferAt(END, END)).toEqual({ hasSpecialOffer: false, daysRemaining: 0 });
    expect(launchOfferAt(END, before(-48))).toEqual({ hasSpecialOffer: false, daysRemaining: 0 });
  });

  it('has no offer when no end is configured', () => {
    expect(launchOfferAt(undefined, before(24))).toEqual({ hasSpecialOffer: false, daysRemaining: 0 });
  });
});
