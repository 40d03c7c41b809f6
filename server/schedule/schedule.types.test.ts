import { describe, expect, it } from 'vitest';
import { ZAddExceptionRequest, ZSaveWeeklyHoursRequest } from './schedule.types';

const psychologistId = '6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42';
const weekdays = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' }));
const rules = { slotDurationMinutes: 60, bufferMinutes: 0, minimumAdvanceHours: 2, timezone: 'Asia/Kuala_Lumpur' };
const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) ?? [];

describe('the weekly hours form', () => {
  it('accepts split days and touching ranges', () => {
    const ranges = [...weekdays, { dayOfWeek: 1, startTime: '17:00', endTime: '19:00' }];
    expect(problems(ZSaveWeeklyHoursRequest.safeParse({ psychologistId, ranges, ...rules }))).toEqual([]);
  });

  it('refuses, under the field, a range overlapping another of its day, an end before its start and a length out of range', () => {
    const overlapping = [...weekdays, { dayOfWeek: 1, startTime: '16:00', endTime: '20:00' }];
    expect(problems(ZSaveWeeklyHoursRequest.safeParse({ psychologistId, ranges: overlapping, ...rules }))).toEqual(['ranges.5.startTime i18n:["rangesOverlap"]']);
    const backwards = [{ dayOfWeek: 2, startTime: '12:00', endTime: '09:00' }];
    expect(problems(ZSaveWeeklyHoursRequest.safeParse({ psychologistId, ranges: backwards, ...rules }))).toEqual(['ranges.0.endTime i18n:["afterStartTime"]']);
    expect(problems(ZSaveWeeklyHoursRequest.safeParse({ psychologistId, ranges: weekdays, ...rules, slotDurationMinutes: 500 }))).toEqual([
      'slotDurationMinutes i18n:["stepsBetween",{"min":15,"max":240,"step":15}]',
    ]);
  });

  it('asks extra hours for their times, and a day off for none', () => {
    expect(problems(ZAddExceptionRequest.safeParse({ psychologistId, date: '2026-12-24', kind: 'extra' }))).toEqual(['startTime i18n:["exceptionHours"]']);
    expect(problems(ZAddExceptionRequest.safeParse({ psychologistId, date: '2026-12-24', kind: 'off', startTime: '09:00', endTime: '10:00' }))).toEqual([
      'startTime i18n:["exceptionHours"]',
    ]);
    expect(problems(ZAddExceptionRequest.safeParse({ psychologistId, date: '2026-12-24', kind: 'off' }))).toEqual([]);
  });
});
