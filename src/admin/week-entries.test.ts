import { describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { clearableSlots, weekEntries } from './week-entries';

const KL = 'Asia/Kuala_Lumpur';
const slot = (id: string, startUtc: string, isBooked = false) => ({ id, startUtc, isBooked });
const appointment = (status: AppointmentStatus, startUtc: string) => ({ status, startUtc: new Date(startUtc) });

describe('the week view’s days', () => {
  const dates = ['2030-12-02', '2030-12-03'];

  it('puts each slot on its local day in time order, with the appointment that holds it', () => {
    const requested = appointment('requested', '2030-12-02T02:00:00.000Z');
    const days = weekEntries(
      dates,
      [slot('late', '2030-12-02T15:59:00.000Z'), slot('booked', '2030-12-02T02:00:00.000Z', true), slot('next', '2030-12-02T16:00:00.000Z')],
      [requested],
      KL,
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
      [slot('freed', '2030-12-02T02:00:00.000Z'), slot('done', '2030-12-02T03:00:00.000Z')],
      [appointment('cancelled', '2030-12-02T02:00:00.000Z'), appointment('declined', '2030-12-02T02:00:00.000Z'), completed],
      KL,
    );
    expect(days[0]!.entries).toEqual([{ slot: slot('freed', '2030-12-02T02:00:00.000Z') }, { slot: slot('done', '2030-12-02T03:00:00.000Z'), appointment: completed }]);
    expect(days[1]!.entries).toEqual([]);
  });

  it('clears only free slots that have not begun', () => {
    const [day] = weekEntries(
      dates,
      [slot('begun', '2030-12-02T01:00:00.000Z'), slot('free', '2030-12-02T03:00:00.000Z'), slot('booked', '2030-12-02T04:00:00.000Z', true)],
      [appointment('confirmed', '2030-12-02T04:00:00.000Z')],
      KL,
    );
    expect(clearableSlots(day!.entries, Date.parse('2030-12-02T01:30:00.000Z')).map((s) => s.id)).toEqual(['free']);
  });
});
