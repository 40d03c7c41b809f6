import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { isUniqueViolation } from '../unique-violation';
import { withdrawEmails } from './email-outbox';

/**
 * Records that a reminder of an appointment's revision was queued as mail `emailId`, and tells
 * whether this caller was first: the primary key lets one of any number of processes win.
 */
export async function recordReminder(
  db: Kysely<Database>,
  reminder: { appointmentId: string; leadHours: number; revision: number; emailId: string },
): Promise<boolean> {
  try {
    await db
      .insertInto('appointment_reminders')
      .values({ appointment_id: reminder.appointmentId, lead_hours: reminder.leadHours, revision: reminder.revision, email_id: reminder.emailId })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The leads already reminded of, per appointment, for the revisions given. */
export async function remindedLeads(db: Kysely<Database>, appointments: readonly { id: string; revision: number }[]): Promise<Map<string, number[]>> {
  const reminded = new Map<string, number[]>();
  if (appointments.length === 0) return reminded;
  const rows = await db
    .selectFrom('appointment_reminders')
    .select(['appointment_id', 'lead_hours', 'revision'])
    .where('appointment_id', 'in', appointments.map((appointment) => appointment.id))
    .execute();
  const current = new Map(appointments.map((appointment) => [appointment.id, appointment.revision]));
  for (const row of rows) {
    if (Number(row.revision) !== current.get(row.appointment_id)) continue;
    reminded.set(row.appointment_id, [...(reminded.get(row.appointment_id) ?? []), Number(row.lead_hours)]);
  }
  return reminded;
}

/** Withdraws the reminders not sent yet of an appointment that changed. */
export async function withdrawRemindersOf(db: Kysely<Database>, appointmentId: string): Promise<void> {
  const rows = await db.selectFrom('appointment_reminders').select('email_id').where('appointment_id', '=', appointmentId).execute();
  await withdrawEmails(db, rows.map((row) => row.email_id));
}
