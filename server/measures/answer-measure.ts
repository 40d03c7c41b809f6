import { z } from 'zod';
import { sharedResultsOf } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { consentsOf } from '../../db/repositories/consents';
import {
  answeredScoresOf,
  findMeasureByTokenHash,
  insertMeasureAlerts,
  lockOpenPlan,
  type MeasureByLink,
  recordMeasureAnswers,
} from '../../db/repositories/measures';
import { inTransaction } from '../../db/transaction';
import { clinicNameOf } from '../../domain/configuration';
import {
  answeredRiskItem,
  baselineFromScreening,
  INSTRUMENT_SCALES,
  MEASURE_INSTRUMENTS,
  type MeasureAnswers,
  measureQuestionIds,
  type MeasureScale,
  type SharedScreeningScores,
  scoreMeasure,
} from '../../domain/measures';
import { deteriorationCallsForAlert } from '../../domain/reliable-change';
import type { AnswerScore } from '../../domain/scoring';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';

/** A measure's link names it by a token that only the client's mails hold. */
export const ZMeasureTokenRequest = z.object({ token: z.string().trim().min(1).max(128) });

/** What the client's page needs to ask the measure: which items (the screener's), in whose brand, under which consent. */
export const ZOpenMeasure = z.object({
  instruments: z.enum(MEASURE_INSTRUMENTS),
  /** The screener's question ids, in the order asked. */
  questionIds: z.array(z.number().int()),
  language: z.enum(['en', 'ms']),
  clinicName: z.string(),
  /** The clinic's screener, whose header, brand and crisis contact the page shows. */
  screenerSlug: z.string(),
  /** The clinic's primary colour for the page (white label); null keeps the theme's. */
  primaryColor: z.string().nullable(),
  /** The consent the client gave, word for word, beside the way to withdraw it. */
  consentText: z.string(),
  expiresAt: z.date(),
});
export type OpenMeasure = z.output<typeof ZOpenMeasure>;

/** POST /api/public/measures/{token}/answers: each question id with its answer, 0 to 3. */
export const ZAnswerMeasureRequest = ZMeasureTokenRequest.extend({
  answers: z.record(z.string().max(3), z.number().int().min(0).max(3), { error: fieldMessage('measureAnswers') }),
});
export type AnswerMeasureRequest = z.output<typeof ZAnswerMeasureRequest>;

const ZScaleScore = z.object({ score: z.number(), level: z.string() });

/** What the client sees once they answered: their scores, and their trend where the clinic shows it. */
export const ZMeasureOutcome = z.object({
  scores: z.record(z.string(), ZScaleScore),
  /** Each answered measure's totals, oldest first, the baseline screening first when there is one; null unless the clinic shows clients their trend. */
  trend: z.array(z.object({ at: z.date().nullable(), totals: z.record(z.string(), z.number()) })).nullable(),
});
export type MeasureOutcome = z.output<typeof ZMeasureOutcome>;

const alreadyAnswered = () => new AppError('CONFLICT', (t) => t.errors.measures.alreadyAnswered());
export const measureLinkUnknown = () => new AppError('NOT_FOUND', (t) => t.errors.measures.linkUnknown());

/** The measure of a link, or the readable 4xx of why it cannot be answered. */
async function answerableMeasure(db: RequestContext['db'], token: string, now: Date): Promise<MeasureByLink> {
  const measure = await findMeasureByTokenHash(db, hashSecretToken(token));
  // A withdrawal or an erasure deletes the measures: their links are unknown from then on.
  if (!measure) throw measureLinkUnknown();
  refuseClosed(measure, now);
  return measure;
}

function refuseClosed(measure: Pick<MeasureByLink, 'answeredAt' | 'expiresAt' | 'planWithdrawn' | 'planEnded'>, now: Date): void {
  if (measure.planWithdrawn) throw new AppError('GONE', (t) => t.errors.measures.withdrawn());
  if (measure.planEnded) throw new AppError('GONE', (t) => t.errors.measures.ended());
  if (measure.answeredAt) throw new AppError('CONFLICT', (t) => t.errors.measures.alreadyAnswered());
  if (measure.expiresAt <= now) throw new AppError('GONE', (t) => t.errors.measures.expired());
}

