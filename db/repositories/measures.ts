import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { addHours } from 'date-fns';
import { type ClientSession, followsSessions, HOURS_BEFORE_SESSION, MEASURE_SCHEDULES, type MeasureSchedule, type SentMeasure } from '../../domain/measure-schedule';
import type { MeasureInstrument, MeasureScale, MeasureScores } from '../../domain/measures';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';

const languageOf = (language: string): 'en' | 'ms' => (language === 'ms' ? 'ms' : 'en');

// A measure's answers and scores are the client's health data (issue 30, docs/decisions/0067):
// they are read here only for the client's own page and the plan's alerts, and go with the plan.

/** An open plan with what sending its next measure needs: the client's address and language, the clinic's expiry. */
export interface PlanToMeasure {
  id: string;
  userId: string;
  appointmentId: string;
  psychologistId: string;
  instruments: MeasureInstrument;
  schedule: MeasureSchedule;
  enrolledAt: Date;
  /** The clinic's days from sending to expiry. */
  expiryDays: number;
  client: { email: string; timezone: string; language: 'en' | 'ms'; emailKey: string | null };
}

const PLAN_TO_MEASURE = [
  'p.id',
  'p.user_id',
  'p.appointment_id',
  'p.psychologist_id',
  'p.instruments',
  'p.schedule',
  'p.enrolled_at',
  'u.measure_expiry_days',
  'a.client_email',
  'a.client_timezone',
  'a.client_language',
  'a.client_email_key',
] as const;

/** Open plans whose client's data is kept, by id after `afterId`, with what sending needs. */
function openPlans(db: Kysely<Database>, afterId: string, limit: number) {
  return db
    .selectFrom('measure_plans as p')
    .innerJoin('appointments as a', 'a.id', 'p.appointment_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(PLAN_TO_MEASURE)
    .where('p.open_appointment_id', 'is not', null)
    .where('a.personal_data_erased_at', 'is', null)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit);
}

/**
 * The open plans that may have a measure due at `now`, by id after `afterId`: the sending job's
 * pages. Found by index, so that the job's cost follows what is due and not every open plan: a
 * fixed schedule's plan by its next_due_at; a session schedule's by a session of the client's
 * (their plan's booking, or another of theirs with the plan's psychologist, by the e-mail's
 * keyed digest) that starts within HOURS_BEFORE_SESSION and was not measured for the plan yet.
 * domain/measure-schedule.ts decides: a session the plan skips keeps its plan here until it begins.
 */
export async function duePlansAfter(db: Kysely<Database>, now: Date, afterId: string, limit: number): Promise<PlanToMeasure[]> {
  const fixed = await openPlans(db, afterId, limit).where('p.next_due_at', '<=', now).execute();
  const beforeSessions = await openPlans(db, afterId, limit)
    .where('p.schedule', 'in', MEASURE_SCHEDULES.filter(followsSessions))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('availability_slots as s')
          .innerJoin('appointments as session', 'session.slot_id', 's.id')
          .select('session.id')
          .where('s.start_utc', '>', now)
          .where('s.start_utc', '<=', addHours(now, HOURS_BEFORE_SESSION))
          .whereRef('session.user_id', '=', 'p.user_id')
          .whereRef('session.psychologist_id', '=', 'p.psychologist_id')
          .where('session.status', 'in', ['confirmed', 'completed'])
          .where((sessions) => sessions.or([sessions('session.id', '=', sessions.ref('p.appointment_id')), sessions('session.client_email_key', '=', sessions.ref('a.client_email_key'))]))
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('measures as m').select('m.id').whereRef('m.plan_id', '=', 'p.id').whereRef('m.session_appointment_id', '=', 'session.id'))),
          ),
      ),
    )
    .execute();
  const byId = new Map([...fixed, ...beforeSessions].map((row) => [row.id, row]));
  return [...byId.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((row) => ({
      id: row.id,
      userId: row.user_id,
      appointmentId: row.appointment_id,
      psychologistId: row.psychologist_id,
      // Written only from MEASURE_INSTRUMENTS and MEASURE_SCHEDULES by enrolClient.
      instruments: row.instruments as MeasureInstrument,
      schedule: row.schedule as MeasureSchedule,
      enrolledAt: asDate(row.enrolled_at),
      expiryDays: Number(row.measure_expiry_days),
      client: { email: row.client_email, timezone: row.client_timezone, language: languageOf(row.client_language), emailKey: row.client_email_key },
    }));
}

