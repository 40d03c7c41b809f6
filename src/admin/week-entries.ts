import { calendarDateIn } from '../../domain/calendar-days';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { startOfScheduleSlotId } from '../../domain/schedule-slot-id';

/** Statuses that gave their slot back: the slot shows as free, the appointment in the inbox only. */
const GAVE_SLOT_BACK: readonly AppointmentStatus[] = ['declined', 'expired', 'cancelled'];

interface SlotLike {
  id: string;
  startUtc: string;
  isBooked: boolean;
}
interface AppointmentLike {
  status: AppointmentStatus;
  startUtc: Date;
}
interface ScheduleTimeLike {
  id: string;
  startUtc: string;
}

/**
 * One cell of a day: a stored slot, with the appointment that takes it, if any; or a free time
 * of the weekly hours (nothing stored until a visitor books it, docs/decisions/0047).
 */
export type WeekEntry<Slot, Appointment, ScheduleTime> = { slot: Slot; appointment?: Appointment } | { scheduleTime: ScheduleTime };

export interface WeekDay<Slot, Appointment, ScheduleTime> {
  /** YYYY-MM-DD where the psychologist works. */
  date: string;
  entries: WeekEntry<Slot, Appointment, ScheduleTime>[];
}

const startOf = (entry: WeekEntry<SlotLike, unknown, ScheduleTimeLike>) => Date.parse('slot' in entry ? entry.slot.startUtc : entry.scheduleTime.startUtc);

/**
 * The week's days with their entries in time order: each stored slot with the appointment on
 * it, and the weekly hours' free times. An appointment is on the slot that starts when it does:
 * one psychologist's slots never overlap, and the appointment's times are its slot's. A row a
 * schedule time left behind with no booking on it (a hold that ran out, a cancellation) is not
 * shown: the hours offer that time again themselves while they still include it.
 */
export function weekEntries<Slot extends SlotLike, Appointment extends AppointmentLike, ScheduleTime extends ScheduleTimeLike>(
  dates: readonly string[],
  listed: { slots: readonly Slot[]; appointments: readonly Appointment[]; scheduleTimes: readonly ScheduleTime[] },
  psychologist: { id: string; timezone: string },
): WeekDay<Slot, Appointment, ScheduleTime>[] {
  const byStart = new Map(
    listed.appointments.filter((a) => !GAVE_SLOT_BACK.includes(a.status)).map((a) => [a.startUtc.getTime(), a] as const),
  );
  const days = new Map(dates.map((date) => [date, [] as WeekEntry<Slot, Appointment, ScheduleTime>[]]));
  const add = (startUtc: string, entry: WeekEntry<Slot, Appointment, ScheduleTime>) => days.get(calendarDateIn(startUtc, psychologist.timezone))?.push(entry);
  for (const slot of listed.slots) {
    const appointment = byStart.get(Date.parse(slot.startUtc));
    if (!appointment && !slot.isBooked && startOfScheduleSlotId(slot.id, psychologist.id)) continue;
    add(slot.startUtc, appointment ? { slot, appointment } : { slot });
  }
  for (const scheduleTime of listed.scheduleTimes) add(scheduleTime.startUtc, { scheduleTime });
  return dates.map((date) => ({ date, entries: days.get(date)!.sort((a, b) => startOf(a) - startOf(b)) }));
}

/** The day's free stored slots that a clear would delete: not booked, not begun. */
export function clearableSlots<Slot extends SlotLike>(entries: readonly WeekEntry<Slot, unknown, unknown>[], now: number): Slot[] {
  return entries.flatMap((entry) => ('slot' in entry && !entry.slot.isBooked && !entry.appointment && Date.parse(entry.slot.startUtc) > now ? [entry.slot] : []));
}
