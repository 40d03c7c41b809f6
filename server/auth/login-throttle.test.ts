import { describe, expect, it } from 'vitest';
import { loginDelayMs } from './login-throttle';

const MINUTE = 60_000;

describe('the wait after wrong passwords', () => {
  it('is none below the limit, then 1, 2, 4, 8 and at most 10 minutes', () => {
    expect([0, 9].map((failures) => loginDelayMs(failures, 10))).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14, 15, 40].map((failures) => loginDelayMs(failures, 10) / MINUTE)).toEqual([1, 2, 4, 8, 10, 10, 10]);
  });
});
