import { type WritableAtom, useAtom, useStore } from 'jotai';
import { DEFAULT_CONFIGURATION_ID, type PublicScreenerConfiguration } from '../../domain/configuration';
import { completedScreening, type ScreeningSession } from '../../domain/screening-session';
import { tellEmbedder } from '../lib/embedder';
import { trpc } from '../lib/trpc';

/**
 * The screening session and its dispatch, which also reports the step's anonymous events to the
 * clinic's counts, from the visitor's own act (never from an effect), and tells a clinic's page
 * framing the screener that a screening was completed (test type only). The sample screener
 * reports nothing: it is no clinic's. Only this much is in the screener's first load; what a
 * step reports is worked out in the chunk it fetches (send-screener-events.ts).
 */
export function useScreeningWithEvents<Session extends ScreeningSession<number, unknown>, Action>(
  atom: WritableAtom<Session, [Action], void>,
  configuration: PublicScreenerConfiguration,
): [Session, (action: Action) => void] {
  const store = useStore();
  const [session, dispatch] = useAtom(atom);
  const { client } = trpc.useUtils();
  const dispatchAndReport = (action: Action) => {
    // Read from the store, not the render: an auto-advance timer dispatches after it.
    const before = store.get(atom);
    dispatch(action);
    if (completedScreening(before, store.get(atom))) tellEmbedder({ type: 'minda:completed', testType: configuration.testType });
    if (configuration.id === DEFAULT_CONFIGURATION_ID) return;
    import('./send-screener-events').then((events) => events.sendScreenerEvents(client, configuration, before, store.get(atom)), () => undefined);
  };
  return [session, dispatchAndReport];
}
