import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { PublicScreenerConfiguration } from '../../domain/configuration';
import { type ScreeningAction, type ScreeningSession, screeningStage } from '../../domain/screening-session';
import { useNamespaces, useTextsFailure } from '../components/LocaleProvider';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import type { SessionRules } from '../lib/screening-store';
import { ConsentStep } from './ConsentStep';
import { NeedHelp, preloadCrisisLines } from './NeedHelp';
import { RetryBoundary } from './RetryBoundary';
import { useStepHistory } from './useStepHistory';

// Only an answer can raise the notice, so it comes with the questions.
const CrisisNotice = lazyWithPreload(() => import('./CrisisNotice'));

interface Props<Session extends ScreeningSession<number, unknown>> {
  configuration: PublicScreenerConfiguration;
  session: Session;
  /** The test's rules: the browser's back and forward work out their moves with its reducer. */
  rules: SessionRules<Session, ScreeningAction>;
  dispatch: (action: ScreeningAction) => void;
  /** Lazy elements: only the consent step is part of the screener's first load. */
  questions: ReactNode;
  results: ReactNode;
  /** Fetch the code of the questions and of the results ahead of their steps. */
  preload: { questions: () => Promise<unknown>; results: () => Promise<unknown> };
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

/** A step's code and texts, with a spinner while they are on their way and a retry if they fail. */
function LaterStep({ textsReady, preload, children }: { textsReady: boolean; preload: () => void; children: ReactNode }) {
  const texts = useTextsFailure();
  const retry = () => {
    texts.retry();
    preload();
  };
  return (
    <RetryBoundary failed={!textsReady && texts.failed} retry={retry} fallback={<StepLoading />} step>
      {textsReady ? children : <StepLoading />}
    </RetryBoundary>
  );
}

/** The states after loading: consent and age, questions, results; crisis on top. */
export function ScreenerFlow<Session extends ScreeningSession<number, unknown>>({
  configuration,
  session,
  rules,
  dispatch,
  questions,
  results,
  preload,
}: Props<Session>) {
  const stage = screeningStage(session);
  useStepHistory(session, rules.loaded, dispatch);
  // Every action waits for the test's rules: should they fail to arrive, the step gives way to a
  // Try again (the boundary around the steps), rather than leave the visitor's clicks without effect.
  const [rulesFailed, setRulesFailed] = useState(false);
  const fetchNextStep = useCallback(() => {
    setRulesFailed(false);
    rules.load().catch(() => setRulesFailed(true));
    // The questions' code imports the rules, so it failed with them and comes again with them.
    void preload.questions();
  }, [rules, preload]);
  // Each later step's code and texts are fetched a step ahead, so they are there when the
  // visitor arrives: the questions while the consent step shows, the results once answering starts.
  const answering = stage !== 'consent';
  const questionTexts = useNamespaces(QUESTION_NAMESPACES);
  const resultsTexts = useNamespaces(RESULTS_NAMESPACES, answering);
  useEffect(() => {
    fetchNextStep();
    void CrisisNotice.preload();
    void preloadCrisisLines();
  }, [fetchNextStep]);
  useEffect(() => {
    if (answering) void preload.results();
  }, [answering, preload]);

  return (
    <>
      <NeedHelp clinicContact={configuration.crisisContact} textsReady={questionTexts} />
      {session.showCrisis && questionTexts && (
        <RetryBoundary retry={CrisisNotice.preload}>
          <CrisisNotice onClose={() => dispatch({ type: 'closeCrisis' })} />
        </RetryBoundary>
      )}
      <RetryBoundary failed={rulesFailed} retry={fetchNextStep} step>
        {stage === 'consent' && (
          <ConsentStep
            configuration={configuration}
            userAge={session.userAge}
            onChooseAge={(age) => dispatch({ type: 'chooseAge', age })}
            onConsent={() => dispatch({ type: 'giveConsent', at: new Date().toISOString() })}
          />
        )}
        {stage === 'questions' && (
          <LaterStep textsReady={questionTexts} preload={preload.questions}>
            {questions}
          </LaterStep>
        )}
        {stage === 'results' && (
          <LaterStep textsReady={resultsTexts} preload={preload.results}>
            {results}
          </LaterStep>
        )}
      </RetryBoundary>
    </>
  );
}