/** Records when a fixed schedule's plan is next due (null: nothing more), as the job computed it. */
export async function setPlanNextDue(db: Kysely<Database>, planId: string, nextDueAt: Date | null): Promise<void> {
  await db.updateTable('measure_plans').set({ next_due_at: nextDueAt }).where('id', '=', planId).where('open_appointment_id', 'is not', null).execute();
}

/**
 * The client's sessions with the plan's psychologist that are booked or took place: the plan's
 * own appointment and the clinic's other bookings by the same e-mail (its keyed digest), since a
 * booking is its own visitor and the e-mail is what ties a client's bookings together.
 */
export async function clientSessionsOf(db: Kysely<Database>, plan: Pick<PlanToMeasure, 'userId' | 'psychologistId' | 'appointmentId' | 'client'>): Promise<ClientSession[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select(['a.id', 's.start_utc'])
    .where('a.user_id', '=', plan.userId)
    .where('a.psychologist_id', '=', plan.psychologistId)
    .where('a.status', 'in', ['confirmed', 'completed'])
    .where((eb) => {
      const own = eb('a.id', '=', plan.appointmentId);
      return plan.client.emailKey === null ? own : eb.or([own, eb('a.client_email_key', '=', plan.client.emailKey)]);
    })
    .execute();
  return rows.map((row) => ({ appointmentId: row.id, startsAt: asDate(row.start_utc) }));
}

/** The measures a plan sent, with the session each came before: what the schedule counts. */
export async function sentMeasuresOf(db: Kysely<Database>, planId: string): Promise<(SentMeasure & { occasion: string })[]> {
  const rows = await db
    .selectFrom('measures as m')
    .leftJoin('appointments as a', 'a.id', 'm.session_appointment_id')
    .leftJoin('availability_slots as s', 's.id', 'a.slot_id')
    .select(['m.occasion', 'm.sent_at', 'm.session_appointment_id', 's.start_utc'])
    .where('m.plan_id', '=', planId)
    .execute();
  return rows.map((row) => ({
    occasion: row.occasion,
    sentAt: asDate(row.sent_at),
    session: row.session_appointment_id === null || row.start_utc === null ? null : { appointmentId: row.session_appointment_id, startsAt: asDate(row.start_utc) },
  }));
}

/** Whether the plan is still open, its row locked until the transaction ends: a withdrawal waits for a measure being sent. */
export async function lockOpenPlan(trx: Transaction<Database>, planId: string): Promise<boolean> {
  const row = await lockedRows(trx, trx.selectFrom('measure_plans').select('open_appointment_id').where('id', '=', planId)).executeTakeFirst();
  return row?.open_appointment_id != null;
}

export interface NewMeasure {
  id: string;
  userId: string;
  planId: string;
  psychologistId: string;
  occasion: string;
  sessionAppointmentId: string | null;
  instruments: MeasureInstrument;
  language: 'en' | 'ms';
  tokenHash: string;
  dueAt: Date;
  sentAt: Date;
  expiresAt: Date;
}

/** Inserts a measure; a second one of the same plan and occasion fails on their UNIQUE index, whoever sends it. */
export async function insertMeasure(db: Kysely<Database>, measure: NewMeasure): Promise<void> {
  await db
    .insertInto('measures')
    .values({
      id: measure.id,
      user_id: measure.userId,
      plan_id: measure.planId,
      psychologist_id: measure.psychologistId,
      occasion: measure.occasion,
      session_appointment_id: measure.sessionAppointmentId,
      instruments: measure.instruments,
      language: measure.language,
      token_hash: measure.tokenHash,
      due_at: measure.dueAt,
      sent_at: measure.sentAt,
      reminded_at: null,
      expires_at: measure.expiresAt,
      answered_at: null,
      answers: null,
      scores: null,
    })
    .execute();
}

/** An unanswered, unexpired measure not yet reminded of, with its clinic's reminder delay and its client's address. */
export interface MeasureToRemind {
  id: string;
  userId: string;
  planId: string;
  appointmentId: string;
  language: 'en' | 'ms';
  sentAt: Date;
  expiresAt: Date;
  reminderDays: number;
  client: { email: string; timezone: string };
}

