import { type WritableAtom, useAtom, useStore } from 'jotai';
import type { PublicScreenerConfiguration } from '../../domain/configuration';
import type { ScreeningSession } from '../../domain/screening-session';
import { trpc } from '../lib/trpc';

/**
 * The screening session and its dispatch, which also reports the step's anonymous events to the
 * clinic's counts, from the visitor's own act (never from an effect), and tells a clinic's page
 * framing the screener that a screening was completed. Only this much is in the screener's first
 * load; what a step reports is worked out in the chunk it fetches (report-screener-step.ts).
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
    import('./report-screener-step').then((report) => report.reportScreenerStep(client, configuration, before, store.get(atom)), () => undefined);
  };
  return [session, dispatchAndReport];
}
