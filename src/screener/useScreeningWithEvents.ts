import { type WritableAtom, useAtom } from 'jotai';
import type { PublicScreenerConfiguration } from '../../domain/configuration';
import type { ScreeningSession } from '../../domain/screening-session';
import type { SessionStep } from '../lib/screening-store';
import { trpc } from '../lib/trpc';

/**
 * The screening session and its dispatch, which also reports the step's anonymous events to the
 * clinic's counts, from the visitor's own act (never from an effect), and tells a clinic's page
 * framing the screener that a screening was completed. Only this much is in the screener's first
 * load; what a step reports is worked out in the chunk it fetches (report-screener-step.ts).
 */
export function useScreeningWithEvents<Session extends ScreeningSession<number, unknown>, Action>(
  atom: WritableAtom<Session, [Action], Promise<SessionStep<Session>>>,
  configuration: PublicScreenerConfiguration,
): [Session, (action: Action) => void] {
  const [session, dispatch] = useAtom(atom);
  const { client } = trpc.useUtils();
  const dispatchAndReport = (action: Action) => {
    // The step the action made, not the render's session: an auto-advance timer dispatches after it.
    // A failed fetch of the test's rules leaves the session as it was (ScreenerFlow offers Try again).
    dispatch(action)
      .then(async ([before, after]) => (await import('./report-screener-step')).reportScreenerStep(client, configuration, before, after))
      .catch(() => undefined);
  };
  return [session, dispatchAndReport];
}
