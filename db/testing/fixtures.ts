import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { STOCK_CONSENT_TEXTS, WHITE_LABEL_DEFAULTS } from '../../domain/configuration';
import type { Role } from '../../domain/roles';
import { nameSkeleton } from '../../domain/account-names';
import { insertConfiguration } from '../repositories/configurations';
import { insertMembership } from '../repositories/memberships';
import type { OutboxEmail } from '../repositories/email-outbox';
import { insertExceptions, listExceptions } from '../repositories/weekly-schedules';
import type { Database } from '../schema';

/**
 * A readable, unique part of a test name from a random id. Sixteen hex digits, not eight: one
 * matrix file makes thousands of accounts in one database, and eight digits collided there once.
 */
export function uniqueTag(id: string = randomUUID()): string {
  return id.replaceAll('-', '').slice(0, 16);
}

interface OperatorOverrides {
  username?: string;
  /**
   * Off unless a test turns it on: most tests are about what a booking does once it counts,
   * which a clinic without e-mail confirmation gets in one step (domain/appointment-status.ts).
   */
  confirmVisitorEmail?: boolean;
  autoConfirmRequests?: boolean;
  secondReminder?: boolean;
  companyName?: string | null;
  companySlug?: string | null;
  /**
   * On unless a test turns it off: a clinic whose owner verified their e-mail, as every clinic
   * that invites or registers webhooks is (docs/decisions/0039).
   */
  ownerEmailVerified?: boolean;
}

/**
 * A clinic and its owner's account alone, as one made before accounts came with a
 * configuration. The owner's account has the clinic's id, as the migration of issue 16 made them.
 */
export async function insertOperatorAccount(db: Kysely<Database>, overrides: OperatorOverrides = {}) {
  const userId = randomUUID();
  const username = overrides.username ?? `operator-${uniqueTag(userId)}`;
  const email = `${username}@clinic.example`;
  const createdAt = new Date();
  await db
    .insertInto('users')
    .values({
      id: userId,
      username,
      email,
      confirm_visitor_email: overrides.confirmVisitorEmail ?? false,
      auto_confirm_requests: overrides.autoConfirmRequests ?? false,
      second_reminder: overrides.secondReminder ?? false,
      created_at: createdAt,
    })
    .execute();
  const emailVerifiedAt = (overrides.ownerEmailVerified ?? true) ? createdAt : null;
  await db
    .insertInto('accounts')
    .values({ id: userId, username, username_skeleton: nameSkeleton(username), email, password_hash: 'not-a-real-hash', email_verified_at: emailVerifiedAt, created_at: createdAt })
    .execute();
  await insertMembership(db, { accountId: userId, clinicId: userId, role: 'owner', psychologistId: null, createdAt });
  return { userId, username };
}

/** Another person in a clinic: a new account with this role (a psychologist's profile, if any). */
export async function insertMember(
  db: Kysely<Database>,
  member: { clinicId: string; role: Role; psychologistId?: string | null; username?: string },
) {
  const accountId = randomUUID();
  const username = member.username ?? `member-${uniqueTag(accountId)}`;
  const createdAt = new Date();
  await db
    .insertInto('accounts')
    .values({ id: accountId, username, email: `${username}@staff.example`, password_hash: 'not-a-real-hash', created_at: createdAt })
    .execute();
  await insertMembership(db, { accountId, clinicId: member.clinicId, role: member.role, psychologistId: member.psychologistId ?? null, createdAt });
  return { accountId, username };
}

/** Inserts an operator with a configuration; tests override what they care about. */
export async function insertOperator(db: Kysely<Database>, overrides: OperatorOverrides = {}) {
  const now = new Date();
  const { userId, username } = await insertOperatorAccount(db, overrides);
  const configurationId = randomUUID();
  await insertConfiguration(db, {
    id: configurationId,
    userId,
    now,
    values: {
      ...STOCK_CONSENT_TEXTS,
      ...WHITE_LABEL_DEFAULTS,
      testType: 'Combined',
      appTitle: 'Klinik Test Screener',
      appDescription: 'Test description',
      logoUrl: 'https://clinic.example/logo.png',
      companyName: overrides.companyName === undefined ? 'Klinik Test' : overrides.companyName,
      companySlug: overrides.companySlug === undefined ? `klinik-${uniqueTag(userId)}` : overrides.companySlug,
      minimumAge: 18,
      importantSectionContent: 'Important: custom text',
      enableMalayTranslation: true,
      aiInsightsEnabled: true,
      crisisContact: null,
    },
  });
  return { userId, configurationId, username };
}

