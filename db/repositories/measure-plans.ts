import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { followsSessions, type MeasureSchedule } from '../../domain/measure-schedule';
import type { MeasureInstrument } from '../../domain/measures';
import { asDate } from '../dates';
import type { Database, MeasurePlansTable } from '../schema';

/** A client's repeat measures, as enrolled from an appointment (issue 30, docs/decisions/0067). */
export interface MeasurePlan {
  id: string;
  appointmentId: string;
  psychologistId: string;
  instruments: MeasureInstrument;
  schedule: MeasureSchedule;
  /** The version (SHA-256) of the consent text the client agreed to. */
  consentVersion: string;
  enrolledAt: Date;
  /** The account of the member who enrolled the client. */
  enrolledBy: string;
  /** When the client withdrew their consent: what the plan collected was erased then. */
  withdrawnAt: Date | null;
  /** When the clinic ended the plan: what it collected stays until the retention period. */
  endedAt: Date | null;
}

const PLAN_COLUMNS = [
  'id',
  'appointment_id',
  'psychologist_id',
  'instruments',
  'schedule',
  'consent_version',
  'enrolled_at',
  'enrolled_by',
  'withdrawn_at',
  'ended_at',
] as const satisfies readonly (keyof MeasurePlansTable)[];

function toPlan(row: Pick<Selectable<MeasurePlansTable>, (typeof PLAN_COLUMNS)[number]>): MeasurePlan {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    psychologistId: row.psychologist_id,
    // Written only from MEASURE_INSTRUMENTS and MEASURE_SCHEDULES by enrolClient.
    instruments: row.instruments as MeasureInstrument,
    schedule: row.schedule as MeasureSchedule,
    consentVersion: row.consent_version,
    enrolledAt: asDate(row.enrolled_at),
    enrolledBy: row.enrolled_by,
    withdrawnAt: row.withdrawn_at === null ? null : asDate(row.withdrawn_at),
    endedAt: row.ended_at === null ? null : asDate(row.ended_at),
  };
}

/**
 * Opens a plan for an appointment's client. A second open plan of the same appointment fails on
 * the UNIQUE index of open_appointment_id (db/unique-violation.ts tells it), whoever wins a race.
 */
export async function insertMeasurePlan(
  db: Kysely<Database>,
  plan: { userId: string } & Omit<MeasurePlan, 'id' | 'withdrawnAt' | 'endedAt'>,
): Promise<MeasurePlan> {
  const row = {
    id: randomUUID(),
    user_id: plan.userId,
    psychologist_id: plan.psychologistId,
    appointment_id: plan.appointmentId,
    open_appointment_id: plan.appointmentId,
    instruments: plan.instruments,
    schedule: plan.schedule,
    consent_version: plan.consentVersion,
    enrolled_at: plan.enrolledAt,
    enrolled_by: plan.enrolledBy,
    withdrawn_at: null,
    ended_at: null,
    // A fixed schedule's first look is at enrolment; the sending job then keeps it (send-measures.ts).
    next_due_at: followsSessions(plan.schedule) ? null : plan.enrolledAt,
  };
  await db.insertInto('measure_plans').values(row).execute();
  return toPlan(row);
}

/** The open plan of an appointment of the clinic, if any. */
export async function findOpenMeasurePlan(db: Kysely<Database>, userId: string, appointmentId: string): Promise<MeasurePlan | undefined> {
  const row = await db
    .selectFrom('measure_plans')
    .select(PLAN_COLUMNS)
    .where('user_id', '=', userId)
    .where('open_appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return row && toPlan(row);
}

/**
 * Records the client's withdrawal of consent on the plans of an appointment not yet withdrawn
 * from, the open one and any the clinic ended (their answers are still kept until then), by a
 * guarded UPDATE: of two withdrawals at once, one records it. The plans stay, with when, as the
 * record of the consent and its withdrawal (docs/decisions/0067). True when this call did.
 */
export async function withdrawMeasurePlan(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('measure_plans')
    .set({ withdrawn_at: now, open_appointment_id: null, next_due_at: null })
    .where('appointment_id', '=', appointmentId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The clinic ends the open plan of one of its appointments, by a guarded UPDATE: of two members
 * ending it at once, one does. Nothing is erased (docs/decisions/0067). True when this call ended it.
 */
export async function endMeasurePlan(db: Kysely<Database>, userId: string, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('measure_plans')
    .set({ ended_at: now, open_appointment_id: null, next_due_at: null })
    .where('user_id', '=', userId)
    .where('open_appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The plans of an appointment, open or withdrawn, oldest first: what its client's data download lists. */
export async function measurePlansOf(db: Kysely<Database>, appointmentId: string): Promise<MeasurePlan[]> {
  const rows = await db
    .selectFrom('measure_plans')
    .select(PLAN_COLUMNS)
    .where('appointment_id', '=', appointmentId)
    .orderBy('enrolled_at')
    .orderBy('id')
    .execute();
  return rows.map(toPlan);
}

/** Deletes every plan of an appointment, as its visitor's data is erased. */
export async function deleteMeasurePlansOf(db: Kysely<Database>, appointmentId: string): Promise<void> {
  await db.deleteFrom('measure_plans').where('appointment_id', '=', appointmentId).execute();
}
