import { describe, expect, it } from 'vitest';
import { dueReminder, reminderLeads } from './reminders';

const startUtc = new Date('2026-12-07T02:00:00Z');
const confirmedLongBefore = { startUtc, revisedAt: new Date('2026-11-30T00:00:00Z') };
const at = (iso: string) => new Date(iso);

describe('due reminders', () => {
  it('asks for 24 hours always and 2 hours when the clinic adds it', () => {
    expect(reminderLeads({ secondReminder: false })).toEqual([24]);
    expect(reminderLeads({ secondReminder: true })).toEqual([24, 2]);
  });

  it('is due from 24 hours before, once', () => {
    expect(dueReminder(confirmedLongBefore, [24], [], at('2026-12-06T01:59:59Z'))).toBeNull();
    expect(dueReminder(confirmedLongBefore, [24], [], at('2026-12-06T02:00:00Z'))).toBe(24);
    expect(dueReminder(confirmedLongBefore, [24], [24], at('2026-12-06T02:00:00Z'))).toBeNull();
  });

  it('sends the second reminder 2 hours before, and only the latest after an outage', () => {
    expect(dueReminder(confirmedLongBefore, [24, 2], [24], at('2026-12-07T00:00:00Z'))).toBe(2);
    expect(dueReminder(confirmedLongBefore, [24, 2], [], at('2026-12-07T01:00:00Z'))).toBe(2);
    expect(dueReminder(confirmedLongBefore, [24, 2], [], at('2026-12-06T23:59:00Z'))).toBe(24);
  });

  it('is never due once the session began', () => {
    expect(dueReminder(confirmedLongBefore, [24, 2], [], startUtc)).toBeNull();
  });

  it('is not due for an appointment confirmed or moved after its moment', () => {
    const confirmedLate = { startUtc, revisedAt: at('2026-12-06T12:00:00Z') };
    expect(dueReminder(confirmedLate, [24], [], at('2026-12-06T13:00:00Z'))).toBeNull();
    expect(dueReminder(confirmedLate, [24, 2], [], at('2026-12-07T00:00:00Z'))).toBe(2);
  });
});