export async function insertPsychologist(
  db: Kysely<Database>,
  userId: string,
  overrides: {
    name?: string;
    email?: string;
    slotDurationMinutes?: number;
    bufferMinutes?: number;
    minimumAdvanceHours?: number;
    cancellationNoticeHours?: number;
    timezone?: string;
  } = {},
) {
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('psychologists')
    .values({
      id,
      user_id: userId,
      name: overrides.name ?? 'Dr. Test',
      job_title: 'Clinical Psychologist',
      description: 'Test',
      email: overrides.email ?? 'dr.test@clinic.example',
      image_url: null,
      price_cents: 12050,
      slot_duration_minutes: overrides.slotDurationMinutes ?? 60,
      buffer_minutes: overrides.bufferMinutes ?? 0,
      minimum_advance_hours: overrides.minimumAdvanceHours ?? 2,
      cancellation_notice_hours: overrides.cancellationNoticeHours ?? 24,
      timezone: overrides.timezone ?? 'Asia/Kuala_Lumpur',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const slotRow = (psychologistId: string, startUtc: Date, minutes: number) => ({
  id: randomUUID(),
  psychologist_id: psychologistId,
  start_utc: startUtc,
  end_utc: new Date(startUtc.getTime() + minutes * 60_000),
  created_at: new Date(),
});

export async function insertSlot(db: Kysely<Database>, psychologistId: string, startUtc: Date, minutes = 60) {
  const [id] = await insertSlots(db, psychologistId, [startUtc], minutes);
  return id!;
}

/** A free slot of the psychologist at each start, in one statement. */
export async function insertSlots(db: Kysely<Database>, psychologistId: string, starts: readonly Date[], minutes = 60) {
  const rows = starts.map((start) => slotRow(psychologistId, start, minutes));
  await db.insertInto('availability_slots').values(rows).execute();
  return rows.map((row) => row.id);
}

const appointmentRow = (booking: { userId: string; psychologistId: string; slotId: string }) => ({
  id: randomUUID(),
  user_id: booking.userId,
  psychologist_id: booking.psychologistId,
  slot_id: booking.slotId,
  active_slot_id: booking.slotId,
  status: 'requested',
  client_name: 'Siti',
  client_email: 'siti@example.com',
  client_phone: '+60123456789',
  client_timezone: 'Asia/Kuala_Lumpur',
  client_language: 'ms',
  created_at: new Date(),
  updated_at: new Date(),
  cancelled_at: null,
});

/** A standing booking of the slot, as a visitor's booking leaves it. */
export async function bookSlot(db: Kysely<Database>, booking: { userId: string; psychologistId: string; slotId: string }) {
  const row = appointmentRow(booking);
  await db.insertInto('appointments').values(row).execute();
  return row.id;
}

/** One profile's data: a psychologist, a free and a booked slot, the booking, and a day off. */
export interface ProfileData {
  psychologistId: string;
  freeSlotId: string;
  bookedSlotId: string;
  appointmentId: string;
  exceptionId: string;
}

/** A profile's data in the clinic: slots on 2030-09-02 from `hour` UTC (0–8), a day off on 2030-09-03. */
export async function insertProfileData(db: Kysely<Database>, clinicId: string, hour: number): Promise<ProfileData> {
  const psychologistId = await insertPsychologist(db, clinicId);
  const freeSlotId = await insertSlot(db, psychologistId, new Date(`2030-09-02T0${hour}:00:00Z`));
  const bookedSlotId = await insertSlot(db, psychologistId, new Date(`2030-09-02T0${hour + 1}:00:00Z`));
  const appointmentId = await bookSlot(db, { userId: clinicId, psychologistId, slotId: bookedSlotId });
  await insertExceptions(db, psychologistId, [{ date: '2030-09-03', kind: 'off', startTime: null, endTime: null, label: '' }], new Date());
  const exceptionId = (await listExceptions(db, psychologistId))[0]!.id;
  return { psychologistId, freeSlotId, bookedSlotId, appointmentId, exceptionId };
}

/**
 * Confirmed appointments of one psychologist, one per start, each in a slot of its own, in
 * multi-row inserts: thousands of them seed in seconds, where one statement each takes minutes.
 */
export async function insertConfirmedAppointments(db: Kysely<Database>, clinic: { userId: string; psychologistId: string }, starts: readonly Date[]) {
  const rowsPerInsert = 500;
  const ids: string[] = [];
  for (let first = 0; first < starts.length; first += rowsPerInsert) {
    const slots = starts.slice(first, first + rowsPerInsert).map((start) => slotRow(clinic.psychologistId, start, 60));
    const appointments = slots.map((slot) => ({ ...appointmentRow({ ...clinic, slotId: slot.id }), status: 'confirmed' }));
    await db.insertInto('availability_slots').values(slots).execute();
    await db.insertInto('appointments').values(appointments).execute();
    ids.push(...appointments.map((row) => row.id));
  }
  return ids;
}

/** The mails queued for a recipient, oldest first, with their rendered message. */
export async function outboxEmailsTo(db: Kysely<Database>, recipient: string) {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'status', 'attempts', 'message', 'last_error', 'next_attempt_at', 'sent_at'])
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();
  return rows.map(({ message, ...row }) => ({
    ...row,
    attempts: Number(row.attempts),
    ...(JSON.parse(message) as Pick<OutboxEmail, 'subject' | 'text' | 'html' | 'attachments' | 'language' | 'fromName'>),
  }));
}

/** Every column of one outbox row, as stored. */
export function outboxRow(db: Kysely<Database>, id: string) {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An operator with a Stripe subscription in `status` (just created: awaiting its first payment). */
export async function insertStripeSubscriber(db: Kysely<Database>, status = 'incomplete') {
  const { userId } = await insertOperatorAccount(db);
  const ids = { customer: `cus_${uniqueTag()}`, subscription: `sub_${uniqueTag()}` };
  await db
    .insertInto('subscriptions')
    .values({ user_id: userId, stripe_customer_id: ids.customer, stripe_subscription_id: ids.subscription, status, updated_at: new Date() })
    .execute();
  return { userId, ...ids };
}
