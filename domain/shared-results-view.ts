import {
  COMBINED_CATEGORIES,
  COMBINED_MAX_SCORES,
  COMBINED_QUESTIONS,
  RESPONSE_OPTIONS,
  scoreCombined,
  type CombinedCategory,
  type CombinedQuestionKey,
  type CombinedResponseKey,
} from './combined';
import { isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis-answers';
import {
  DASS21_CATEGORIES,
  DASS21_MAX_SCALE_SCORE,
  DASS21_QUESTIONS,
  scoreDass21,
  type Dass21Category,
  type Dass21QuestionKey,
} from './dass21';
import type { AnswerScore } from './scoring';

/**
 * A visitor's answer to each item, by question id, as shared with a booking (JSON keys are
 * strings, so ids are read either way). Bookings made before issue 26 shared scores only.
 */
export type SharedAnswers = Readonly<Record<number, AnswerScore>>;

/** What the clinic stores of a shared screening; `answers` is absent on older bookings. */
export type SharedScreening =
  | { testType: 'DASS-21'; results: Record<Dass21Category, { score: number; level: string }>; crisisItemAnswered: boolean; answers?: SharedAnswers }
  | { testType: 'Combined'; results: Record<CombinedCategory, { score: number; level: string }>; crisisItemAnswered: boolean; answers?: SharedAnswers };

/** How an answer is labelled: a DASS-21 answer by its score (index of `assessment.dass21.answers`), a combined one by its option key. */
export type AnswerLabel = { test: 'DASS-21'; index: AnswerScore } | { test: 'Combined'; key: CombinedResponseKey };

export interface ItemView {
  readonly id: number;
  readonly key: Dass21QuestionKey | CombinedQuestionKey;
  readonly answer: AnswerLabel;
  /** The item that asks about self-harm (DASS-21 21, PHQ-9 item 9). */
  readonly crisisItem: boolean;
  /** Answered at the level that raises the crisis notice. */
  readonly crisisAnswer: boolean;
}

export interface ScaleView {
  /** A DASS-21 scale, or one of the combined screener's three questionnaires, Whooley's on its own. */
  readonly scale: Dass21Category | CombinedCategory;
  readonly score: number;
  readonly max: number;
  readonly level: string;
  /** Empty for a booking that shared scores only. */
  readonly items: readonly ItemView[];
}

const CRISIS_ITEM = { 'DASS-21': 21, Combined: 11 } as const;

/**
 * The shared results as a clinician reads them: each scale with its score out of its published
 * maximum (domain/dass21.ts, domain/combined.ts), its band, and every item with its answer,
 * the crisis item marked. Items are listed under the scale they count towards.
 */
export function sharedResultsView(shared: SharedScreening): ScaleView[] {
  const answers = shared.answers;
  const item = (id: number, key: ItemView['key'], answer: AnswerLabel, crisisAnswer: boolean): ItemView => ({
    id,
    key,
    answer,
    crisisItem: id === CRISIS_ITEM[shared.testType],
    crisisAnswer,
  });
  if (shared.testType === 'DASS-21') {
    return DASS21_CATEGORIES.map((category) => ({
      scale: category,
      ...shared.results[category],
      max: DASS21_MAX_SCALE_SCORE,
      items: DASS21_QUESTIONS.filter((question) => question.category === category).flatMap((question) => {
        const score = answers?.[question.id];
        return score === undefined ? [] : [item(question.id, question.key, { test: 'DASS-21', index: score }, isDass21CrisisAnswer(question.id, score))];
      }),
    }));
  }
  return COMBINED_CATEGORIES.map((category) => ({
    scale: category,
    ...shared.results[category],
    max: COMBINED_MAX_SCORES[category],
    items: COMBINED_QUESTIONS.filter((question) => question.category === category).flatMap((question) => {
      const score = answers?.[question.id];
      const option = RESPONSE_OPTIONS[question.responseType].find((candidate) => candidate.score === score);
      return score === undefined || !option ? [] : [item(question.id, question.key, { test: 'Combined', key: option.key }, isCombinedCrisisAnswer(question.id, score))];
    }),
  }));
}

/**
 * Whether shared answers are those of a whole questionnaire and give exactly the shared scores
 * and crisis flag: the server refuses anything else, so what the clinic reads is coherent.
 */
export function answersAgree(shared: SharedScreening & { answers: SharedAnswers }): boolean {
  const { answers } = shared;
  if (shared.testType === 'DASS-21') {
    const complete = Object.keys(answers).length === DASS21_QUESTIONS.length && DASS21_QUESTIONS.every((q) => answers[q.id] !== undefined);
    if (!complete) return false;
    const scores = scoreDass21(answers);
    const crisis = isDass21CrisisAnswer(21, answers[21]!);
    return crisis === shared.crisisItemAnswered && DASS21_CATEGORIES.every((category) => scores[category].score === shared.results[category].score);
  }
  const complete =
    Object.keys(answers).length === COMBINED_QUESTIONS.length &&
    COMBINED_QUESTIONS.every((q) => RESPONSE_OPTIONS[q.responseType].some((option) => option.score === answers[q.id]));
  if (!complete) return false;
  const scores = scoreCombined(answers);
  const crisis = isCombinedCrisisAnswer(11, answers[11]!);
  return crisis === shared.crisisItemAnswered && COMBINED_CATEGORIES.every((category) => scores[category].score === shared.results[category].score);
}
