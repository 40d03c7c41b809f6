import type { Kysely } from 'kysely';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { asDate } from '../dates';
import type { Database } from '../schema';
import { consentsOf } from './consents';

/** What an erased visitor's contact columns hold: nothing (they are NOT NULL). */
const ERASED_CONTACT = {
  client_name: '',
  client_email: '',
  client_phone: '',
  client_email_key: null,
  client_address_key: null,
  client_network_key: null,
  cancel_reason: null,
} as const;

/**
 * Erases the visitor's name, e-mail (and the digests of it and of their address), phone and
 * shared results (and the crisis flag drawn from them), and the hash of their private link. Guarded on
 * `personal_data_erased_at`: of any number of processes, one erases and the others find it done.
 * The row stays: status, times and psychologist are the clinic's anonymous counts.
 */
export async function eraseVisitorOf(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ ...ERASED_CONTACT, shared_results: null, contact_promptly: 0, manage_token_hash: null, personal_data_erased_at: now, updated_at: now })
    .where('id', '=', appointmentId)
    .where('personal_data_erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Removes the visitor from the webhook events about their appointment, those still waiting and
 * those kept for a redelivery: each event stays, with its id, and its `client` becomes null.
 * A waiting event then goes out with another body than it would have: receivers de-duplicate by
 * the event id (docs/api.md).
 */
export async function redactWebhooksAbout(db: Kysely<Database>, userId: string, appointmentId: string): Promise<void> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'payload'])
    .where('user_id', '=', userId)
    .where('appointment_id', '=', appointmentId)
    // Bodies delivered before redeliveries existed were erased then.
    .where('payload', '!=', '')
    .execute();
  for (const row of rows) {
    const event = JSON.parse(row.payload) as { data: { appointment: { client: unknown } } };
    event.data.appointment.client = null;
    await db.updateTable('webhook_deliveries').set({ payload: JSON.stringify(event) }).where('id', '=', row.id).execute();
  }
}

/** The clinics that have appointments ended before `endedBefore` whose visitor's data is still kept, with their period. */
export async function clinicsKeepingVisitorData(db: Kysely<Database>, endedBefore: Date): Promise<{ userId: string; retentionDays: number }[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.visitor_data_retention_days'])
    .distinct()
    .where('a.personal_data_erased_at', 'is', null)
    .where('s.end_utc', '<', endedBefore)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, retentionDays: Number(row.visitor_data_retention_days) }));
}

/** A clinic's appointments that ended before `cutoff` and still keep their visitor's data; at most `limit`. */
export async function appointmentsPastRetention(db: Kysely<Database>, userId: string, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select('a.id')
    .where('a.user_id', '=', userId)
    .where('a.personal_data_erased_at', 'is', null)
    .where('s.end_utc', '<', cutoff)
    .orderBy('s.end_utc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function updateRetentionDays(db: Kysely<Database>, userId: string, days: number): Promise<void> {
  await db.updateTable('users').set({ visitor_data_retention_days: days }).where('id', '=', userId).execute();
}

/** Everything held about the visitor of an appointment beside the appointment itself. */
export async function findVisitorRecords(db: Kysely<Database>, appointmentId: string) {
  const appointment = await db
    .selectFrom('appointments')
    .select(['shared_results', 'contact_promptly', 'cancel_reason'])
    .where('id', '=', appointmentId)
    .executeTakeFirstOrThrow();
  return {
    sharedResults: appointment.shared_results === null ? null : (JSON.parse(appointment.shared_results) as Record<string, unknown>),
    contactPromptly: Boolean(appointment.contact_promptly),
    cancelReason: appointment.cancel_reason,
    consents: await consentsOf(db, appointmentId),
  };
}

/** One row of the clinic's CSV export: no shared results, no crisis flag (docs/decisions/0026). */
export interface ExportedAppointment {
  id: string;
  status: AppointmentStatus;
  startUtc: Date;
  endUtc: Date;
  psychologistName: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientTimezone: string;
  clientLanguage: string;
  createdAt: Date;
  cancelledAt: Date | null;
  personalDataErasedAt: Date | null;
}

/** The clinic's appointments that reached it (holds are not its business), oldest session first. */
export async function appointmentsToExport(db: Kysely<Database>, userId: string): Promise<ExportedAppointment[]> {
  // The same joins as appointments.ts's queries, for columns of the export's own choosing.
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .innerJoin('psychologists as p', 'p.id', 'a.psychologist_id')
    .select([
      'a.id',
      'a.status',
      's.start_utc',
      's.end_utc',
      'p.name as psychologist_name',
      'a.client_name',
      'a.client_email',
      'a.client_phone',
      'a.client_timezone',
      'a.client_language',
      'a.created_at',
      'a.cancelled_at',
      'a.personal_data_erased_at',
    ])
    .where('a.user_id', '=', userId)
    .where('a.status', 'not in', ['held', 'expired'] satisfies AppointmentStatus[])
    .orderBy('s.start_utc')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status as AppointmentStatus,
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
    psychologistName: row.psychologist_name,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientPhone: row.client_phone,
    clientTimezone: row.client_timezone,
    clientLanguage: row.client_language,
    createdAt: asDate(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : asDate(row.cancelled_at),
    personalDataErasedAt: row.personal_data_erased_at === null ? null : asDate(row.personal_data_erased_at),
  }));
}
