import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../connect';
import { type Lease, type LeasedTable, leaseDueRows } from '../leases';
import type { Locales } from '../../i18n/i18n-types';
import type { PsychologistTimezone } from '../../domain/psychologist';
import { lockedRows } from '../row-locks';
import type { AppointmentRow, Database, SlotRow } from '../schema';
import { asDate } from '../dates';
import {
  type AppointmentActor,
  type AppointmentStatus,
  holdsSlot,
  inChainOrder,
  SLOT_HOLDING_STATUSES,
  statusesBefore,
} from '../../domain/appointment-status';
import { randomUUID } from 'node:crypto';
import { withdrawRemindersOf } from './appointment-reminders';
import { VISIT_COLUMNS, type VisitColumns, visitOf } from './session-places';
import { isUniqueViolation } from '../unique-violation';
import type { SessionPlace, VisitorContact } from '../../domain/session-place';

export type { AppointmentStatus };

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
  /** The slot it holds, or held last. */
  slotId: string;
  client: AppointmentClient;
  psychologist: { id: string; name: string; email: string; timezone: PsychologistTimezone; cancellationNoticeHours: number };
  startUtc: Date;
  endUtc: Date;
  createdAt: Date;
  cancelledAt: Date | null;
  /** Until when an unconfirmed hold keeps its slot; null otherwise. */
  holdExpiresAt: Date | null;
  /** Changes of status or time so far: its calendar event's SEQUENCE. */
  revision: number;
  /** When the last change happened; null before the first. */
  revisedAt: Date | null;
  /** When anything an integrator sees of it last changed (its creation at the latest). */
  updatedAt: Date;
  /** Whether the visitor shared their screening results, whether they answered the crisis item, and why they cancelled. */
  care: AppointmentCare;
  /** How often the visitor moved it through their link (domain/visitor-changes.ts). */
  visitorMoves: number;
  /** Where the session happens; null when neither the clinic nor the psychologist said. */
  place: SessionPlace | null;
  /** How the visitor reaches the clinic about it. */
  visitorContact: VisitorContact;
  /** The visitor's WhatsApp messages (docs/decisions/0063). */
  whatsApp: AppointmentWhatsApp;
  /** When the visitor answered "I'll be there" to a reminder; null until then. */
  attendanceConfirmedAt: Date | null;
}

export interface AppointmentWhatsApp {
  /** The visitor agreed to WhatsApp messages about it. */
  consented: boolean;
  /** When they ended them; null while they go on (or were never wanted). */
  stoppedAt: Date | null;
}

export interface AppointmentCare {
  resultsShared: boolean;
  /** The visitor answered the crisis item: the clinic should contact them promptly. */
  contactPromptly: boolean;
  /**
   * The words a visitor gave when cancelling through their link, if any: free text that may
   * tell of their health, so it goes with the rest of the care (docs/decisions/0054).
   */
  cancelReason: string | null;
}


function appointmentsWithDetails(db: Kysely<Database>) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .innerJoin('psychologists as p', 'p.id', 'a.psychologist_id')
    .leftJoin('screener_configurations as c', 'c.user_id', 'a.user_id')
    .select([
      ...VISIT_COLUMNS,
      'a.video_url',
      'a.id',
      'a.status',
      'a.slot_id',
      'a.client_name',
      'a.client_email',
      'a.client_phone',
      'a.client_timezone',
      'a.client_language',
      'a.created_at',
      'a.cancelled_at',
      'a.hold_expires_at',
      'a.revision',
      'a.revised_at',
      'a.updated_at',
      'a.contact_promptly',
      'a.visitor_moves',
      'a.cancel_reason',
      'a.whatsapp_reminders',
      'a.whatsapp_stopped_at',
      'a.attendance_confirmed_at',
      sql<number>`a.shared_results is not null`.as('results_shared'),
      's.start_utc',
      's.end_utc',
      'p.id as psychologist_id',
      'p.name as psychologist_name',
      'p.email as psychologist_email',
      'p.timezone as psychologist_timezone',
      'p.cancellation_notice_hours',
    ]);
}

type DetailsRow = Pick<
  AppointmentRow,
  | 'id'
  | 'status'
  | 'slot_id'
  | 'client_name'
  | 'client_email'
  | 'client_phone'
  | 'client_timezone'
  | 'client_language'
  | 'created_at'
  | 'cancelled_at'
  | 'hold_expires_at'
  | 'revision'
  | 'revised_at'
  | 'updated_at'
  | 'contact_promptly'
  | 'visitor_moves'
  | 'cancel_reason'
  | 'whatsapp_reminders'
  | 'whatsapp_stopped_at'
  | 'attendance_confirmed_at'