/** Unanswered measures still open and not yet reminded of, by id after `afterId`. */
export async function measuresToRemindAfter(db: Kysely<Database>, now: Date, afterId: string, limit: number): Promise<MeasureToRemind[]> {
  const rows = await db
    .selectFrom('measures as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('measure_plans as p', 'p.id', 'm.plan_id')
    .innerJoin('appointments as a', 'a.id', 'p.appointment_id')
    .select(['m.id', 'm.user_id', 'm.plan_id', 'p.appointment_id', 'm.language', 'm.sent_at', 'm.expires_at', 'u.measure_reminder_days', 'a.client_email', 'a.client_timezone'])
    .where('p.open_appointment_id', 'is not', null)
    .where('m.answered_at', 'is', null)
    .where('m.reminded_at', 'is', null)
    .where('m.expires_at', '>', now)
    .where('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    planId: row.plan_id,
    appointmentId: row.appointment_id,
    language: languageOf(row.language),
    sentAt: asDate(row.sent_at),
    expiresAt: asDate(row.expires_at),
    reminderDays: Number(row.measure_reminder_days),
    client: { email: row.client_email, timezone: row.client_timezone },
  }));
}

/**
 * Claims a measure's reminder by a guarded UPDATE: of any number of processes, one finds it
 * unreminded, unanswered and open, and queues the mail in the same transaction. True for that one.
 */
export async function claimMeasureReminder(db: Kysely<Database>, measureId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('measures')
    .set({ reminded_at: now })
    .where('id', '=', measureId)
    .where('reminded_at', 'is', null)
    .where('answered_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A measure as its link opens it, with its plan's state and its clinic's settings. */
export interface MeasureByLink {
  id: string;
  userId: string;
  planId: string;
  appointmentId: string;
  psychologistId: string;
  instruments: MeasureInstrument;
  language: 'en' | 'ms';
  expiresAt: Date;
  answeredAt: Date | null;
  /** The version of the consent text the plan was enrolled under. */
  consentVersion: string;
  planWithdrawn: boolean;
  /** The clinic ended the plan: a measure still waiting can no longer be answered. */
  planEnded: boolean;
  trendVisible: boolean;
}

/** The measure a link's token names (by its SHA-256), or undefined for any other token. */
export async function findMeasureByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<MeasureByLink | undefined> {
  const row = await db
    .selectFrom('measures as m')
    .innerJoin('measure_plans as p', 'p.id', 'm.plan_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.plan_id', 'p.appointment_id', 'm.psychologist_id', 'm.instruments', 'm.language', 'm.expires_at', 'm.answered_at', 'p.consent_version', 'p.withdrawn_at', 'p.ended_at', 'u.measure_trend_visible'])
    .where('m.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      planId: row.plan_id,
      appointmentId: row.appointment_id,
      psychologistId: row.psychologist_id,
      instruments: row.instruments as MeasureInstrument,
      language: languageOf(row.language),
      expiresAt: asDate(row.expires_at),
      answeredAt: row.answered_at === null ? null : asDate(row.answered_at),
      consentVersion: row.consent_version,
      planWithdrawn: row.withdrawn_at !== null,
      planEnded: row.ended_at !== null,
      trendVisible: Boolean(row.measure_trend_visible),
    }
  );
}

/**
 * Stores a measure's answers and scores by a guarded UPDATE: of two submits at once, one finds
 * it unanswered and open. True for that one; the caller's transaction holds the plan's lock.
 */
