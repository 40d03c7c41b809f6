import { describe, expect, it } from 'vitest';
import { holdTimeLeft } from './hold-time-left';

describe('holdTimeLeft', () => {
  const expiresAt = new Date('2026-12-07T02:30:00Z');

  it('counts the minutes and seconds left, rounding a started second up', () => {
    expect(holdTimeLeft(expiresAt, new Date('2026-12-07T02:00:00Z'))).toBe('30:00');
    expect(holdTimeLeft(expiresAt, new Date('2026-12-07T02:29:55.500Z'))).toBe('0:05');
  });

  it('stops at nothing once the hold has run out', () => {
    expect(holdTimeLeft(expiresAt, new Date('2026-12-07T02:31:00Z'))).toBe('0:00');
  });
});