> &
  Pick<SlotRow, 'start_utc' | 'end_utc'> &
  VisitColumns & {
    psychologist_id: string;
    psychologist_name: string;
    psychologist_email: string;
    psychologist_timezone: string;
    cancellation_notice_hours: number;
    results_shared: number;
  };

function toDetails(row: DetailsRow): AppointmentDetails {
  return {
    id: row.id,
    status: row.status as AppointmentStatus,
    slotId: row.slot_id,
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
      cancellationNoticeHours: Number(row.cancellation_notice_hours),
    },
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
    createdAt: asDate(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : asDate(row.cancelled_at),
    holdExpiresAt: row.hold_expires_at === null ? null : asDate(row.hold_expires_at),
    revision: Number(row.revision),
    revisedAt: row.revised_at === null ? null : asDate(row.revised_at),
    updatedAt: asDate(row.updated_at ?? row.created_at),
    care: { resultsShared: Boolean(Number(row.results_shared)), contactPromptly: Boolean(row.contact_promptly), cancelReason: row.cancel_reason },
    visitorMoves: Number(row.visitor_moves),
    ...visitOf(row),
    whatsApp: { consented: Boolean(row.whatsapp_reminders), stoppedAt: row.whatsapp_stopped_at === null ? null : asDate(row.whatsapp_stopped_at) },
    attendanceConfirmedAt: row.attendance_confirmed_at === null ? null : asDate(row.attendance_confirmed_at),
  };
}

/**
 * Books the slot. `active_slot_id` is UNIQUE, so a second standing booking of the same slot
 * fails on it (isUniqueViolation) however the two requests were timed.
 */
export async function insertAppointment(
  db: Kysely<Database>,
  appointment: {
    id: string;
    userId: string;
    psychologistId: string;
    slotId: string;
    client: AppointmentClient;
    status: AppointmentStatus;
    holdExpiresAt: Date | null;
    manageTokenHash: string;
    /** The results the visitor chose to share, as JSON; null when they did not. */
    sharedResults: string | null;
    contactPromptly: boolean;
    clientKeys: ClientKeys;
    /** Whether the booking was counted toward the free allowance as it was made (accepted at once). */
    allowanceCounted: boolean;
    /** The visitor agreed to WhatsApp messages, at a clinic that offers them. */
    whatsappReminders: boolean;
    now: Date;
  },
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
      status: appointment.status,
      manage_token_hash: appointment.manageTokenHash,
      hold_expires_at: appointment.holdExpiresAt,
      client_name: client.name,
      client_email: client.email,
      client_phone: client.phone,
      client_timezone: client.timezone,
      client_language: client.language,
      created_at: appointment.now,
      cancelled_at: null,
      revised_at: appointment.now,
      updated_at: appointment.now,
      shared_results: appointment.sharedResults,
      contact_promptly: appointment.contactPromptly,
      client_email_key: appointment.clientKeys.emailKey,
      client_address_key: appointment.clientKeys.addressKey,
      client_network_key: appointment.clientKeys.networkKey,
      allowance_counted: appointment.allowanceCounted,
      whatsapp_reminders: appointment.whatsappReminders,
    })
    .execute();
}

/**
 * Marks whether the appointment used one of the free allowance, if it did not already say so,
 * and tells whether it changed: of two changes racing, one counts or gives back, never both.
 */
