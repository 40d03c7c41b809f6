import { useAtom } from 'jotai';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { CombinedQuestions } from './CombinedQuestions';
import { CombinedResults } from './results/CombinedResults';
import { ScreenerFlow } from './ScreenerFlow';
import { combinedSessionAtom } from './screener-store';

export function CombinedScreener({ configuration }: { configuration: ScreenerConfiguration }) {
  const [session, dispatch] = useAtom(combinedSessionAtom);
  return (
    <ScreenerFlow
      configuration={configuration}
      session={session}
      dispatch={dispatch}
      questions={<CombinedQuestions session={session} dispatch={dispatch} />}
      results={session.results && <CombinedResults results={session.results} onRestart={() => dispatch({ type: 'restart' })} />}
    />
  );
}
