import { calendarDateIn } from '../../domain/calendar-days';
import type { AppointmentStatus } from '../../domain/appointment-status';

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

/** One cell of a day: a slot, with the appointment that takes it, if any. */
export interface WeekEntry<Slot, Appointment> {
  slot: Slot;
  appointment?: Appointment;
}

export interface WeekDay<Slot, Appointment> {
  /** YYYY-MM-DD where the psychologist works. */
  date: string;
  entries: WeekEntry<Slot, Appointment>[];
}

/**
 * The week's days with their slots in time order, each slot with the appointment on it. An
 * appointment is on the slot that starts when it does: one psychologist's slots never overlap,
 * and the appointment's times are its slot's.
 */
export function weekEntries<Slot extends SlotLike, Appointment extends AppointmentLike>(
  dates: readonly string[],
  slots: readonly Slot[],
  appointments: readonly Appointment[],
  timezone: string,
): WeekDay<Slot, Appointment>[] {
  const byStart = new Map(
    appointments.filter((a) => !GAVE_SLOT_BACK.includes(a.status)).map((a) => [a.startUtc.getTime(), a] as const),
  );
  const days = new Map(dates.map((date) => [date, [] as WeekEntry<Slot, Appointment>[]]));
  const sorted = [...slots].sort((a, b) => Date.parse(a.startUtc) - Date.parse(b.startUtc));
  for (const slot of sorted) {
    const appointment = byStart.get(Date.parse(slot.startUtc));
    days.get(calendarDateIn(slot.startUtc, timezone))?.push(appointment ? { slot, appointment } : { slot });
  }
  return dates.map((date) => ({ date, entries: days.get(date)! }));
}

/** The day's free slots that a clear would delete: not booked, not begun. */
export function clearableSlots<Slot extends SlotLike>(entries: readonly WeekEntry<Slot, unknown>[], now: number): Slot[] {
  return entries.filter(({ slot, appointment }) => !slot.isBooked && !appointment && Date.parse(slot.startUtc) > now).map(({ slot }) => slot);
}
