import { useAtom } from 'jotai';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { Dass21Questions } from './Dass21Questions';
import { Dass21Results } from './results/Dass21Results';
import { ScreenerFlow } from './ScreenerFlow';
import { dass21SessionAtom } from './screener-store';

export function Dass21Screener({ configuration }: { configuration: ScreenerConfiguration }) {
  const [session, dispatch] = useAtom(dass21SessionAtom);
  return (
    <ScreenerFlow
      configuration={configuration}
      session={session}
      dispatch={dispatch}
      questions={<Dass21Questions session={session} dispatch={dispatch} />}
      results={
        session.results && (
          <Dass21Results
            results={session.results}
            followUpResponses={session.followUpResponses}
            onRestart={() => dispatch({ type: 'restart' })}
          />
        )
      }
    />
  );
}