export async function recordMeasureAnswers(
  db: Kysely<Database>,
  answer: { measureId: string; answers: Readonly<Partial<Record<number, number>>>; scores: MeasureScores; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('measures')
    .set({ answered_at: answer.now, answers: JSON.stringify(answer.answers), scores: JSON.stringify(answer.scores) })
    .where('id', '=', answer.measureId)
    .where('answered_at', 'is', null)
    .where('expires_at', '>', answer.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An answered measure's moment and each scale's total. */
export interface AnsweredScores {
  measureId: string;
  answeredAt: Date;
  totals: Readonly<Partial<Record<MeasureScale, number>>>;
}

/** The plan's answered measures, oldest first, each scale's total: its trend, and what deterioration is judged against. */
export async function answeredScoresOf(db: Kysely<Database>, planId: string): Promise<AnsweredScores[]> {
  const rows = await db
    .selectFrom('measures')
    .select(['id', 'answered_at', 'scores'])
    .where('plan_id', '=', planId)
    .where('answered_at', 'is not', null)
    .orderBy('answered_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const scores = JSON.parse(row.scores!) as Record<MeasureScale, { score: number }>;
    return { measureId: row.id, answeredAt: asDate(row.answered_at!), totals: Object.fromEntries(Object.entries(scores).map(([scale, result]) => [scale, result.score])) };
  });
}

/** Raises a measure's alerts ('risk', 'deterioration:<scale>'), in the answer's transaction. */
export async function insertMeasureAlerts(
  db: Kysely<Database>,
  measure: Pick<MeasureByLink, 'id' | 'userId' | 'planId' | 'psychologistId'>,
  reasons: readonly string[],
  now: Date,
): Promise<void> {
  if (reasons.length === 0) return;
  await db
    .insertInto('measure_alerts')
    .values(
      reasons.map((reason) => ({
        id: randomUUID(),
        user_id: measure.userId,
        plan_id: measure.planId,
        measure_id: measure.id,
        psychologist_id: measure.psychologistId,
        reason,
        raised_at: now,
        notified_at: null,
        escalated_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
        note: null,
      })),
    )
    .execute();
}

/** A measure as the client's data download lists it: when it was sent and answered, and what. */
export interface OwnMeasure {
  instruments: MeasureInstrument;
  sentAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
  answers: Record<string, number> | null;
  scores: Record<string, unknown> | null;
}

/** The measures of an appointment's plans, oldest first. */
export async function measuresOfAppointment(db: Kysely<Database>, appointmentId: string): Promise<OwnMeasure[]> {
  const rows = await db
    .selectFrom('measures as m')
    .innerJoin('measure_plans as p', 'p.id', 'm.plan_id')
    .select(['m.instruments', 'm.sent_at', 'm.expires_at', 'm.answered_at', 'm.answers', 'm.scores'])
    .where('p.appointment_id', '=', appointmentId)
    .orderBy('m.sent_at')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({
    instruments: row.instruments as MeasureInstrument,
    sentAt: asDate(row.sent_at),
    expiresAt: asDate(row.expires_at),
    answeredAt: row.answered_at === null ? null : asDate(row.answered_at),
    answers: row.answers === null ? null : (JSON.parse(row.answers) as Record<string, number>),
    scores: row.scores === null ? null : (JSON.parse(row.scores) as Record<string, unknown>),
  }));
}

/**
 * Deletes what an appointment's plans collected, their measures and alerts, as the client
 * withdraws or their data is erased. The plans themselves are the caller's to keep or delete.
 */
export async function deleteMeasuresOf(db: Kysely<Database>, appointmentId: string): Promise<void> {
  const plans = db.selectFrom('measure_plans').select('id').where('appointment_id', '=', appointmentId);
  await db.deleteFrom('measure_alerts').where('plan_id', 'in', plans).execute();
  await db.deleteFrom('measures').where('plan_id', 'in', plans).execute();
}

/** The clinic's repeat-measure settings: reminder and expiry after sending, and whether clients see their trend. */
export interface MeasureSettings {
  reminderDays: number;
  expiryDays: number;
  trendVisible: boolean;
}

export async function measureSettingsOf(db: Kysely<Database>, userId: string): Promise<MeasureSettings | undefined> {
  const row = await db.selectFrom('users').select(['measure_reminder_days', 'measure_expiry_days', 'measure_trend_visible']).where('id', '=', userId).executeTakeFirst();
  return row && { reminderDays: Number(row.measure_reminder_days), expiryDays: Number(row.measure_expiry_days), trendVisible: Boolean(row.measure_trend_visible) };
}

/** Applies to measures sent from now on: a measure's expiry is fixed when it is sent. */
export async function updateMeasureSettings(db: Kysely<Database>, userId: string, settings: MeasureSettings): Promise<void> {
  await db
    .updateTable('users')
    .set({ measure_reminder_days: settings.reminderDays, measure_expiry_days: settings.expiryDays, measure_trend_visible: settings.trendVisible })
    .where('id', '=', userId)
    .execute();
}
