import { describe, expect, it } from 'vitest';
import { minutesUntilResend, resendRefusal } from './invitation-limits';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));

describe('resending an invitation', () => {
  it('waits 10 minutes after the last mail', () => {
    expect(resendRefusal({ lastSentAt: at(0), resends: 0 }, at(9))).toBe('tooSoon');
    expect(resendRefusal({ lastSentAt: at(0), resends: 0 }, at(10))).toBeUndefined();
    expect(minutesUntilResend(at(0), new Date(at(3).getTime() + 30_000))).toBe(7);
  });

  it('stops after the third resend, however long ago', () => {
    expect(resendRefusal({ lastSentAt: at(0), resends: 2 }, at(30))).toBeUndefined();
    expect(resendRefusal({ lastSentAt: at(0), resends: 3 }, at(59))).toBe('tooMany');
  });
});
