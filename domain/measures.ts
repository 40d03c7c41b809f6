import { COMBINED_QUESTIONS, scoreCombined, type CombinedAnswers, type CombinedQuestionId } from './combined';
import { isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis-answers';
import { DASS21_QUESTIONS, scoreDass21, type Dass21Answers, type Dass21QuestionId } from './dass21';
import type { AnswerScore, ScaleResult } from './scoring';

// Repeat measures (issue 30) reuse the screener's items, wording and scoring unchanged: the
// PHQ-9 and GAD-7 items of the combined screening (ids 3-18, without the two Whooley
// questions) and the whole DASS-21. A shared screening is the baseline of the same scales.

export const MEASURE_INSTRUMENTS = ['phq9Gad7', 'dass21'] as const;
export type MeasureInstrument = (typeof MEASURE_INSTRUMENTS)[number];

/** Each instrument's scales, in the order the admin shows them. */
export const INSTRUMENT_SCALES = {
  phq9Gad7: ['phq9', 'gad7'],
  dass21: ['depression', 'anxiety', 'stress'],
} as const satisfies Record<MeasureInstrument, readonly string[]>;
export type MeasureScale = (typeof INSTRUMENT_SCALES)[MeasureInstrument][number];

/** The combined screening's items that a PHQ-9 with GAD-7 measure asks, in the screener's order. */
export const PHQ9_GAD7_QUESTIONS = COMBINED_QUESTIONS.filter((question) => question.category !== 'whooley');

/** A measure's answers keyed by the screener's question ids. */
export type MeasureAnswers =
  | { readonly instrument: 'phq9Gad7'; readonly answers: CombinedAnswers }
  | { readonly instrument: 'dass21'; readonly answers: Dass21Answers };

export type MeasureScores = Readonly<Partial<Record<MeasureScale, ScaleResult<string>>>>;

/** The scales' scores and levels, exactly as the screener scores them (DASS-21 doubled). */
export function scoreMeasure(measure: MeasureAnswers): MeasureScores {
  if (measure.instrument === 'dass21') return scoreDass21(measure.answers);
  const { phq9, gad7 } = scoreCombined(measure.answers);
  return { phq9, gad7 };
}

/**
 * Whether an answer calls for a risk alert: the answers that raise the screener's crisis notice,
 * PHQ-9 item 9 above 0 or DASS-21 item 21 at 2 or more (domain/crisis-answers.ts).
 */
export function answeredRiskItem(measure: MeasureAnswers): boolean {
  const entries = Object.entries(measure.answers) as [string, AnswerScore][];
  return entries.some(([id, score]) =>
    measure.instrument === 'dass21'
      ? isDass21CrisisAnswer(Number(id) as Dass21QuestionId, score)
      : isCombinedCrisisAnswer(Number(id) as CombinedQuestionId, score),
  );
}

/** Every question id of an instrument, in the order it is asked. */
export function measureQuestionIds(instrument: MeasureInstrument): readonly number[] {
  return (instrument === 'dass21' ? DASS21_QUESTIONS : PHQ9_GAD7_QUESTIONS).map((question) => question.id);
}

/** The part of a shared screening (server/appointments/shared-results.ts) a baseline needs. */
export type SharedScreeningScores =
  | { readonly testType: 'DASS-21'; readonly results: Readonly<Record<'depression' | 'anxiety' | 'stress', { readonly score: number }>> }
  | { readonly testType: 'Combined'; readonly results: Readonly<Record<'phq9' | 'gad7', { readonly score: number }>> };

const SCREENING_OF_INSTRUMENT = { phq9Gad7: 'Combined', dass21: 'DASS-21' } as const satisfies Record<MeasureInstrument, string>;

/**
 * The baseline scores a shared screening gives a plan: the instrument's scales when the visitor
 * took the same questionnaire (the combined screening holds the PHQ-9 and GAD-7), else none,
 * and the plan's first measure becomes its baseline.
 */
export function baselineFromScreening(
  instrument: MeasureInstrument,
  shared: SharedScreeningScores | null,
): Readonly<Partial<Record<MeasureScale, number>>> | null {
  if (!shared || shared.testType !== SCREENING_OF_INSTRUMENT[instrument]) return null;
  const results = shared.results as Readonly<Record<MeasureScale, { readonly score: number }>>;
  return Object.fromEntries(INSTRUMENT_SCALES[instrument].map((scale) => [scale, results[scale].score]));
}
