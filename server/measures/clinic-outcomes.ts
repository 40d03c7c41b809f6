import { subMonths } from 'date-fns';
import { z } from 'zod';
import { plansMeasuredSince, type MeasuredPlan } from '../../db/repositories/measure-records';
import { listPsychologistsOf } from '../../db/repositories/psychologists';
import { clientOutcome, OUTCOME_PERIODS, outcomeFigures, type ClientOutcome } from '../../domain/measure-outcomes';
import { scaleSeries } from '../../domain/measure-series';
import { baselineFromScreening, type SharedScreeningScores } from '../../domain/measures';
import { ZCount } from '../clinic-insights/get-insights';
import type { OperatorContext } from '../context';
import { oneOf } from '../zod-fields';

/** GET /api/measures/outcomes?months=3|6|12 */
export const ZClinicOutcomesRequest = z.object({
  months: z.enum(OUTCOME_PERIODS, { error: oneOf(OUTCOME_PERIODS) }),
});

const ZShare = z.object({ count: ZCount, percent: z.number().int().min(0).max(100).nullable() });
const ZFigures = z.object({ measured: ZCount, compared: ZCount, improvement: ZShare, recovery: ZShare, deterioration: ZShare });

export const ZClinicOutcomes = z.object({
  /** The period's start: the clients counted answered a measure since. */
  since: z.date(),
  clinic: ZFigures,
  /** Each psychologist with a client measured in the period, by name. */
  psychologists: z.array(z.object({ psychologistId: z.string(), name: z.string(), figures: ZFigures })),
});
export type ClinicOutcomes = z.output<typeof ZClinicOutcomes>;

/** A measured client's change from their baseline (the shared screening of the same questionnaire, else their first measure) to their latest measure. */
function outcomeOf(plan: MeasuredPlan): ClientOutcome | null {
  const shared = plan.sharedResults === null ? null : (JSON.parse(plan.sharedResults) as SharedScreeningScores);
  const scores = baselineFromScreening(plan.instruments, shared);
  const answered = plan.measures.flatMap((measure) => (measure.answered ? [{ id: measure.id, at: measure.answered.at, scores: measure.answered.scores }] : []));
  return clientOutcome(scaleSeries([plan.instruments], scores && { at: plan.bookedAt, scores }, answered));
}

/**
 * The clinic's outcomes of repeat measures over the last 3, 6 or 12 months, for the owner and
 * admins (issue 30): the clients measured, and the shares with reliable improvement, recovery
 * and reliable deterioration since their baseline, for the whole clinic and by psychologist.
 * A client is a plan, enrolled from one appointment (a booking is its own visitor). Counts
 * under 5 are hidden, as in the anonymous insights.
 */
export async function clinicOutcomes(ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>, { months }: { months: (typeof OUTCOME_PERIODS)[number] }): Promise<ClinicOutcomes> {
  const userId = ctx.admin.id;
  const since = subMonths(ctx.now(), Number(months));
  const plans = await plansMeasuredSince(ctx.db, userId, since);
  const outcomes = plans.map((plan) => ({ psychologistId: plan.psychologistId, outcome: outcomeOf(plan) }));
  const psychologists = (await listPsychologistsOf(ctx.db, userId)).flatMap((psychologist) => {
    const theirs = outcomes.filter((client) => client.psychologistId === psychologist.id);
    return theirs.length === 0 ? [] : [{ psychologistId: psychologist.id, name: psychologist.name, figures: outcomeFigures(theirs.map((client) => client.outcome)) }];
  });
  return { since, clinic: outcomeFigures(outcomes.map((client) => client.outcome)), psychologists };
}
