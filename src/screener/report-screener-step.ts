import { DEFAULT_CONFIGURATION_ID, type PublicScreenerConfiguration } from '../../domain/configuration';
import { screenerEventsBetween } from '../../domain/screener-events';
import { completedScreening, type ScreeningSession } from '../../domain/screening-session';
import { tellEmbedder } from '../lib/embedder';
import type { trpc } from '../lib/trpc';

type ScreenerEventsClient = ReturnType<typeof trpc.useUtils>['client'];

/**
 * Reports one step of the session: a completion to a clinic's page framing the screener (test
 * type only, decision 0031), and the step's anonymous events to the clinic's counts (decision
 * 0025), which the sample screener leaves out: it is no clinic's. Fetched with the visitor's
 * first act, so none of this is in the screener's first load. A failure (offline, rate-limited)
 * is dropped: the counts are approximate, the visitor is never held up.
 */
export function reportScreenerStep(
  client: ScreenerEventsClient,
  configuration: PublicScreenerConfiguration,
  before: ScreeningSession<number, unknown>,
  after: ScreeningSession<number, unknown>,
): void {
  if (before === after) return;
  if (completedScreening(before, after)) tellEmbedder({ type: 'minda:completed', testType: configuration.testType });
  if (configuration.id === DEFAULT_CONFIGURATION_ID) return;
  const events = screenerEventsBetween(configuration.testType, before, after);
  if (events.length === 0) return;
  client.public.screenerEvents.mutate({ screener: configuration.id, events }).catch(() => undefined);
}
