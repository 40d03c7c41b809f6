import { isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis-answers';
import type { CombinedQuestionId } from './combined';
import { DASS21_QUESTIONS, type Dass21QuestionId } from './dass21';
import { type MeasureInstrument, type MeasureScores, PHQ9_GAD7_QUESTIONS, scoreMeasure } from './measures';
import type { Answers, AnswerScore } from './scoring';
import {
  hasCurrentAnswer,
  initialScreeningSession,
  isOnLastQuestion,
  questionProgress,
  reduceScreeningSession,
  type Progress,
  type ScreeningAction,
  type ScreeningSession,
  type ScreeningTest,
} from './screening-session';

// A repeat measure (issue 30) is answered with the screener's own flow (./screening-session.ts):
// the same items in the same order, the same crisis answers, the same scoring. The consent was
// given at enrolment, so the measure starts at its first question.

export type MeasureSession = ScreeningSession<number, MeasureScores>;

/** The screener's test behind an instrument: its items, its crisis answers, its scoring. */
export function measureTest(instrument: MeasureInstrument): ScreeningTest<number, MeasureScores> {
  if (instrument === 'dass21') {
    return {
      questions: DASS21_QUESTIONS,
      isCrisisAnswer: (id, score) => isDass21CrisisAnswer(id as Dass21QuestionId, score),
      score: (answers) => scoreMeasure({ instrument, answers: answers as Answers<Dass21QuestionId> }),
    };
  }
  return {
    questions: PHQ9_GAD7_QUESTIONS,
    isCrisisAnswer: (id, score) => isCombinedCrisisAnswer(id as CombinedQuestionId, score),
    score: (answers) => scoreMeasure({ instrument, answers: answers as Answers<CombinedQuestionId> }),
  };
}

/** A measure not yet begun: at its first question, the consent given at enrolment. */
export const initialMeasureSession: MeasureSession = { ...initialScreeningSession, userAge: 'meetsMinimumAge', consentGiven: true };

export function measureSessionReducer(instrument: MeasureInstrument) {
  const test = measureTest(instrument);
  return (session: MeasureSession, action: ScreeningAction): MeasureSession => reduceScreeningSession(test, session, action);
}

/** Where the client is: the progress, the current question's answer if any, and what Next may do. */
export function measureProgress(
  instrument: MeasureInstrument,
  session: MeasureSession,
): Progress & { chosen: AnswerScore | undefined; canGoNext: boolean; isLast: boolean } {
  const test = measureTest(instrument);
  const exact = questionProgress(test, session);
  const question = test.questions[session.currentQuestionIndex];
  return {
    ...exact,
    percent: Math.round(exact.percent),
    chosen: question && session.answers[question.id],
    canGoNext: hasCurrentAnswer(test, session),
    isLast: isOnLastQuestion(test, session),
  };
}
