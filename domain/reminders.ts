import { subHours } from 'date-fns';

/** Hours before a confirmed session that its visitor is reminded: always 24, and 2 if the clinic asks. */
export const FIRST_REMINDER_HOURS = 24;
const SECOND_REMINDER_HOURS = 2;

export function reminderLeads(clinic: { secondReminder: boolean }): number[] {
  return clinic.secondReminder ? [FIRST_REMINDER_HOURS, SECOND_REMINDER_HOURS] : [FIRST_REMINDER_HOURS];
}

/**
 * The reminder due now for a confirmed appointment, as its lead in hours, or null. Only the
 * latest reminder whose moment has passed counts: after an outage the visitor gets one mail, not
 * two. None is due once the session began, for a reminder already queued (`reminded`), or when
 * the appointment was confirmed or moved after the reminder's moment: the mail of that change
 * has just told the visitor.
 */
export function dueReminder(
  appointment: { startUtc: Date; revisedAt: Date | null },
  leads: readonly number[],
  reminded: readonly number[],
  now: Date,
): number | null {
  if (now >= appointment.startUtc) return null;
  const passed = leads.filter((lead) => subHours(appointment.startUtc, lead) <= now);
  if (passed.length === 0) return null;
  const lead = Math.min(...passed);
  if (reminded.includes(lead)) return null;
  if (appointment.revisedAt !== null && appointment.revisedAt >= subHours(appointment.startUtc, lead)) return null;
  return lead;
}
