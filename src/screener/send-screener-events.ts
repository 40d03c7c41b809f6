import type { PublicScreenerConfiguration } from '../../domain/configuration';
import { screenerEventsBetween } from '../../domain/screener-events';
import type { ScreeningSession } from '../../domain/screening-session';
import type { trpc } from '../lib/trpc';

type ScreenerEventsClient = ReturnType<typeof trpc.useUtils>['client'];

/**
 * Sends the anonymous events of one step of the session (docs/decisions/0025). Fetched with the
 * visitor's first act, so the vocabulary is not in the screener's first load. A failure
 * (offline, rate-limited) is dropped: the counts are approximate, the visitor is never held up.
 */
export function sendScreenerEvents(
  client: ScreenerEventsClient,
  configuration: PublicScreenerConfiguration,
  before: ScreeningSession<number, unknown>,
  after: ScreeningSession<number, unknown>,
): void {
  if (before === after) return;
  const events = screenerEventsBetween(configuration.testType, before, after);
  if (events.length === 0) return;
  client.public.screenerEvents.mutate({ screener: configuration.id, events }).catch(() => undefined);
}
