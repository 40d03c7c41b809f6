import type { Kysely } from 'kysely';
import type { MeasureInstrument, MeasureScores } from '../../domain/measures';
import type { AnswerScore } from '../../domain/scoring';
import { asDate } from '../dates';
import type { Database } from '../schema';

// The read side of repeat measures (issue 30): the client's record, the FHIR export and the
// clinic's outcomes. Measures are written by db/repositories/measures.ts.

/** A measure as sent, answered or not: answers and scores exist once the client answered. */
export interface StoredMeasure {
  id: string;
  planId: string;
  instruments: MeasureInstrument;
  sentAt: Date;
  expiresAt: Date;
  answered: { at: Date; answers: Readonly<Record<number, AnswerScore>>; scores: MeasureScores } | null;
}

const MEASURE_COLUMNS = [
  'measures.id',
  'measures.plan_id',
  'measures.instruments',
  'measures.sent_at',
  'measures.expires_at',
  'measures.answered_at',
  'measures.answers',
  'measures.scores',
] as const;

interface MeasureRow {
  id: string;
  plan_id: string;
  instruments: string;
  sent_at: Date | string;
  expires_at: Date | string;
  answered_at: Date | string | null;
  answers: string | null;
  scores: string | null;
}

function toStoredMeasure(row: MeasureRow): StoredMeasure {
  const answered =
    row.answered_at === null || row.answers === null || row.scores === null
      ? null
      : { at: asDate(row.answered_at), answers: JSON.parse(row.answers) as Record<number, AnswerScore>, scores: JSON.parse(row.scores) as MeasureScores };
  return {
    id: row.id,
    planId: row.plan_id,
    // Written only from MEASURE_INSTRUMENTS, copied from the plan.
    instruments: row.instruments as MeasureInstrument,
    sentAt: asDate(row.sent_at),
    expiresAt: asDate(row.expires_at),
    answered,
  };
}

/** Every measure sent to the client of an appointment of the clinic, under any of its plans, in the order sent. */
export async function measuresOfAppointment(db: Kysely<Database>, userId: string, appointmentId: string): Promise<StoredMeasure[]> {
  const rows = await db
    .selectFrom('measures')
    .innerJoin('measure_plans', 'measure_plans.id', 'measures.plan_id')
    .select(MEASURE_COLUMNS)
    .where('measures.user_id', '=', userId)
    .where('measure_plans.appointment_id', '=', appointmentId)
    .orderBy('measures.sent_at')
    .orderBy('measures.id')
    .execute();
  return rows.map(toStoredMeasure);
}

/** A plan's answered measures with what its outcome needs: the psychologist, and the appointment's shared screening as baseline. */
export interface MeasuredPlan {
  planId: string;
  psychologistId: string;
  instruments: MeasureInstrument;
  sharedResults: string | null;
  bookedAt: Date;
  measures: StoredMeasure[];
}

/**
 * The clinic's plans with a measure answered since `since`, each with all its answered measures
 * (those before `since` too: the change is measured from the baseline, whenever it was).
 */
export async function plansMeasuredSince(db: Kysely<Database>, userId: string, since: Date): Promise<MeasuredPlan[]> {
  const rows = await db
    .selectFrom('measures')
    .innerJoin('measure_plans', 'measure_plans.id', 'measures.plan_id')
    .innerJoin('appointments', 'appointments.id', 'measure_plans.appointment_id')
    .select([...MEASURE_COLUMNS, 'measure_plans.psychologist_id', 'measure_plans.instruments as plan_instruments', 'appointments.shared_results', 'appointments.created_at'])
    .where('measures.user_id', '=', userId)
    .where('measures.answered_at', 'is not', null)
    .where('measures.plan_id', 'in', (qb) =>
      qb.selectFrom('measures').select('plan_id').where('user_id', '=', userId).where('answered_at', '>=', since),
    )
    .orderBy('measures.answered_at')
    .orderBy('measures.id')
    .execute();
  const plans = new Map<string, MeasuredPlan>();
  for (const row of rows) {
    const plan = plans.get(row.plan_id) ?? {
      planId: row.plan_id,
      psychologistId: row.psychologist_id,
      instruments: row.plan_instruments as MeasureInstrument,
      sharedResults: row.shared_results,
      bookedAt: asDate(row.created_at),
      measures: [],
    };
    plan.measures.push(toStoredMeasure(row));
    plans.set(row.plan_id, plan);
  }
  return [...plans.values()];
}
