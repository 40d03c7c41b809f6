import type { AnswerScore, Answers } from './scoring';

/**
 * Which side of the operator's minimum age the visitor chose. The minimum is configurable
 * (10-21), so a fixed 'under16' | '16plus' would mislabel every other setting.
 */
export type AgeGroup = 'belowMinimumAge' | 'meetsMinimumAge';

/** Delay before an answer advances as if Next were pressed; the timer itself lives in the UI. */
export const AUTO_ADVANCE_MS = 300;

export interface ScreeningSession<QuestionId extends number, Results> {
  readonly currentQuestionIndex: number;
  readonly answers: Answers<QuestionId>;
  readonly userAge: AgeGroup | null;
  readonly consentGiven: boolean;
  /** When the visitor consented (ISO): a booking records it with the consent's text. */
  readonly consentGivenAt: string | null;
  readonly showCrisis: boolean;
  readonly isComplete: boolean;
  /** The last scoring: kept when the visitor goes back from the results, replaced when they complete again. */
  readonly results: Results | null;
}

export const initialScreeningSession = {
  currentQuestionIndex: 0,
  answers: {},
  userAge: null,
  consentGiven: false,
  consentGivenAt: null,
  showCrisis: false,
  isComplete: false,
  results: null,
} as const satisfies ScreeningSession<never, never>;

/**
 * Where each test's screening starts. Here rather than beside each test's rules: the screener's
 * first load reads these (when the tab kept no session) and fetches the rules with the questions
 * (decision 0017). Typed by their shape, not as CombinedSession and Dass21Session: those modules
 * build on this one, and naming their types here would tie the two into a cycle.
 */
export const initialCombinedSession = initialScreeningSession;
export const initialDass21Session = {
  ...initialScreeningSession,
  followUpResponses: [] as readonly never[],
  followUpQuestionId: null,
  currentFollowUpIndex: 0,
} as const;

export type ScreeningStage = 'consent' | 'questions' | 'results';

export function screeningStage(session: ScreeningSession<number, unknown>): ScreeningStage {
  if (!session.consentGiven) return 'consent';
  return session.isComplete ? 'results' : 'questions';
}

/**
 * The visitor's place in the flow as one number, for the browser's history entries: 0 is the
 * consent step, n the n-th question, and the results come after the last question (which stays
 * current on completion). Follow-ups belong to their question's step.
 */
export function screeningStep(session: ScreeningSession<number, unknown>): number {
  if (!session.consentGiven) return 0;
  return session.currentQuestionIndex + (session.isComplete ? 2 : 1);
}

/**
 * Whether a step completed a screening: the results reached for the first time since it began.
 * A visitor who went back from the results and completes again is the same screening.
 */
export function completedScreening(before: ScreeningSession<number, unknown>, after: ScreeningSession<number, unknown>): boolean {
  return !before.isComplete && after.isComplete && after.results !== null && before.results === null;
}

/** Transitions both tests share. Restart is left to each test because it owns the full state. */
export type ScreeningAction =
  | { readonly type: 'chooseAge'; readonly age: AgeGroup }
  | { readonly type: 'giveConsent'; readonly at: string }
  | { readonly type: 'answer'; readonly score: AnswerScore }
  | { readonly type: 'next' }
  | { readonly type: 'previous' }
  | { readonly type: 'closeCrisis' };

/** What a test contributes to the shared flow. */
export interface ScreeningTest<QuestionId extends number, Results> {
  readonly questions: readonly { readonly id: QuestionId }[];
  readonly isCrisisAnswer: (questionId: QuestionId, score: AnswerScore) => boolean;
  readonly score: (answers: Answers<QuestionId>) => Results;
}

type QuestionList = Pick<ScreeningTest<number, unknown>, 'questions'>;

export interface Progress {
  /** 1-based position of the current question, for 'n of total'. */
  readonly position: number;
  readonly total: number;
  /** Width of the progress bar fill, 0-100. */
  readonly percent: number;
}

export function questionProgress(test: QuestionList, session: ScreeningSession<number, unknown>): Progress {
  const position = session.currentQuestionIndex + 1;
  const total = test.questions.length;
  return { position, total, percent: (position / total) * 100 };
}

export function hasCurrentAnswer<QuestionId extends number>(
  test: ScreeningTest<QuestionId, unknown>,
  session: ScreeningSession<QuestionId, unknown>,
): boolean {
  const question = test.questions[session.currentQuestionIndex];
  return question !== undefined && session.answers[question.id] !== undefined;
}

export function isOnLastQuestion(test: QuestionList, session: ScreeningSession<number, unknown>): boolean {
  return session.currentQuestionIndex === test.questions.length - 1;
}

export function reduceScreeningSession<
  QuestionId extends number,
  Results,
  Session extends ScreeningSession<QuestionId, Results>,
>(test: ScreeningTest<QuestionId, Results>, session: Session, action: ScreeningAction): Session {
  switch (action.type) {
    case 'chooseAge':
      return { ...session, userAge: action.age };
    case 'giveConsent':
      return session.userAge === null ? session : { ...session, consentGiven: true, consentGivenAt: action.at, currentQuestionIndex: 0 };
    case 'answer': {
      const question = test.questions[session.currentQuestionIndex];
      if (question === undefined || session.isComplete) return session;
      return {
        ...session,
        answers: { ...session.answers, [question.id]: action.score },
        // Once raised, the notice stays until the visitor closes it, even if the answer changes.
        showCrisis: session.showCrisis || test.isCrisisAnswer(question.id, action.score),
      };
    }
    case 'next':
      if (session.isComplete || !hasCurrentAnswer(test, session)) return session;
      if (isOnLastQuestion(test, session)) {
        return { ...session, isComplete: true, results: test.score(session.answers) };
      }
      return { ...session, currentQuestionIndex: session.currentQuestionIndex + 1 };
    case 'previous':
      // Back from the results reopens the last question. The results stay until it is completed
      // again, so the clinic's anonymous counts take one screening once (screener-events.ts).
      if (session.isComplete) return { ...session, isComplete: false };
      return { ...session, currentQuestionIndex: Math.max(0, session.currentQuestionIndex - 1) };
    case 'closeCrisis':
      return { ...session, showCrisis: false };
  }
}

/** More moves than any screener has steps and follow-ups: a step out of reach is given up. */
const MAX_MOVES_TO_STEP = 100;

/**
 * The 'previous' or 'next' actions that bring a session to a step, for the browser's back and
 * forward buttons; none when the step is out of its reach (a restarted session cannot go
 * forward to the questions it no longer has answers for).
 */
export function actionsToStep<Session extends ScreeningSession<number, unknown>>(
  reduce: (session: Session, action: ScreeningAction) => Session,
  session: Session,
  target: number,
): ScreeningAction[] {
  const action: ScreeningAction = { type: target < screeningStep(session) ? 'previous' : 'next' };
  const actions: ScreeningAction[] = [];
  let current = session;
  while (screeningStep(current) !== target && actions.length < MAX_MOVES_TO_STEP) {
    current = reduce(current, action);
    actions.push(action);
  }
  return screeningStep(current) === target ? actions : [];
}
