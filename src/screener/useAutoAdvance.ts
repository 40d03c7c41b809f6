import { useCallback, useEffect, useRef } from 'react';
import { AUTO_ADVANCE_MS } from '../../domain/screening-session';
import type { AnswerScore } from '../../domain/scoring';

type AnswerAction = { type: 'answer'; score: AnswerScore };
type NextAction = { type: 'next' };

/**
 * Choosing an answer advances after 300 ms as if Next were pressed. A new
 * answer or a change of question cancels the pending advance. Whether to advance is decided
 * on the state the answer produces, computed with the same pure reducer.
 */
export function useAutoAdvance<Session, Action>(options: {
  session: Session;
  questionIndex: number;
  reducer: (session: Session, action: Action) => Session;
  dispatch: (action: Action) => void;
  shouldAutoAdvance: (session: Session) => boolean;
}): (score: AnswerScore) => void {
  const { session, questionIndex, reducer, dispatch, shouldAutoAdvance } = options;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), [questionIndex]);

  return useCallback(
    (score: AnswerScore) => {
      clearTimeout(timer.current);
      const answer = { type: 'answer', score } as AnswerAction as Action;
      dispatch(answer);
      if (shouldAutoAdvance(reducer(session, answer))) {
        timer.current = setTimeout(() => dispatch({ type: 'next' } as NextAction as Action), AUTO_ADVANCE_MS);
      }
    },
    [session, reducer, dispatch, shouldAutoAdvance],
  );
}
