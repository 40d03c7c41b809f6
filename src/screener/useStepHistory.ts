import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { actionsToStep, type ScreeningAction, type ScreeningSession, screeningStep } from '../../domain/screening-session';

/**
 * What a history entry of the screener holds: the step it shows, and how many of the screener's
 * entries lie below it. Only a number: the answers stay in the tab's storage, never in the URL.
 */
interface StepEntry {
  screeningStep: number;
  depth: number;
}

const stepEntryOf = (state: unknown): StepEntry | null =>
  typeof state === 'object' && state !== null && 'screeningStep' in state && 'depth' in state ? (state as StepEntry) : null;

/**
 * Gives each question and the results a browser history entry, so the browser's back and forward
 * move between them. Consent is not an entry of its own: back from the first question leaves the
 * screener, as from the consent step. The entries carry the step; landing on one (back, forward)
 * walks the session there with 'previous' and 'next', and the visitor's own moves push, go back
 * or replace entries to match.
 */
export function useStepHistory<Session extends ScreeningSession<number, unknown>>(
  session: Session,
  /** The test's reducer once its rules have arrived (they come with the questions). */
  reducer: () => ((session: Session, action: ScreeningAction) => Session) | undefined,
  dispatch: (action: ScreeningAction) => void,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const handledEntry = useRef<string | null>(null);
  const step = screeningStep(session);

  useEffect(() => {
    const entry = stepEntryOf(location.state);
    const landed = handledEntry.current !== location.key;
    handledEntry.current = location.key;
    const reduce = reducer();
    // Without the rules no move is worked out: before they arrive the visitor is on the consent
    // step, from which no other step can be reached, or has just reloaded onto their step.
    if (landed && navigationType === 'POP' && entry && reduce) {
      const actions = actionsToStep(reduce, session, entry.screeningStep);
      if (actions.length > 0) {
        actions.forEach(dispatch);
        return;
      }
    }
    if (entry?.screeningStep === step) return;
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    const depth = entry?.depth ?? 0;
    if (entry && step === entry.screeningStep + 1 && entry.screeningStep > 0) {
      navigate(here, { state: { screeningStep: step, depth: depth + 1 } satisfies StepEntry });
    } else if (entry && step < entry.screeningStep && depth > 0) {
      // Previous, or Take Screener Again: back to the entry of that step (or the screener's first).
      navigate(-Math.min(depth, entry.screeningStep - step));
    } else {
      navigate(here, { replace: true, state: { screeningStep: step, depth } satisfies StepEntry });
    }
    // Runs on a new entry or a new step only: the session and dispatch of that render are the ones to use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, step]);
}
