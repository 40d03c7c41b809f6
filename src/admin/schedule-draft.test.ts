import { describe, expect, it } from 'vitest';
import { EMPTY_SCHEDULE_DRAFT, isScheduleComplete, toggleWeekday } from './schedule-draft';

const filled = {
  ...EMPTY_SCHEDULE_DRAFT,
  psychologistId: 'p1',
  startDate: '2026-03-09',
  endDate: '2026-03-13',
  startTime: '09:00',
  endTime: '12:00',
};

describe('the generate-availability form', () => {
  it('starts with Monday to Friday chosen', () => {
    expect(EMPTY_SCHEDULE_DRAFT.daysOfWeek).toEqual([1, 2, 3, 4, 5]);
  });

  it('is complete only with every field and at least one weekday', () => {
    expect(isScheduleComplete(filled)).toBe(true);
    expect(isScheduleComplete(EMPTY_SCHEDULE_DRAFT)).toBe(false);
    for (const field of ['psychologistId', 'startDate', 'endDate', 'startTime', 'endTime'] as const) {
      expect(isScheduleComplete({ ...filled, [field]: '' })).toBe(false);
    }
    expect(isScheduleComplete({ ...filled, daysOfWeek: [] })).toBe(false);
  });

  it('toggles a weekday and keeps the days in payload order', () => {
    expect(toggleWeekday([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleWeekday([1, 5], 0)).toEqual([0, 1, 5]);
  });
});
