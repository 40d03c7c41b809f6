import { z } from 'zod';
import { measurePlansOf } from '../../db/repositories/measure-plans';
import { measuresOfAppointment } from '../../db/repositories/measure-records';
import { inTransaction } from '../../db/transaction';
import { severityBands } from '../../domain/measure-bands';
import { MEASURE_SCHEDULES } from '../../domain/measure-schedule';
import { scaleSeries } from '../../domain/measure-series';
import {
  baselineFromScreening,
  INSTRUMENT_SCALES,
  MEASURE_INSTRUMENTS,
  measureQuestionIds,
  type MeasureInstrument,
  type SharedScreeningScores,
} from '../../domain/measures';
import { SCALE_CHANGE_RULES, smallestReliableChange } from '../../domain/reliable-change';
import type { SharedResults } from '../appointments/shared-results';
import type { OperatorContext } from '../context';
import { entityId } from '../zod-fields';
import { openClientMeasures } from './open-client-measures';

/** GET /api/appointments/{appointmentId}/measures */
export const ZMeasureRecordRequest = z.object({ appointmentId: entityId('appointment') });

const ZScale = z.enum(['phq9', 'gad7', 'depression', 'anxiety', 'stress']);
const ZBadge = z.enum(['recovery', 'reliableImprovement', 'noReliableChange', 'reliableDeterioration']);
const ZInstrument = z.enum(MEASURE_INSTRUMENTS);

export const ZMeasureRecord = z.object({
  /** Oldest first; open while neither withdrawn by the client nor ended by the clinic. */
  plans: z.array(
    z.object({ id: z.string(), instruments: ZInstrument, schedule: z.enum(MEASURE_SCHEDULES), enrolledAt: z.date(), withdrawnAt: z.date().nullable(), endedAt: z.date().nullable() }),
  ),
  /** Per scale: its scores over time (a null measureId is the shared screening, the baseline), its change badges and the rule behind them. */
  scales: z.array(
    z.object({
      scale: ZScale,
      caseness: z.number(),
      /** The smallest change the scale's scores can show that is reliable. */
      reliableChange: z.number(),
      source: z.enum(['nhsTalkingTherapies', 'jacobsonTruaxHenryCrawford']),
      /** The severity bands the chart draws behind the scores. */
      bands: z.array(z.object({ level: z.string(), from: z.number(), to: z.number() })),
      points: z.array(z.object({ at: z.date(), score: z.number(), measureId: z.string().nullable() })),
      badges: z.object({ sinceBaseline: ZBadge, sinceLast: ZBadge }).nullable(),
    }),
  ),
  /** Each answered questionnaire, oldest first, the shared screening (measureId null) first: its item answers by question id and its scores. */
  answered: z.array(
    z.object({
      measureId: z.string().nullable(),
      instruments: ZInstrument,
      at: z.date(),
      /** Null for a screening shared before item answers were (issue 26). */
      answers: z.record(z.string(), z.number().int()).nullable(),
      scores: z.record(z.string(), z.object({ score: z.number(), level: z.string() })),
    }),
  ),
  /** Measures that expired unanswered. */
  missed: z.array(z.object({ measureId: z.string(), instruments: ZInstrument, sentAt: z.date(), expiredAt: z.date() })),
});
export type MeasureRecord = z.output<typeof ZMeasureRecord>;
type Answered = MeasureRecord['answered'][number];

/** The shared screening as the record's first column, when it is of one of the plans' questionnaires. */
function screeningColumn(instruments: readonly MeasureInstrument[], shared: SharedResults | null, at: Date): Answered | null {
  const instrument = instruments.find((candidate) => baselineFromScreening(candidate, shared as SharedScreeningScores | null));
  if (!instrument || !shared) return null;
  const results = shared.results as Readonly<Record<string, { score: number; level: string }>>;
  const answers = shared.answers as Readonly<Record<string, number>> | undefined;
  return {
    measureId: null,
    instruments: instrument,
    at,
    // The combined screening's Whooley questions are no part of a measure.
    answers: answers ? Object.fromEntries(measureQuestionIds(instrument).map((id) => [String(id), answers[String(id)]!])) : null,
    scores: Object.fromEntries(INSTRUMENT_SCALES[instrument].map((scale) => [scale, results[scale]!])),
  };
}

/**
 * The client's record of repeat measures (issue 30), for the appointment's psychologist, the
 * owner and admins: each scale's trend with its badges since baseline and since last time, the
 * item answers side by side, and the measures that expired unanswered. Each look is written to
 * the audit log in the same transaction, as for shared results.
 */
export async function viewMeasureRecord(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>,
  { appointmentId }: { appointmentId: string },
): Promise<MeasureRecord> {
  const userId = ctx.admin.id;
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const appointment = await openClientMeasures(trx, ctx, { appointmentId, action: 'measures.viewed', at: now });

    const plans = await measurePlansOf(trx, appointmentId);
    // A measure waiting when the clinic ended its plan could no longer be answered: not missed.
    const endOf = new Map(plans.map((plan) => [plan.id, plan.endedAt]));
    const closedBeforeExpiry = (measure: { planId: string; expiresAt: Date }) => {
      const ended = endOf.get(measure.planId);
      return ended != null && ended < measure.expiresAt;
    };
    const measures = await measuresOfAppointment(trx, userId, appointmentId);
    const instruments = [...new Set(plans.map((plan) => plan.instruments))];
    const shared = appointment.sharedResults === null ? null : (JSON.parse(appointment.sharedResults) as SharedResults);
    const screening = screeningColumn(instruments, shared, appointment.bookedAt);
    const answered: Answered[] = measures.flatMap((measure) =>
      measure.answered ? [{ measureId: measure.id, instruments: measure.instruments, at: measure.answered.at, answers: measure.answered.answers, scores: measure.answered.scores }] : [],
    );
    answered.sort((a, b) => a.at.getTime() - b.at.getTime());
    const baseline = screening && { at: screening.at, scores: baselineFromScreening(screening.instruments, shared as SharedScreeningScores)! };
    const series = scaleSeries(instruments, baseline, answered.map((column) => ({ id: column.measureId!, at: column.at, scores: column.scores })));
    return {
      plans: plans.map(({ id, instruments, schedule, enrolledAt, withdrawnAt, endedAt }) => ({ id, instruments, schedule, enrolledAt, withdrawnAt, endedAt })),
      scales: series.map(({ scale, points, badges }) => ({
        scale,
        caseness: SCALE_CHANGE_RULES[scale].caseness,
        reliableChange: smallestReliableChange(scale),
        source: SCALE_CHANGE_RULES[scale].source,
        bands: severityBands(scale),
        points: [...points],
        badges,
      })),
      answered: screening ? [screening, ...answered] : answered,
      missed: measures.flatMap((measure) =>
        !measure.answered && measure.expiresAt <= now && !closedBeforeExpiry(measure) ? [{ measureId: measure.id, instruments: measure.instruments, sentAt: measure.sentAt, expiredAt: measure.expiresAt }] : [],
      ),
    };
  });
}
