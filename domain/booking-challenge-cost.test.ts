import { describe, expect, it } from 'vitest';
import { challengeCostFactor, challengeCounterRange, MAX_COST_FACTOR, QUIET_OPEN_HOLDS } from './booking-challenge-cost';

describe('challengeCostFactor', () => {
  it('costs the base while the clinic is quiet', () => {
    expect(challengeCostFactor(0)).toBe(1);
    expect(challengeCostFactor(QUIET_OPEN_HOLDS - 1)).toBe(1);
  });

  it('doubles with every further step of open holds', () => {
    expect(challengeCostFactor(QUIET_OPEN_HOLDS)).toBe(2);
    expect(challengeCostFactor(2 * QUIET_OPEN_HOLDS)).toBe(4);
    expect(challengeCostFactor(3 * QUIET_OPEN_HOLDS)).toBe(8);
  });

  it('stops rising at its ceiling, so a real visitor still books during a flood', () => {
    expect(challengeCostFactor(1_000)).toBe(MAX_COST_FACTOR);
  });

  it('never falls as open holds rise', () => {
    const factors = Array.from({ length: 60 }, (_, holds) => challengeCostFactor(holds));
    expect(factors).toEqual([...factors].sort((a, b) => a - b));
  });
});

describe('challengeCounterRange', () => {
  it('draws the answer from the upper half of the scaled ceiling', () => {
    expect(challengeCounterRange(0, 1_000)).toEqual({ min: 500, max: 1_000 });
    expect(challengeCounterRange(QUIET_OPEN_HOLDS, 1_000)).toEqual({ min: 1_000, max: 2_000 });
  });

  it('is never free, however low the configured cost', () => {
    expect(challengeCounterRange(0, 1).min).toBeGreaterThan(0);
  });
});
