import type { PublicScreenerConfiguration } from '../../domain/configuration';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { ScreenerFlow } from './ScreenerFlow';
import { useScreeningWithEvents } from './useScreeningWithEvents';
import { combinedRules, combinedSessionAtom } from '../lib/screening-store';

const CombinedQuestions = lazyWithPreload(() => import('./CombinedQuestions'));
const CombinedResults = lazyWithPreload(() => import('./results/CombinedResults'));
const preload = { questions: CombinedQuestions.preload, results: CombinedResults.preload };

export function CombinedScreener({ configuration }: { configuration: PublicScreenerConfiguration }) {
  const [session, dispatch] = useScreeningWithEvents(combinedSessionAtom, configuration);
  return (
    <ScreenerFlow
      configuration={configuration}
      session={session}
      rules={combinedRules}
      dispatch={dispatch}
      questions={<CombinedQuestions session={session} dispatch={dispatch} />}
      results={session.results && <CombinedResults results={session.results} screener={configuration.id} onRestart={() => dispatch({ type: 'restart' })} />}
      preload={preload}
    />
  );
}