export async function markAllowanceCounted(db: Kysely<Database>, appointmentId: string, counted: boolean): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ allowance_counted: counted })
    .where('id', '=', appointmentId)
    .where('allowance_counted', '=', counted ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What "Decline as spam" refuses: the keyed digests of the visitor's mailbox and of the address they booked from. */
export async function findBookingOrigin(db: Kysely<Database>, appointmentId: string): Promise<{ emailKey: string | null; addressKey: string | null } | undefined> {
  const row = await db.selectFrom('appointments').select(['client_email_key', 'client_address_key']).where('id', '=', appointmentId).executeTakeFirst();
  return row && { emailKey: row.client_email_key, addressKey: row.client_address_key };
}

/** The results an appointment's visitor shared (JSON), or null, and when they booked (and so shared them). */
export async function sharedResultsOf(
  db: Kysely<Database>,
  userId: string,
  appointmentId: string,
): Promise<{ sharedResults: string | null; psychologistId: string; bookedAt: Date } | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select(['shared_results', 'psychologist_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '=', appointmentId)
    .where('status', 'not in', ['held', 'expired'])
    .executeTakeFirst();
  return row && { sharedResults: row.shared_results, psychologistId: row.psychologist_id, bookedAt: asDate(row.created_at) };
}

/**
 * The operator's appointments, cancelled ones included: those not yet ended first (soonest first;
 * with `flaggedFirst`, standing ones flagged 'contact promptly' before the rest), then past ones,
 * latest first; at most `limit` in all. Holds, live or lapsed, are left
 * out: until the visitor confirms their e-mail, a booking is not the clinic's business.
 */
export async function listAppointmentsOf(
  db: Kysely<Database>,
  userId: string,
  options: { now: Date; limit: number; flaggedFirst: boolean; status?: AppointmentStatus; psychologistId?: string; from?: Date; to?: Date; changed?: ChangedAfter },
): Promise<AppointmentDetails[]> {
  const clinics = appointmentsWithDetails(db)
    .where('a.user_id', '=', userId)
    .where('a.status', 'not in', ['held', 'expired'] satisfies AppointmentStatus[])
    .$if(options.status !== undefined, (query) => query.where('a.status', '=', options.status!))
    .$if(options.psychologistId !== undefined, (query) => query.where('a.psychologist_id', '=', options.psychologistId!))
    .$if(options.from !== undefined, (query) => query.where('s.start_utc', '>=', options.from!))
    .$if(options.to !== undefined, (query) => query.where('s.start_utc', '<', options.to!));
  const { changed } = options;
  if (changed) {
    // (updated_at, id) after the mark, in that order: the index appointments_updated serves it.
    const rows = await clinics
      .where((eb) =>
        changed.id === undefined
          ? eb('a.updated_at', '>=', changed.updatedAt)
          : eb.or([eb('a.updated_at', '>', changed.updatedAt), eb.and([eb('a.updated_at', '=', changed.updatedAt), eb('a.id', '>', changed.id)])]),
      )
      .orderBy('a.updated_at')
      .orderBy('a.id')
      .limit(options.limit)
      .execute();
    return rows.map(toDetails);
  }
  const upcoming = await clinics
    .where('s.end_utc', '>', options.now)
    // A standing booking whose visitor answered the crisis item comes first: contact promptly.
    .$if(options.flaggedFirst, (query) => query.orderBy(sql`case when a.contact_promptly = 1 and a.status in ('requested', 'confirmed') then 0 else 1 end`))
    .orderBy('s.start_utc')
    .orderBy('a.created_at')
    .limit(options.limit)
    .execute();
  const past = await clinics
    .where('s.end_utc', '<=', options.now)
    .orderBy('s.start_utc', 'desc')
    .orderBy('a.created_at', 'desc')
    .limit(options.limit - upcoming.length)
    .execute();
  return [...upcoming, ...past].map(toDetails);
}

/**
 * Where a reconciling read resumes: after this change time, and at that very time after this id
 * (a cursor's row); without an id, every change from `updatedAt` on, inclusive (`updatedSince`).
 */
export interface ChangedAfter {
  updatedAt: Date;
  id?: string;
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

/** Who is booked, read for a deletion: one slot, all a psychologist's slots, or a whole clinic's. */
export type BookingsScope = { slotId: string } | { psychologistId: string } | { userId: string };

/**
 * Standing bookings whose session has not ended, of one slot, of all a psychologist's slots or
 * of a clinic: the clients to tell before the slot, the psychologist or the clinic is deleted.
 * Read locked (MySQL), which also reads the latest rows rather than the transaction's older
 * snapshot.
 */
export async function upcomingBookingsOf(db: Transaction<Database>, of: BookingsScope, now: Date): Promise<AppointmentDetails[]> {
  const standing = appointmentsWithDetails(db)
    .where('a.status', 'in', SLOT_HOLDING_STATUSES)
    .where('s.end_utc', '>', now);
  const scoped =
    'slotId' in of
      ? standing.where('a.slot_id', '=', of.slotId)
      : 'psychologistId' in of
        ? standing.where('a.psychologist_id', '=', of.psychologistId)
        : standing.where('a.user_id', '=', of.userId);
  const query = scoped.orderBy('s.start_utc');
  const rows = await lockedRows(db, query).execute();
  return rows.map(toDetails);
}

/** Every change counts one revision, and withdraws the reminders queued for the one before. */
async function revised(db: Kysely<Database>, appointmentId: string, updated: { numUpdatedRows: bigint }): Promise<boolean> {
  if (Number(updated.numUpdatedRows) === 0) return false;
  await withdrawRemindersOf(db, appointmentId);
  return true;
}

/**
 * Moves an appointment to `to` if it is still in a status that may lead there (domain/
 * appointment-status.ts), and tells whether it did: of two changes racing, one wins and the
 * other finds the status moved. A status that no longer holds the slot frees it.
 */
export async function moveAppointment(
  db: Kysely<Database>,
  appointmentId: string,
  to: AppointmentStatus,
  now: Date,
  from: readonly AppointmentStatus[] = statusesBefore(to),
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set((eb) => ({
      status: to,
      revision: eb('revision', '+', 1),
      revised_at: now,
      updated_at: now,
      ...(!holdsSlot(to) && { active_slot_id: null }),
      ...(to === 'cancelled' && { cancelled_at: now }),
      ...(to !== 'expired' && { hold_expires_at: null }),
    }))
    .where('id', '=', appointmentId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return revised(db, appointmentId, result);
}

/**
 * Gives an expired hold its slot back and moves it on, if the slot is still free: the UNIQUE
 * active_slot_id decides against any booking that took the slot meanwhile, however the two are
 * timed. False when the slot is gone or the appointment is no longer expired.
 */
export async function reclaimExpiredSlot(db: Kysely<Database>, appointmentId: string, to: AppointmentStatus, now: Date): Promise<boolean> {
  try {
    const result = await db
      .updateTable('appointments')
      .set((eb) => ({ status: to, active_slot_id: eb.ref('slot_id'), hold_expires_at: null, revision: eb('revision', '+', 1), revised_at: now, updated_at: now }))
      .where('id', '=', appointmentId)
      .where('status', '=', 'expired')
      .executeTakeFirst();
    return revised(db, appointmentId, result);
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Moves a standing appointment from one slot to another, if it still holds `fromSlotId`, and
 * tells whether it did. The new slot is taken and the old one freed in one statement; a booking
 * or another move that took the new slot first fails it on the UNIQUE active_slot_id
 * (isUniqueViolation), so exactly one of them wins. A visitor's move (`maxVisitorMoves`) counts
 * itself in the same statement, and only while fewer than that many were made.
 */
export async function rescheduleAppointment(
  db: Kysely<Database>,
  move: { appointmentId: string; fromSlotId: string; toSlotId: string; now: Date; maxVisitorMoves?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set((eb) => ({
      slot_id: move.toSlotId,
      active_slot_id: move.toSlotId,
      revision: eb('revision', '+', 1),
      revised_at: move.now,
      updated_at: move.now,
      ...(move.maxVisitorMoves !== undefined && { visitor_moves: eb('visitor_moves', '+', 1) }),
    }))
    .where('id', '=', move.appointmentId)
    .where('slot_id', '=', move.fromSlotId)
    .where('status', 'in', SLOT_HOLDING_STATUSES)
    .$if(move.maxVisitorMoves !== undefined, (query) => query.where('visitor_moves', '<', move.maxVisitorMoves!))
    .executeTakeFirst();
  return revised(db, move.appointmentId, result);
}

/** The clinic moved the appointment's slot: a new revision, the old one's reminders withdrawn. */
export async function reviseMovedAppointment(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set((eb) => ({ revision: eb('revision', '+', 1), revised_at: now, updated_at: now }))
    .where('id', '=', appointmentId)
    .where('status', 'in', SLOT_HOLDING_STATUSES)
    .executeTakeFirst();
  return revised(db, appointmentId, result);
}

/** Records a change of status, in the transaction that made it. */
export async function recordAppointmentEvent(
  db: Kysely<Database>,
  event: { appointmentId: string; actor: AppointmentActor; from: AppointmentStatus | null; to: AppointmentStatus; at: Date },
): Promise<void> {
  await db
    .insertInto('appointment_events')
    .values({ id: randomUUID(), appointment_id: event.appointmentId, at: event.at, actor: event.actor, from_status: event.from, to_status: event.to })
    .execute();
}

/** The changes of an appointment's status, in the order they happened (inChainOrder). */
export async function listAppointmentEvents(db: Kysely<Database>, appointmentId: string) {
  const rows = await db
    .selectFrom('appointment_events')
    .select(['at', 'actor', 'from_status', 'to_status'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return inChainOrder(
    rows.map((row) => ({
      at: asDate(row.at),
      actor: row.actor as AppointmentActor,
      from: row.from_status as AppointmentStatus | null,
      to: row.to_status as AppointmentStatus,
    })),
  );
}

/** Live holds and requests waiting for the clinic: bookings nobody has answered yet. */
function nobodyAnswered(eb: ExpressionBuilder<Database, 'appointments'>, now: Date) {
  return eb.or([
    eb.and([eb('status', '=', 'held' satisfies AppointmentStatus), eb('hold_expires_at', '>', now)]),
    eb('status', '=', 'requested' satisfies AppointmentStatus),
  ]);
}

/** The keyed digests (server/appointments/client-keys.ts) by which a client's open bookings are counted. */
export interface ClientKeys {
  emailKey: string;
  addressKey: string;
  networkKey: string;
}

/**
 * A clinic's bookings nobody has answered yet, counted three ways in one read: those of one
 * visitor's e-mail, of their address, and of their network.
 */
export async function countOpenBookings(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  of: ClientKeys,
): Promise<{ ofEmail: number; ofAddress: number; ofNetwork: number }> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when('client_email_key', '=', of.emailKey).then(1).else(0).end()).as('of_email'),
      eb.fn.sum<number | string | null>(eb.case().when('client_address_key', '=', of.addressKey).then(1).else(0).end()).as('of_address'),
      eb.fn.sum<number | string | null>(eb.case().when('client_network_key', '=', of.networkKey).then(1).else(0).end()).as('of_network'),
    ])
    .where('user_id', '=', userId)
    .where((eb) => nobodyAnswered(eb, now))
    .executeTakeFirstOrThrow();
  // SUM over no rows is NULL; MySQL answers a decimal string.
  return { ofEmail: Number(row.of_email ?? 0), ofAddress: Number(row.of_address ?? 0), ofNetwork: Number(row.of_network ?? 0) };
}

/**
 * A clinic's open holds, what its booking challenge's cost rises with: live holds, and requests
 * made since `recentSince`, which hold a slot the same way at a clinic that asks no e-mail
 * confirmation. Older requests wait on the clinic, not on a stranger, so they raise nothing.
 */
export async function countOpenHolds(db: Kysely<Database>, userId: string, now: Date, recentSince: Date): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('holds'))
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'held' satisfies AppointmentStatus), eb('hold_expires_at', '>', now)]),
        eb.and([eb('status', '=', 'requested' satisfies AppointmentStatus), eb('created_at', '>', recentSince)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.holds);
}

/** Holds whose time ran out, for the expiry job; at most `limit`. */
export async function findLapsedHolds(db: Kysely<Database>, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('appointments')
    .select('id')
    .where('status', '=', 'held' satisfies AppointmentStatus)
    .where('hold_expires_at', '<=', now)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** A live hold as the clinic's Today view shows it: when, with whom, until when; nobody's details yet. */
export interface LiveHold {
  id: string;
  psychologist: { id: string; name: string; timezone: PsychologistTimezone };
  startUtc: Date;
  endUtc: Date;
  holdExpiresAt: Date;
}

/** A clinic's holds still waiting for their visitor's e-mail, the soonest to lapse first; at most `limit`. */
export async function listLiveHoldsOf(
  db: Kysely<Database>,
  userId: string,
  options: { now: Date; limit: number; psychologistId?: string },
): Promise<LiveHold[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .innerJoin('psychologists as p', 'p.id', 'a.psychologist_id')
    .select(['a.id', 'a.hold_expires_at', 's.start_utc', 's.end_utc', 'p.id as psychologist_id', 'p.name as psychologist_name', 'p.timezone'])
    .where('a.user_id', '=', userId)
    .where('a.status', '=', 'held' satisfies AppointmentStatus)
    .where('a.hold_expires_at', '>', options.now)
    .$if(options.psychologistId !== undefined, (query) => query.where('a.psychologist_id', '=', options.psychologistId!))
    .orderBy('a.hold_expires_at')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    psychologist: { id: row.psychologist_id, name: row.psychologist_name, timezone: row.timezone as PsychologistTimezone },
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
    holdExpiresAt: asDate(row.hold_expires_at!),
  }));
}

