import type { Kysely, Transaction } from 'kysely';
import type { Locales } from '../../i18n/i18n-types';
import type { PsychologistTimezone } from '../../domain/psychologist';
import { lockedRows } from '../row-locks';
import type { AppointmentRow, Database, SlotRow } from '../schema';
import { asDate } from '../dates';

export type AppointmentStatus = 'booked' | 'cancelled';

/** Who booked: what the visitor typed, normalised, and the language of their e-mails. */
export interface AppointmentClient {
  name: string;
  email: string;
  /** +60… (domain/phone.ts). */
  phone: string;
  timezone: string;
  language: Locales;
}

/** An appointment with its slot's times and its psychologist, for lists and e-mails. */
export interface AppointmentDetails {
  id: string;
  status: AppointmentStatus;
  client: AppointmentClient;
  psychologist: { id: string; name: string; email: string; timezone: PsychologistTimezone };
  startUtc: Date;
  endUtc: Date;
  createdAt: Date;
  cancelledAt: Date | null;
}


function appointmentsWithDetails(db: Kysely<Database>) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .innerJoin('psychologists as p', 'p.id', 'a.psychologist_id')
    .select([
      'a.id',
      'a.status',
      'a.client_name',
      'a.client_email',
      'a.client_phone',
      'a.client_timezone',
      'a.client_language',
      'a.created_at',
      'a.cancelled_at',
      's.start_utc',
      's.end_utc',
      'p.id as psychologist_id',
      'p.name as psychologist_name',
      'p.email as psychologist_email',
      'p.timezone as psychologist_timezone',
    ]);
}

type DetailsRow = Pick<
  AppointmentRow,
  | 'id'
  | 'status'
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'client_timezone'
  | 'client_language'
  | 'created_at'
  | 'cancelled_at'
> &
  Pick<SlotRow, 'start_utc' | 'end_utc'> & {
    psychologist_id: string;
    psychologist_name: string;
    psychologist_email: string;
    psychologist_timezone: string;
  };

function toDetails(row: DetailsRow): AppointmentDetails {
  return {
    id: row.id,
    status: row.status as AppointmentStatus,
    client: {
      name: row.client_name,
      email: row.client_email,
      phone: row.client_phone,
      timezone: row.client_timezone,
      language: row.client_language as Locales,
    },
    psychologist: {
      id: row.psychologist_id,
      name: row.psychologist_name,
      email: row.psychologist_email,
      timezone: row.psychologist_timezone as PsychologistTimezone,
    },
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
    createdAt: asDate(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : asDate(row.cancelled_at),
  };
}

/**
 * Books the slot. `active_slot_id` is UNIQUE, so a second standing booking of the same slot
 * fails on it (isUniqueViolation) however the two requests were timed.
 */
export async function insertAppointment(
  db: Kysely<Database>,
  appointment: { id: string; userId: string; psychologistId: string; slotId: string; client: AppointmentClient; now: Date },
): Promise<void> {
  const { client } = appointment;
  await db
    .insertInto('appointments')
    .values({
      id: appointment.id,
      user_id: appointment.userId,
      psychologist_id: appointment.psychologistId,
      slot_id: appointment.slotId,
      active_slot_id: appointment.slotId,
      status: 'booked' satisfies AppointmentStatus,
      client_name: client.name,
      client_email: client.email,
      client_phone: client.phone,
      client_timezone: client.timezone,
      client_language: client.language,
      created_at: appointment.now,
      cancelled_at: null,
    })
    .execute();
}

/**
 * The operator's appointments, cancelled ones included: those not yet ended first, soonest
 * first, then past ones, latest first; at most `limit` in all.
 */
export async function listAppointmentsOf(
  db: Kysely<Database>,
  userId: string,
  options: { now: Date; limit: number },
): Promise<AppointmentDetails[]> {
  const upcoming = await appointmentsWithDetails(db)
    .where('a.user_id', '=', userId)
    .where('s.end_utc', '>', options.now)
    .orderBy('s.start_utc')
    .orderBy('a.created_at')
    .limit(options.limit)
    .execute();
  const past = await appointmentsWithDetails(db)
    .where('a.user_id', '=', userId)
    .where('s.end_utc', '<=', options.now)
    .orderBy('s.start_utc', 'desc')
    .orderBy('a.created_at', 'desc')
    .limit(options.limit - upcoming.length)
    .execute();
  return [...upcoming, ...past].map(toDetails);
}

/** The operator's appointment; undefined when the id is unknown or another operator's. */
export async function findAppointmentOf(
  db: Kysely<Database>,
  userId: string,
  appointmentId: string,
): Promise<AppointmentDetails | undefined> {
  const row = await appointmentsWithDetails(db)
    .where('a.user_id', '=', userId)
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  return row && toDetails(row);
}

/**
 * Standing bookings whose session has not ended, of one slot or of all a psychologist's
 * slots: the clients to tell before the slot or the psychologist is deleted. Read locked
 * (MySQL), which also reads the latest rows rather than the transaction's older snapshot.
 */
export async function upcomingBookingsOf(
  db: Transaction<Database>,
  of: { slotId: string } | { psychologistId: string },
  now: Date,
): Promise<AppointmentDetails[]> {
  const standing = appointmentsWithDetails(db)
    .where('a.status', '=', 'booked' satisfies AppointmentStatus)
    .where('s.end_utc', '>', now);
  const query = ('slotId' in of
    ? standing.where('a.slot_id', '=', of.slotId)
    : standing.where('a.psychologist_id', '=', of.psychologistId)
  ).orderBy('s.start_utc');
  const rows = await lockedRows(db, query).execute();
  return rows.map(toDetails);
}

/**
 * Cancels a standing booking and frees its slot for another visitor. The status guard makes
 * it happen once: answers false when the appointment was already cancelled.
 */
export async function cancelAppointment(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ status: 'cancelled' satisfies AppointmentStatus, active_slot_id: null, cancelled_at: now })
    .where('id', '=', appointmentId)
    .where('status', '=', 'booked' satisfies AppointmentStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
