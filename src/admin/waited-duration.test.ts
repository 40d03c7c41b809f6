import { describe, expect, it } from 'vitest';
import { formatDuration } from './waited-duration';

describe('formatDuration', () => {
  it('reads in the largest whole unit, never "0 minutes"', () => {
    expect(formatDuration(10_000, 'en-GB')).toBe('1 minute');
    expect(formatDuration(45 * 60_000, 'en-GB')).toBe('45 minutes');
    expect(formatDuration(3.5 * 3_600_000, 'en-GB')).toBe('3 hours');
    expect(formatDuration(50 * 3_600_000, 'en-GB')).toBe('2 days');
    expect(formatDuration(3 * 3_600_000, 'ms-MY')).toBe('3 jam');
  });
});
