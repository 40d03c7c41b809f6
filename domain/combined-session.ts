import {
  COMBINED_QUESTIONS,
  scoreCombined,
  type CombinedQuestion,
  type CombinedQuestionId,
  type CombinedResults,
} from './combined';
import { isCombinedCrisisAnswer } from './crisis-answers';
import {
  hasCurrentAnswer,
  initialCombinedSession,
  isOnLastQuestion,
  questionProgress,
  reduceScreeningSession,
  type Progress,
  type ScreeningAction,
  type ScreeningSession,
  type ScreeningTest,
} from './screening-session';

export type CombinedSession = ScreeningSession<CombinedQuestionId, CombinedResults>;

export type CombinedAction = ScreeningAction | { readonly type: 'restart' };

export { initialCombinedSession };

const COMBINED: ScreeningTest<CombinedQuestionId, CombinedResults> = {
  questions: COMBINED_QUESTIONS,
  isCrisisAnswer: isCombinedCrisisAnswer,
  score: scoreCombined,
};

export function currentQuestion(session: CombinedSession): CombinedQuestion | undefined {
  return COMBINED_QUESTIONS[session.currentQuestionIndex];
}

export function canGoNext(session: CombinedSession): boolean {
  return hasCurrentAnswer(COMBINED, session);
}

export function canGoPrevious(session: CombinedSession): boolean {
  return session.currentQuestionIndex > 0;
}

/** Decides whether Next reads 'View Results'. */
export function isLastQuestion(session: CombinedSession): boolean {
  return isOnLastQuestion(COMBINED, session);
}

/** The last answer waits for 'View Results' so the visitor can still change it. */
export function shouldAutoAdvance(session: CombinedSession): boolean {
  return canGoNext(session) && !isLastQuestion(session);
}

export function progress(session: CombinedSession): Progress {
  const exact = questionProgress(COMBINED, session);
  return { ...exact, percent: Math.round(exact.percent) };
}

export function combinedSessionReducer(session: CombinedSession, action: CombinedAction): CombinedSession {
  return action.type === 'restart' ? initialCombinedSession : reduceScreeningSession(COMBINED, session, action);
}
