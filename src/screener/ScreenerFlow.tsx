import type { ReactNode } from 'react';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { type ScreeningAction, type ScreeningSession, screeningStage } from '../../domain/screening-session';
import { useNamespaces } from '../components/LocaleProvider';
import { ConsentStep } from './ConsentStep';
import { CrisisNotice } from './CrisisNotice';

interface Props {
  configuration: ScreenerConfiguration;
  session: ScreeningSession<number, unknown>;
  dispatch: (action: ScreeningAction) => void;
  questions: ReactNode;
  results: ReactNode;
}

const QUESTION_NAMESPACES = ['assessment'] as const;
/** The results page scores the answers and holds the booking section. */
const RESULTS_NAMESPACES = ['assessment', 'results', 'booking'] as const;

function StepLoading() {
  return (
    <div className="flex justify-center p-8" aria-busy="true">
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}

/** SPEC section 2's states after loading: consent and age, questions, results; crisis on top. */
export function ScreenerFlow({ configuration, session, dispatch, questions, results }: Props) {
  const stage = screeningStage(session);
  // Each later step's texts are fetched a step ahead, so they are there when the visitor
  // arrives: the questions' while the consent step shows, the results' once answering starts.
  const answering = stage !== 'consent';
  const questionTexts = useNamespaces(QUESTION_NAMESPACES);
  const resultsTexts = useNamespaces(RESULTS_NAMESPACES, answering);

  return (
    <>
      {session.showCrisis && questionTexts && <CrisisNotice onClose={() => dispatch({ type: 'closeCrisis' })} />}
      {stage === 'consent' && (
        <ConsentStep
          configuration={configuration}
          userAge={session.userAge}
          onChooseAge={(age) => dispatch({ type: 'chooseAge', age })}
          onConsent={() => dispatch({ type: 'giveConsent' })}
        />
      )}
      {stage === 'questions' && (questionTexts ? questions : <StepLoading />)}
      {stage === 'results' && (resultsTexts ? results : <StepLoading />)}
    </>
  );
}
