import type { PublicScreenerConfiguration } from '../../domain/configuration';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { ScreenerFlow } from './ScreenerFlow';
import { useScreeningWithEvents } from './useScreeningWithEvents';
import { dass21Rules, dass21SessionAtom } from '../lib/screening-store';

const Dass21Questions = lazyWithPreload(() => import('./Dass21Questions'));
const Dass21Results = lazyWithPreload(() => import('./results/Dass21Results'));
const preload = { questions: Dass21Questions.preload, results: Dass21Results.preload };

export function Dass21Screener({ configuration }: { configuration: PublicScreenerConfiguration }) {
  const [session, dispatch] = useScreeningWithEvents(dass21SessionAtom, configuration);
  return (
    <ScreenerFlow
      configuration={configuration}
      session={session}
      rules={dass21Rules}
      dispatch={dispatch}
      questions={<Dass21Questions session={session} dispatch={dispatch} />}
      results={
        session.results && (
          <Dass21Results
            results={session.results}
            followUpResponses={session.followUpResponses}
            screener={configuration.id}
            onRestart={() => dispatch({ type: 'restart' })}
          />
        )
      }
      preload={preload}
    />
  );
}