/** The appointment a visitor's private link names, with its clinic; undefined for any other token. */
export async function findAppointmentByTokenHash(
  db: Kysely<Database>,
  manageTokenHash: string,
): Promise<(AppointmentDetails & { userId: string }) | undefined> {
  const row = await appointmentsWithDetails(db)
    .select('a.user_id')
    .where('a.manage_token_hash', '=', manageTokenHash)
    .executeTakeFirst();
  return row && { ...toDetails(row), userId: row.user_id };
}

/**
 * Leases to `lease.owner` up to `lease.limit` confirmed appointments starting after `after` and
 * up to `until` that no other pass holds (db/leases.ts), and answers them with their clinic and
 * whether it sends a second reminder: the reminder job's share of the candidates, soonest
 * first. The ones no pass has looked at yet, then the longest unseen, go first.
 */
export async function leaseAppointmentsToRemind(
  db: Kysely<Database>,
  dialect: DialectName,
  range: { after: Date; until: Date },
  lease: Lease,
): Promise<(AppointmentDetails & { userId: string; secondReminder: boolean })[]> {
  const due = (eb: ExpressionBuilder<Database, LeasedTable>) =>
    eb.and([
      eb('status', '=', 'confirmed' satisfies AppointmentStatus),
      // A subquery of another table, not a join: MySQL refuses UPDATE … LIMIT over a join.
      eb('slot_id', 'in', eb.selectFrom('availability_slots').select('id').where('start_utc', '>', range.after).where('start_utc', '<=', range.until)),
    ]);
  await leaseDueRows(db, dialect, { table: 'appointments', due, oldestFirst: 'locked_until' }, lease);
  const rows = await appointmentsWithDetails(db)
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.second_reminder'])
    .where('a.lease_owner', '=', lease.owner)
    .where('a.status', '=', 'confirmed' satisfies AppointmentStatus)
    .orderBy('s.start_utc')
    .execute();
  return rows.map((row) => ({ ...toDetails(row), userId: row.user_id, secondReminder: Boolean(row.second_reminder) }));
}

