import { countHit, findLiveBuckets } from '../../db/repositories/rate-limit-counters';
import { SCREENER_EVENT_KINDS, type ScreenerEventKind, screeningStepsProblem } from '../../domain/screener-events';
import type { AppServices } from '../context';
import { AppError } from '../errors';
import { subjectDigest } from '../rate-limit/rate-limits';

type Deps = Pick<AppServices, 'db' | 'dialect' | 'env' | 'now'>;

const HOUR_MS = 3_600_000;
/** How long a screening's steps are remembered: a day from its start, to the hour. */
const SCREENING_MEMORY_MS = 25 * HOUR_MS;

/**
 * A step of one screening as the rate-limit counter store keeps it: an opaque keyed digest of
 * the screener, the screening's random id and the step (server/rate-limit/rate-limits.ts). The
 * store holds no screener, id or step in the clear, and nothing ties one screening's rows
 * together: only a caller who knows the id can find them.
 */
const bucketOf = (deps: Deps, configurationId: string, screening: string, kind: ScreenerEventKind) =>
  `screening:${subjectDigest(deps.env.sessionSecret, `${configurationId}:${screening}:${kind}`)}`;

/**
 * Counts these steps of one screening once each, after the steps that must come before them
 * (domain/screener-events.ts screeningStepsProblem), or refuses the call with a 409. Every step
 * of a screening is remembered until a day after its start (its start's hour, not the time
 * of any step, is what the rows hold), then purged with the rate-limit counters.
 */
export async function countScreeningSteps(deps: Deps, screening: { configurationId: string; id: string; steps: readonly ScreenerEventKind[] }) {
  const buckets = new Map(SCREENER_EVENT_KINDS.map((kind) => [kind, bucketOf(deps, screening.configurationId, screening.id, kind)]));
  const live = await findLiveBuckets(deps.db, [...buckets.values()], deps.now());
  const counted = new Set(SCREENER_EVENT_KINDS.filter((kind) => live.has(buckets.get(kind)!)));
  const problem = screeningStepsProblem(counted, screening.steps);
  if (problem) throw new AppError('CONFLICT', (t) => t.errors.screeningSteps[problem]());
  const windowStart = live.get(buckets.get('started')!) ?? new Date(Math.floor(deps.now().getTime() / HOUR_MS) * HOUR_MS);
  const window = { windowStart, expiresAt: new Date(windowStart.getTime() + SCREENING_MEMORY_MS) };
  for (const step of screening.steps) {
    // A concurrent call with the same step got there first: this one counts nothing.
    if ((await countHit(deps.db, deps.dialect, { bucket: buckets.get(step)!, ...window })) > 1) {
      throw new AppError('CONFLICT', (t) => t.errors.screeningSteps.repeated());
    }
  }
}
