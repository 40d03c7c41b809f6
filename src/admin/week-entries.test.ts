import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { scheduleSlotId } from '../../domain/schedule-slot-id';
import { clearableSlots, weekEntries } from './week-entries';

const psychologist = { id: '6f1c2a9e-8f7d-4c1b-9a55-0d3e8b7a1c42', timezone: 'Asia/Kuala_Lumpur' };
const slot = (id: string, startUtc: string, isBooked = false) => ({ id, startUtc, isBooked });
const appointment = (status: AppointmentStatus, startUtc: string) => ({ status, startUtc: new Date(startUtc) });
const scheduleTime = (startUtc: string) => ({ id: scheduleSlotId(psychologist.id, new Date(startUtc)), startUtc });

describe('the week view’s days', () => {
  const dates = ['2030-12-02', '2030-12-03'];

  it('puts each slot on its local day in time order, with the appointment that holds it', () => {
    const requested = appointment('requested', '2030-12-02T02:00:00.000Z');
    const days = weekEntries(
      dates,
      {
        slots: [slot('late', '2030-12-02T15:59:00.000Z'), slot('booked', '2030-12-02T02:00:00.000Z', true), slot('next', '2030-12-02T16:00:00.000Z')],
        appointments: [requested],
        scheduleTimes: [],
      },
      psychologist,
    );
    expect(days).toEqual([
      { date: '2030-12-02', entries: [{ slot: slot('booked', '2030-12-02T02:00:00.000Z', true), appointment: requested }, { slot: slot('late', '2030-12-02T15:59:00.000Z') }] },
      // 16:00 UTC is midnight in Kuala Lumpur: the next day.
      { date: '2030-12-03', entries: [{ slot: slot('next', '2030-12-02T16:00:00.000Z') }] },
    ]);
  });

  it('shows a slot whose appointment was cancelled, declined or expired as free, and a completed session on its slot', () => {
    const completed = appointment('completed', '2030-12-02T03:00:00.000Z');
    const days = weekEntries(
      dates,
      {
        slots: [slot('freed', '2030-12-02T02:00:00.000Z'), slot('done', '2030-12-02T03:00:00.000Z')],
        appointments: [appointment('cancelled', '2030-12-02T02:00:00.000Z'), appointment('declined', '2030-12-02T02:00:00.000Z'), completed],
        scheduleTimes: [],
      },
      psychologist,
    );
    expect(days[0]!.entries).toEqual([{ slot: slot('freed', '2030-12-02T02:00:00.000Z') }, { slot: slot('done', '2030-12-02T03:00:00.000Z'), appointment: completed }]);
    expect(days[1]!.entries).toEqual([]);
  });

  it('puts the weekly hours’ free times among the slots on their local day, and hides a free row a schedule time left behind', () => {
    const open = [scheduleTime('2030-12-02T01:00:00.000Z'), scheduleTime('2030-12-02T16:30:00.000Z')];
    // A schedule time's row whose hold ran out: not shown, the hours offer it (or not) themselves.
    const leftBehind = slot(scheduleSlotId(psychologist.id, new Date('2030-12-02T04:00:00.000Z')), '2030-12-02T04:00:00.000Z');
    const bookedFromHours = slot(scheduleSlotId(psychologist.id, new Date('2030-12-02T05:00:00.000Z')), '2030-12-02T05:00:00.000Z', true);
    const days = weekEntries(
      dates,
      { slots: [slot('generated', '2030-12-02T02:30:00.000Z'), leftBehind, bookedFromHours], appointments: [], scheduleTimes: open },
      psychologist,
    );
    expect(days).toEqual([
      { date: '2030-12-02', entries: [{ scheduleTime: open[0] }, { slot: slot('generated', '2030-12-02T02:30:00.000Z') }, { slot: bookedFromHours }] },
      { date: '2030-12-03', entries: [{ scheduleTime: open[1] }] },
    ]);
  });

  it('clears only free slots that have not begun, never the weekly hours’ times', () => {
    const [day] = weekEntries(
      dates,
      {
        slots: [slot('begun', '2030-12-02T01:00:00.000Z'), slot('free', '2030-12-02T03:00:00.000Z'), slot('booked', '2030-12-02T04:00:00.000Z', true)],
        appointments: [appointment('confirmed', '2030-12-02T04:00:00.000Z')],
        scheduleTimes: [scheduleTime('2030-12-02T06:00:00.000Z')],
      },
      psychologist,
    );
    expect(clearableSlots(day!.entries, Date.parse('2030-12-02T01:30:00.000Z')).map((s) => s.id)).toEqual(['free']);
  });
});