/** An appointment as a calendar subscription shows it: when and how it stands, nothing of who booked. */
export interface CalendarEntry {
  id: string;
  status: AppointmentStatus;
  revision: number;
  startUtc: Date;
  endUtc: Date;
}

/**
 * A psychologist's appointments in `statuses` starting at or after `from`, soonest first, at
 * most `limit`. Selects no client column, so a calendar synced to a third party cannot carry one.
 */
export async function calendarEntriesOf(
  db: Kysely<Database>,
  psychologistId: string,
  options: { statuses: readonly AppointmentStatus[]; from: Date; limit: number },
): Promise<CalendarEntry[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select(['a.id', 'a.status', 'a.revision', 's.start_utc', 's.end_utc'])
    .where('a.psychologist_id', '=', psychologistId)
    .where('a.status', 'in', options.statuses)
    .where('s.start_utc', '>=', options.from)
    .orderBy('s.start_utc')
    .orderBy('a.id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status as AppointmentStatus,
    revision: Number(row.revision),
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
  }));
}

/** The status, revision and visitor's moves of an appointment, its row locked (MySQL) until the transaction ends. */
export async function lockAppointment(trx: Transaction<Database>, appointmentId: string) {
  return (await lockAppointments(trx, [appointmentId])).get(appointmentId);
}

