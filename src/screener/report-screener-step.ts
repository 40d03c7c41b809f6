import { DEFAULT_CONFIGURATION_ID, type PublicScreenerConfiguration } from '../../domain/configuration';
import { type ScreenerEventKind, screenerEventsBetween } from '../../domain/screener-events';
import { completedScreening, type ScreeningSession } from '../../domain/screening-session';
import { tellEmbedder } from '../lib/embedder';
import { tabStorage } from '../lib/tab-storage';
import type { trpc } from '../lib/trpc';

type ScreenerEventsClient = ReturnType<typeof trpc.useUtils>['client'];

/** The screening under way: its random id and the steps already reported, which count once each. */
interface ReportedScreening {
  id: string;
  reported: ScreenerEventKind[];
}

/** Where the tab refuses storage, the page keeps it, as it keeps the session itself. */
const inMemory = new Map<string, ReportedScreening>();

const keyOf = (configurationId: string) => `minda.screening.${configurationId}`;

function readReported(configurationId: string): ReportedScreening | undefined {
  try {
    const text = tabStorage()?.getItem(keyOf(configurationId));
    if (text) return JSON.parse(text) as ReportedScreening;
  } catch {
    // Unreadable: as if none.
  }
  return inMemory.get(configurationId);
}

function keepReported(configurationId: string, screening: ReportedScreening): void {
  inMemory.set(configurationId, screening);
  try {
    tabStorage()?.setItem(keyOf(configurationId), JSON.stringify(screening));
  } catch {
    // Kept in memory for this page.
  }
}

/** 128 random bits in hex: names one screening and nothing else. */
function newScreeningId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Reports one step of the session: a completion to a clinic's page framing the screener (test
 * type only, decision 0031), and the step's anonymous events to the clinic's counts (decision
 * 0025), which the sample screener leaves out: it is no clinic's. Fetched with the visitor's
 * first act, so none of this is in the screener's first load. A failure (offline, rate-limited)
 * is dropped: the counts are approximate, the visitor is never held up. A screening's id and
 * what it reported are kept in the tab beside the session: a reload goes on with the same one.
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
  // A start (the age chosen, again after a restart) opens a screening with a new id; the
  // server counts each step once per screening, so a step reported before is not sent again.
  const screening = events.some((event) => event.kind === 'started') ? { id: newScreeningId(), reported: [] } : readReported(configuration.id);
  const fresh = events.filter((event) => !screening?.reported.includes(event.kind));
  if (!screening || fresh.length === 0) return;
  keepReported(configuration.id, { id: screening.id, reported: [...screening.reported, ...fresh.map((event) => event.kind)] });
  client.public.screenerEvents.mutate({ screener: configuration.id, screening: screening.id, events: fresh }).catch(() => undefined);
}
