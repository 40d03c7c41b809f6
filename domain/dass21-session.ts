import { isDass21CrisisAnswer } from './crisis-answers';
import {
  DASS21_QUESTIONS,
  scoreDass21,
  type Dass21Question,
  type Dass21QuestionId,
  type Dass21Results,
} from './dass21';
import { followUpsFor, type Dass21FollowUpId, type FollowUpResponse } from './dass21-follow-ups';
import {
  hasCurrentAnswer,
  initialDass21Session,
  isOnLastQuestion,
  questionProgress,
  reduceScreeningSession,
  screeningStep,
  type Progress,
  type ScreeningAction,
  type ScreeningSession,
  type ScreeningTest,
} from './screening-session';

export interface Dass21Session extends ScreeningSession<Dass21QuestionId, Dass21Results> {
  readonly followUpResponses: readonly FollowUpResponse[];
  /** The question whose follow-ups are open; null outside follow-up mode. */
  readonly followUpQuestionId: Dass21QuestionId | null;
  readonly currentFollowUpIndex: number;
}

export type Dass21Action =
  | ScreeningAction
  | { readonly type: 'submitFollowUp'; readonly text: string }
  | { readonly type: 'skipFollowUp' }
  | { readonly type: 'restart' };

export { initialDass21Session };

const DASS21: ScreeningTest<Dass21QuestionId, Dass21Results> = {
  questions: DASS21_QUESTIONS,
  isCrisisAnswer: isDass21CrisisAnswer,
  score: scoreDass21,
};

const FOLLOW_UP_TRIGGER_SCORE = 3;

export function currentQuestion(session: Dass21Session): Dass21Question | undefined {
  return DASS21_QUESTIONS[session.currentQuestionIndex];
}

function openFollowUpIds(session: Dass21Session): readonly Dass21FollowUpId[] {
  const question = DASS21_QUESTIONS.find(({ id }) => id === session.followUpQuestionId);
  return question === undefined ? [] : followUpsFor(question);
}

function isFollowUpOpen(session: Dass21Session): boolean {
  return session.followUpQuestionId !== null;
}

export function currentFollowUpId(session: Dass21Session): Dass21FollowUpId | undefined {
  return openFollowUpIds(session)[session.currentFollowUpIndex];
}

/** What the visitor wrote to the open follow-up before, so that going back to it shows their words. */
export function currentFollowUpResponse(session: Dass21Session): string {
  const followUpId = currentFollowUpId(session);
  const earlier = session.followUpResponses.find(
    (response) => response.questionId === session.followUpQuestionId && response.followUpId === followUpId,
  );
  return earlier?.response ?? '';
}

export function canContinueFollowUp(text: string): boolean {
  return text.trim() !== '';
}

export function canGoNext(session: Dass21Session): boolean {
  return hasCurrentAnswer(DASS21, session);
}

export function canGoPrevious(session: Dass21Session): boolean {
  return session.currentQuestionIndex > 0 || isFollowUpOpen(session);
}

/** Decides whether Next reads 'Complete'; an open follow-up still has to be dealt with first. */
export function isLastQuestion(session: Dass21Session): boolean {
  return isOnLastQuestion(DASS21, session) && !isFollowUpOpen(session);
}

/** An answer that opened follow-ups must wait for the visitor to write or skip. */
export function shouldAutoAdvance(session: Dass21Session): boolean {
  return canGoNext(session) && !isFollowUpOpen(session);
}

export function progress(session: Dass21Session): Progress {
  return questionProgress(DASS21, session);
}

function closeFollowUps(session: Dass21Session): Dass21Session {
  return { ...session, followUpQuestionId: null, currentFollowUpIndex: 0 };
}

function advanceFollowUp(session: Dass21Session): Dass21Session {
  if (session.currentFollowUpIndex + 1 < openFollowUpIds(session).length) {
    return { ...session, currentFollowUpIndex: session.currentFollowUpIndex + 1 };
  }
  return reduceScreeningSession(DASS21, closeFollowUps(session), { type: 'next' });
}

/**
 * Back onto a question whose maximum answer opened follow-ups: onto its last follow-up, the way
 * the visitor came, so what they wrote there is in view again.
 */
function backOntoFollowUps(session: Dass21Session): Dass21Session {
  const question = currentQuestion(session);
  if (question === undefined || session.answers[question.id] !== FOLLOW_UP_TRIGGER_SCORE) return session;
  return { ...session, followUpQuestionId: question.id, currentFollowUpIndex: followUpsFor(question).length - 1 };
}

/** The other follow-ups' responses: the current one is replaced (Continue) or withdrawn (Skip). */
function otherFollowUpResponses(session: Dass21Session): readonly FollowUpResponse[] {
  const followUpId = currentFollowUpId(session);
  return session.followUpResponses.filter(
    (earlier) => earlier.questionId !== session.followUpQuestionId || earlier.followUpId !== followUpId,
  );
}

function storeFollowUpResponse(session: Dass21Session, text: string): Dass21Session {
  const questionId = session.followUpQuestionId;
  const followUpId = currentFollowUpId(session);
  if (questionId === null || followUpId === undefined) return session;
  return { ...session, followUpResponses: [...otherFollowUpResponses(session), { questionId, followUpId, response: text.trim() }] };
}

export function dass21SessionReducer(session: Dass21Session, action: Dass21Action): Dass21Session {
  switch (action.type) {
    case 'restart':
      return initialDass21Session;
    case 'answer': {
      const question = currentQuestion(session);
      const answered = reduceScreeningSession(DASS21, session, action);
      // An unchanged session means the answer was ignored (no open question), so no follow-ups either.
      if (question === undefined || answered === session) return session;
      return action.score === FOLLOW_UP_TRIGGER_SCORE
        ? { ...answered, followUpQuestionId: question.id, currentFollowUpIndex: 0 }
        : closeFollowUps(answered);
    }
    case 'next':
      return isFollowUpOpen(session) ? advanceFollowUp(session) : reduceScreeningSession(DASS21, session, action);
    case 'skipFollowUp':
      // Skipping a follow-up answered before withdraws that answer: what the visitor leaves is what is kept.
      return isFollowUpOpen(session) ? advanceFollowUp({ ...session, followUpResponses: otherFollowUpResponses(session) }) : session;
    case 'submitFollowUp':
      if (!isFollowUpOpen(session) || !canContinueFollowUp(action.text)) return session;
      return advanceFollowUp(storeFollowUpResponse(session, action.text));
    case 'previous': {
      if (!isFollowUpOpen(session)) {
        const back = reduceScreeningSession(DASS21, session, action);
        return screeningStep(back) === screeningStep(session) ? back : backOntoFollowUps(back);
      }
      return session.currentFollowUpIndex > 0
        ? { ...session, currentFollowUpIndex: session.currentFollowUpIndex - 1 }
        : closeFollowUps(session);
    }
    default:
      return reduceScreeningSession(DASS21, session, action);
  }
}