/** Locks appointments' rows in one statement, in the primary key's order (two batches never wait on each other in a circle). */
export async function lockAppointments(trx: Transaction<Database>, appointmentIds: readonly string[]) {
  const locked = new Map<string, { status: AppointmentStatus; revision: number; visitorMoves: number }>();
  if (appointmentIds.length === 0) return locked;
  const rows = await lockedRows(trx, trx.selectFrom('appointments').select(['id', 'status', 'revision', 'visitor_moves']).where('id', 'in', appointmentIds).orderBy('id')).execute();
  for (const row of rows) locked.set(row.id, { status: row.status as AppointmentStatus, revision: Number(row.revision), visitorMoves: Number(row.visitor_moves) });
  return locked;
}

/**
 * Drops the screening results a visitor shared with a booking, and the crisis flag drawn from
 * them: for a hold that lapsed or that they cancelled, which never reached the clinic
 * (docs/decisions/0054).
 */
export async function forgetSharedResults(db: Kysely<Database>, appointmentId: string): Promise<void> {
  await db.updateTable('appointments').set({ shared_results: null, contact_promptly: 0 }).where('id', '=', appointmentId).execute();
}

/** Keeps the words a visitor gave when cancelling (bounded by the caller's schema); personal, so never logged. */
export async function recordCancelReason(db: Kysely<Database>, appointmentId: string, reason: string): Promise<void> {
  await db.updateTable('appointments').set({ cancel_reason: reason }).where('id', '=', appointmentId).execute();
}
