import type { ReactNode } from 'react';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { type ScreeningAction, type ScreeningSession, screeningStage } from '../../domain/screening-session';
import { ConsentStep } from './ConsentStep';
import { CrisisNotice } from './CrisisNotice';

interface Props {
  configuration: ScreenerConfiguration;
  session: ScreeningSession<number, unknown>;
  dispatch: (action: ScreeningAction) => void;
  questions: ReactNode;
  results: ReactNode;
}

/** SPEC section 2's states after loading: consent and age, questions, results; crisis on top. */
export function ScreenerFlow({ configuration, session, dispatch, questions, results }: Props) {
  const stage = screeningStage(session);
  return (
    <>
      {session.showCrisis && <CrisisNotice onClose={() => dispatch({ type: 'closeCrisis' })} />}
      {stage === 'consent' && (
        <ConsentStep
          configuration={configuration}
          userAge={session.userAge}
          onChooseAge={(age) => dispatch({ type: 'chooseAge', age })}
          onConsent={() => dispatch({ type: 'giveConsent' })}
        />
      )}
      {stage === 'questions' && questions}
      {stage === 'results' && results}
    </>
  );
}
