import type { Kysely, Transaction } from 'kysely';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';
import { withdrawEmails } from './email-outbox';
import { withdrawWhatsappStandingBy } from './whatsapp-outbox';

/** A reminder of an appointment's revision, queued as mail `emailId`. */
export interface ReminderRecord {
  appointmentId: string;
  leadHours: number;
  revision: number;
  emailId: string;
}

/**
 * Records reminders in one statement. The primary key (appointment, lead, revision) refuses a
 * second one: the caller's transaction then rolls back, with the mails it queued.
 */
export async function recordReminders(trx: Transaction<Database>, reminders: readonly ReminderRecord[]): Promise<void> {
  if (reminders.length === 0) return;
  await trx
    .insertInto('appointment_reminders')
    .values(reminders.map((reminder) => ({ appointment_id: reminder.appointmentId, lead_hours: reminder.leadHours, revision: reminder.revision, email_id: reminder.emailId })))
    .execute();
}

/**
 * The leads already reminded of, per appointment, for the revisions given. Read under the
 * appointments' locks and locking itself (MySQL), so it sees what a process that held them
 * before committed, whatever the transaction read earlier.
 */
export async function remindedLeads(trx: Transaction<Database>, appointments: readonly { id: string; revision: number }[]): Promise<Map<string, number[]>> {
  if (appointments.length === 0) return new Map();
  return leadsByAppointment(await lockedRows(trx, remindersOf(trx, appointments)).execute(), appointments);
}

/**
 * The same, as committed now, without locks: what is probably due, to read beforehand what its
 * mails need. Reminders are only ever added at a revision, so what is due under the locks later
 * is among what is due here.
 */
export async function remindedLeadsSoFar(db: Kysely<Database>, appointments: readonly { id: string; revision: number }[]): Promise<Map<string, number[]>> {
  if (appointments.length === 0) return new Map();
  return leadsByAppointment(await remindersOf(db, appointments).execute(), appointments);
}

const remindersOf = (db: Kysely<Database>, appointments: readonly { id: string }[]) =>
  db.selectFrom('appointment_reminders').select(['appointment_id', 'lead_hours', 'revision']).where('appointment_id', 'in', appointments.map((appointment) => appointment.id));

function leadsByAppointment(
  rows: readonly { appointment_id: string; lead_hours: number; revision: number }[],
  appointments: readonly { id: string; revision: number }[],
): Map<string, number[]> {
  const reminded = new Map<string, number[]>();
  const current = new Map(appointments.map((appointment) => [appointment.id, appointment.revision]));
  for (const row of rows) {
    if (Number(row.revision) !== current.get(row.appointment_id)) continue;
    reminded.set(row.appointment_id, [...(reminded.get(row.appointment_id) ?? []), Number(row.lead_hours)]);
  }
  return reminded;
}

/**
 * Withdraws the reminders not sent yet of an appointment that changed: their mails and the
 * WhatsApp messages those stand by for (one waiting on a rate limit would name the old time).
 */
export async function withdrawRemindersOf(db: Kysely<Database>, appointmentId: string): Promise<void> {
  const rows = await db.selectFrom('appointment_reminders').select('email_id').where('appointment_id', '=', appointmentId).execute();
  const emailIds = rows.map((row) => row.email_id);
  await withdrawEmails(db, emailIds);
  await withdrawWhatsappStandingBy(db, emailIds);
}
