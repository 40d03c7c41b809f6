import { describe, expect, it } from 'vitest';
import {
  dayToShow,
  formatCalendarDate,
  formatShortDate,
  formatSlotTime,
  localSlotTimes,
  slotsByDay,
  slotTimesOnDate,
  timeZoneChoices,
} from './slot-times';

describe('slot times in the psychologist’s timezone', () => {
  it('reads a slot’s local date and times for the edit dialog', () => {
    const slot = { startUtc: '2026-03-09T01:00:00.000Z', endUtc: '2026-03-09T02:00:00.000Z' };
    expect(localSlotTimes(slot, 'Asia/Kuala_Lumpur')).toEqual({ date: '2026-03-09', startTime: '09:00', endTime: '10:00' });
    expect(localSlotTimes(slot, 'America/New_York')).toEqual({ date: '2026-03-08', startTime: '21:00', endTime: '22:00' });
  });

  it('puts new times on the same date, in UTC', () => {
    expect(slotTimesOnDate('2026-03-09', '14:30', '15:45', 'Asia/Kuala_Lumpur')).toEqual({
      startUtc: '2026-03-09T06:30:00.000Z',
      endUtc: '2026-03-09T07:45:00.000Z',
    });
  });

  it('respects a daylight-saving change: 09:00 in New York is 14:00 UTC before and 13:00 UTC after', () => {
    expect(slotTimesOnDate('2026-03-06', '09:00', '10:00', 'America/New_York').startUtc).toBe('2026-03-06T14:00:00.000Z');
    expect(slotTimesOnDate('2026-03-09', '09:00', '10:00', 'America/New_York').startUtc).toBe('2026-03-09T13:00:00.000Z');
  });

  it('groups slots by local day in time order', () => {
    const slots = [
      { id: 'b', startUtc: '2026-03-09T02:00:00.000Z' },
      { id: 'c', startUtc: '2026-03-09T17:00:00.000Z' }, // 01:00 on the 10th in Kuala Lumpur
      { id: 'a', startUtc: '2026-03-09T01:00:00.000Z' },
    ];
    expect(slotsByDay(slots, 'Asia/Kuala_Lumpur')).toEqual([
      { date: '2026-03-09', slots: [slots[2], slots[0]] },
      { date: '2026-03-10', slots: [slots[1]] },
    ]);
    expect(slotsByDay(slots, 'UTC').map((day) => day.date)).toEqual(['2026-03-09']);
  });

  it('shows en-MY 12-hour times and long dates', () => {
    expect(formatSlotTime('2026-03-09T05:30:00.000Z', 'Asia/Kuala_Lumpur', 'en-MY')).toBe('1:30 pm');
    expect(formatCalendarDate('2026-03-09', 'en-MY')).toBe('Monday, 9 March 2026');
  });

  it('shows a day button’s short date in English and Malay', () => {
    expect(formatShortDate('2026-03-09', 'en-MY')).toBe('Mon, 9 Mar');
    expect(formatShortDate('2026-03-09', 'ms-MY')).toBe('Isn, 9 Mac');
  });
});

describe('the booking dialog’s days and timezone', () => {
  // Two slots of a Kuala Lumpur psychologist, at 9:00 and 23:30 there on Monday 9 March.
  const slots = [
    { id: 'morning', startUtc: '2026-03-09T01:00:00.000Z' },
    { id: 'late', startUtc: '2026-03-09T15:30:00.000Z' },
  ];

  it('moves a time to another day and hour when the visitor picks another timezone', () => {
    const inKualaLumpur = slotsByDay(slots, 'Asia/Kuala_Lumpur');
    expect(inKualaLumpur.map((day) => [day.date, day.slots.map((slot) => formatSlotTime(slot.startUtc, 'Asia/Kuala_Lumpur', 'en-MY'))])).toEqual([
      ['2026-03-09', ['9:00 am', '11:30 pm']],
    ]);
    // Tokyo is an hour ahead: the late slot starts after midnight, on Tuesday.
    const inTokyo = slotsByDay(slots, 'Asia/Tokyo');
    expect(inTokyo.map((day) => [day.date, day.slots.map((slot) => formatSlotTime(slot.startUtc, 'Asia/Tokyo', 'en-MY'))])).toEqual([
      ['2026-03-09', ['10:00 am']],
      ['2026-03-10', ['12:30 am']],
    ]);
  });

  it('shows the wanted day while it has times, else the next day with times, else the last', () => {
    const days = ['2026-03-09', '2026-03-11', '2026-03-13'];
    expect(dayToShow(days, undefined)).toBe('2026-03-09');
    expect(dayToShow(days, '2026-03-11')).toBe('2026-03-11');
    expect(dayToShow(days, '2026-03-10')).toBe('2026-03-11');
    expect(dayToShow(days, '2026-03-14')).toBe('2026-03-13');
    expect(dayToShow([], '2026-03-09')).toBeUndefined();
  });

  it('offers the browser’s zones plus those in use it leaves out, once each, sorted', () => {
    expect(timeZoneChoices(['Europe/London', 'Asia/Kuala_Lumpur'], ['UTC', 'Asia/Kuala_Lumpur'])).toEqual([
      'Asia/Kuala_Lumpur',
      'Europe/London',
      'UTC',
    ]);
  });
});
