import { describe, expect, it } from 'vitest';
import { MAX_VISITOR_MOVES, mayMoveAgain, mayMoveTo, timesToMoveTo } from './visitor-changes';

describe('a visitor’s moves', () => {
  it(`allows ${MAX_VISITOR_MOVES} moves of one booking and no more`, () => {
    expect(MAX_VISITOR_MOVES).toBe(3);
    expect([0, 1, 2, 3, 4].map(mayMoveAgain)).toEqual([true, true, true, false, false]);
  });
});

describe('timesToMoveTo', () => {
  const now = new Date('2026-12-07T00:00:00Z');
  const currentStart = new Date('2026-12-09T02:00:00Z');
  const at = (iso: string) => ({ id: iso, startUtc: iso });

  it('offers only times that leave the whole cancellation notice ahead, never the current one', () => {
    const slots = [at('2026-12-07T23:00:00Z'), at('2026-12-08T00:00:00Z'), at('2026-12-09T02:00:00Z'), at('2026-12-10T02:00:00Z')];
    expect(timesToMoveTo(slots, { now, noticeHours: 24, currentStart }).map((slot) => slot.id)).toEqual([
      '2026-12-08T00:00:00Z',
      '2026-12-10T02:00:00Z',
    ]);
  });

  it('offers every later time when the clinic asks no notice', () => {
    expect(timesToMoveTo([at('2026-12-07T00:30:00Z')], { now, noticeHours: 0, currentStart })).toHaveLength(1);
    expect(mayMoveTo(new Date('2026-12-06T23:00:00Z'), { now, noticeHours: 0, currentStart })).toBe(false);
  });
});