/** GET /api/public/measures/{token}: the measure to answer, in the client's language and the clinic's brand. */
export async function viewMeasure(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<OpenMeasure> {
  const measure = await answerableMeasure(ctx.db, token, ctx.now());
  const configuration = await findConfigurationOfOperator(ctx.db, measure.userId);
  const consent = (await consentsOf(ctx.db, measure.appointmentId)).find((given) => given.kind === 'measures' && given.version === measure.consentVersion);
  return {
    instruments: measure.instruments,
    questionIds: [...measureQuestionIds(measure.instruments)],
    language: measure.language,
    clinicName: configuration ? clinicNameOf(configuration) : '',
    screenerSlug: configuration?.companySlug ?? configuration?.id ?? '',
    primaryColor: configuration?.primaryColor ?? null,
    consentText: consent?.text ?? '',
    expiresAt: measure.expiresAt,
  };
}

/** The answers as the screener keys them, when they are exactly the instrument's questions. */
function measureAnswersOf(measure: Pick<MeasureByLink, 'instruments'>, answers: Readonly<Record<string, number>>): MeasureAnswers {
  const ids = measureQuestionIds(measure.instruments);
  const given = Object.keys(answers);
  if (given.length !== ids.length || !ids.every((id) => String(id) in answers)) throw new FieldProblem('answers', fieldMessage('measureAnswers'));
  const byId = Object.fromEntries(ids.map((id) => [id, answers[String(id)] as AnswerScore]));
  return { instrument: measure.instruments, answers: byId } as MeasureAnswers;
}

/** The plan's baseline: the shared screening of the same questionnaire, if the client shared one. */
async function baselineOf(db: RequestContext['db'], measure: MeasureByLink) {
  const shared = await sharedResultsOf(db, measure.userId, measure.appointmentId);
  const screening = shared?.sharedResults ? (JSON.parse(shared.sharedResults) as SharedScreeningScores) : null;
  return baselineFromScreening(measure.instruments, screening);
}

/**
 * POST /api/public/measures/{token}/answers: the client answers (issue 30). The server scores
 * the answers as the screener does (domain/measures.ts) and, in one transaction under the plan's
 * lock, stores them by a guarded UPDATE (of two submits at once one is stored, the other is told
 * it was answered) and raises the alerts: 'risk' for a risk item, 'deterioration:<scale>' where
 * the scale reliably worsened against the plan's earlier scores, the shared screening first.
 */
export async function answerMeasure(ctx: Pick<RequestContext, 'db' | 'now'>, input: AnswerMeasureRequest): Promise<MeasureOutcome> {
  const now = ctx.now();
  const measure = await answerableMeasure(ctx.db, input.token, now);
  const answers = measureAnswersOf(measure, input.answers);
  const scores = scoreMeasure(answers);
  const baseline = await baselineOf(ctx.db, measure);
  const earlier = await inTransaction(ctx.db, async (trx) => {
    if (!(await lockOpenPlan(trx, measure.planId))) {
      // Closed since it was read: ended by the clinic (the measure stays), or withdrawn (erased with it).
      const current = await findMeasureByTokenHash(trx, hashSecretToken(input.token));
      if (current) refuseClosed(current, now);
      throw new AppError('GONE', (t) => t.errors.measures.withdrawn());
    }
    const stored = await recordMeasureAnswers(trx, { measureId: measure.id, answers: answers.answers, scores, now });
    if (!stored) {
      // Answered by a submit just before, or expired meanwhile: the same readable refusal as the page's.
      const current = await findMeasureByTokenHash(trx, hashSecretToken(input.token));
      if (!current) throw measureLinkUnknown();
      refuseClosed(current, now);
      throw alreadyAnswered();
    }
    const before = (await answeredScoresOf(trx, measure.planId)).filter((answered) => answered.measureId !== measure.id);
    const reasons = [
      ...(answeredRiskItem(answers) ? ['risk'] : []),
      ...INSTRUMENT_SCALES[measure.instruments]
        .filter((scale: MeasureScale) => {
          const series = [...(baseline?.[scale] === undefined ? [] : [baseline[scale]]), ...before.map((answered) => answered.totals[scale]!), scores[scale]!.score];
          return deteriorationCallsForAlert(scale, series);
        })
        .map((scale) => `deterioration:${scale}`),
    ];
    await insertMeasureAlerts(trx, measure, reasons, now);
    return before;
  });
  const scoreView = Object.fromEntries(Object.entries(scores).map(([scale, result]) => [scale, { score: result.score, level: result.level }]));
  const trend = measure.trendVisible
    ? [
        ...(baseline ? [{ at: null, totals: baseline as Record<string, number> }] : []),
        ...earlier.map((answered) => ({ at: answered.answeredAt, totals: answered.totals as Record<string, number> })),
        { at: now, totals: Object.fromEntries(Object.entries(scores).map(([scale, result]) => [scale, result.score])) },
      ]
    : null;
  return { scores: scoreView, trend };
}
