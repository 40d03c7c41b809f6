import { describe, expect, it } from 'vitest';
import {
  BUFFER_MINUTES,
  isInRange,
  MINIMUM_ADVANCE_HOURS,
  PRICE_PER_HOUR,
  priceToSen,
  senToPrice,
  SLOT_DURATION_MINUTES,
} from './psychologist';

describe('isInRange', () => {
  it('accepts slot durations of 15 to 240 minutes in steps of 15 only', () => {
    expect([15, 60, 240].every((v) => isInRange(v, SLOT_DURATION_MINUTES))).toBe(true);
    expect([0, 10, 50, 255, 300].some((v) => isInRange(v, SLOT_DURATION_MINUTES))).toBe(false);
  });

  it('accepts buffers of 0 to 120 minutes in steps of 5 only', () => {
    expect([0, 5, 120].every((v) => isInRange(v, BUFFER_MINUTES))).toBe(true);
    expect([-5, 3, 125].some((v) => isInRange(v, BUFFER_MINUTES))).toBe(false);
  });

  it('accepts whole hours of advance notice from 0 to 168', () => {
    expect([0, 2, 168].every((v) => isInRange(v, MINIMUM_ADVANCE_HOURS))).toBe(true);
    expect([-1, 1.5, 169].some((v) => isInRange(v, MINIMUM_ADVANCE_HOURS))).toBe(false);
  });

  it('accepts prices with at most two decimals despite binary rounding', () => {
    expect([0, 0.29, 150, 150.5, 99.99, 1234.56].every((v) => isInRange(v, PRICE_PER_HOUR))).toBe(true);
    expect([-0.01, 150.555, 0.001, 100_000.01].some((v) => isInRange(v, PRICE_PER_HOUR))).toBe(false);
  });
});

describe('price conversion', () => {
  it('stores ringgit as whole sen without float noise', () => {
    expect(priceToSen(150)).toBe(15000);
    expect(priceToSen(0.29)).toBe(29);
    expect(priceToSen(1234.56)).toBe(123456);
  });

  it('answers sen as a two-decimal string', () => {
    expect(senToPrice(15000)).toBe('150.00');
    expect(senToPrice(15050)).toBe('150.50');
    expect(senToPrice(5)).toBe('0.05');
    expect(senToPrice(0)).toBe('0.00');
  });

  it('round-trips every two-decimal price', () => {
    for (const price of [0.01, 0.1, 19.99, 79, 120.5, 99_999.99]) {
      expect(Number(senToPrice(priceToSen(price)))).toBe(price);
    }
  });
});
