import { describe, expect, it } from 'vitest';
import { dayOfSession, todayWindow, waitingOrder } from './today';

describe('the Today view', () => {
  const now = new Date('2026-11-26T22:30:00Z'); // 06:30 on the 27th in Kuala Lumpur, 22:30 on the 26th in London

  it('reads today and tomorrow where the psychologist works', () => {
    expect(dayOfSession(new Date('2026-11-27T01:00:00Z'), 'Asia/Kuala_Lumpur', now)).toBe('today');
    expect(dayOfSession(new Date('2026-11-27T17:00:00Z'), 'Asia/Kuala_Lumpur', now)).toBe('tomorrow');
    expect(dayOfSession(new Date('2026-11-28T16:00:00Z'), 'Asia/Kuala_Lumpur', now)).toBeUndefined();
    expect(dayOfSession(new Date('2026-11-26T15:00:00Z'), 'Asia/Kuala_Lumpur', now)).toBeUndefined();
    expect(dayOfSession(new Date('2026-11-26T09:00:00Z'), 'Europe/London', now)).toBe('today');
    expect(dayOfSession(new Date('2026-11-27T09:00:00Z'), 'Europe/London', now)).toBe('tomorrow');
  });

  it('asks for a window that holds both days in every zone, a daylight-saving day included', () => {
    const { from, to } = todayWindow(now);
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kuala_Lumpur', 'America/New_York']) {
      const inside = (instant: Date) => instant >= from && instant < to;
      // Every hour of the two days, as the zone counts them, falls inside.
      for (let hour = -30; hour <= 60; hour++) {
        const instant = new Date(now.getTime() + hour * 3_600_000);
        if (dayOfSession(instant, timezone, now)) expect(inside(instant), `${timezone} ${instant.toISOString()}`).toBe(true);
      }
    }
  });

  it('puts crisis-flagged requests first, then the longest waiting', () => {
    const request = (id: string, createdAt: string, contactPromptly?: boolean) => ({ id, createdAt: new Date(createdAt), contactPromptly });
    const ordered = waitingOrder([
      request('recent', '2026-11-26T20:00:00Z'),
      request('flagged', '2026-11-26T21:00:00Z', true),
      request('oldest', '2026-11-25T08:00:00Z', false),
    ]);
    expect(ordered.map((r) => r.id)).toEqual(['flagged', 'oldest', 'recent']);
    // A receptionist's list carries no flag: the order alone must not tell it.
    expect(waitingOrder([request('b', '2026-11-26T20:00:00Z'), request('a', '2026-11-25T20:00:00Z')]).map((r) => r.id)).toEqual(['a', 'b']);
  });
});
