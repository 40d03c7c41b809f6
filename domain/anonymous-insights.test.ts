import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingCountsOf,
  conversionPercent,
  daysInRange,
  lastDays,
  malaysianDay,
  maskCount,
  maskParts,
  startOfMalaysianDay,
} from './anonymous-insights';

describe('masking small counts', () => {
  it('shows 5 and more, and "< 5" for anything under, zero included', () => {
    expect([0, 1, 4, 5, 17].map(maskCount)).toEqual(['< 5', '< 5', '< 5', 5, 17]);
  });

  it('masks a second part when one alone would be given away by the whole', () => {
    expect(maskParts([12, 7, 3, 9])).toEqual([12, '< 5', '< 5', 9]);
    expect(maskParts([12, 7, 3, 2])).toEqual([12, 7, '< 5', '< 5']);
    expect(maskParts([6, 6])).toEqual([6, 6]);
    expect(maskParts([4])).toEqual(['< 5']);
  });

  it('gives no conversion while either count is small', () => {
    expect(conversionPercent(40, 10)).toBe(25);
    expect(conversionPercent(40, 2)).toBeNull();
    expect(conversionPercent(3, 5)).toBeNull();
  });
});

describe('Malaysian days', () => {
  it('turn at midnight in Malaysia (16:00 UTC)', () => {
    expect(malaysianDay(new Date('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(malaysianDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(startOfMalaysianDay('2026-11-25').toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });

  it('count the last days with today', () => {
    expect(lastDays(new Date('2026-11-25T02:00:00Z'), 7)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(daysInRange('2026-11-19', '2026-11-25')).toBe(7);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('bookingCountsOf', () => {
  it('counts a booking when it reaches the clinic, not a hold never confirmed nor a move', () => {
    expect(
      bookingCountsOf([
        { from: null, to: 'held', changes: 9 },
        { from: 'held', to: 'expired', changes: 3 },
        { from: 'held', to: 'requested', changes: 4 },
        { from: null, to: 'requested', changes: 2 },
        { from: null, to: 'confirmed', changes: 1 },
        { from: 'requested', to: 'confirmed', changes: 5 },
        { from: 'confirmed', to: 'confirmed', changes: 7 },
        { from: 'confirmed', to: 'completed', changes: 3 },
        { from: 'confirmed', to: 'no_show', changes: 1 },
      ]),
    ).toEqual({ requested: 7, confirmed: 6, completed: 3, noShow: 1 });
  });
});
