import { conversionPercent, MASKED, type MaskedCount, maskCount, maskParts } from './anonymous-insights';
import type { ScaleSeries } from './measure-series';
import { SCALE_CHANGE_RULES } from './reliable-change';

/** The periods of the clinic's outcomes, in months up to now (issue 30). */
export const OUTCOME_PERIODS = ['3', '6', '12'] as const;
export type OutcomePeriod = (typeof OUTCOME_PERIODS)[number];

/** A client's change from baseline to their latest measure, across their scales; null with nothing to compare yet. */
export interface ClientOutcome {
  readonly improved: boolean;
  readonly recovered: boolean;
  readonly deteriorated: boolean;
}

/**
 * A client's outcome, the way the NHS Talking Therapies manual counts one across a client's
 * questionnaires (docs/decisions/0064): reliable deterioration when any scale is reliably worse
 * than at baseline; reliable improvement when one is reliably better and none reliably worse;
 * recovery when, improved so, they were at caseness on a scale at baseline and are below
 * caseness on every scale now.
 */
export function clientOutcome(series: readonly ScaleSeries[]): ClientOutcome | null {
  const changed = series.filter((scale) => scale.badges !== null);
  if (changed.length === 0) return null;
  const deteriorated = changed.some((scale) => scale.badges!.sinceBaseline === 'reliableDeterioration');
  const improved = !deteriorated && changed.some((scale) => scale.badges!.sinceBaseline === 'reliableImprovement' || scale.badges!.sinceBaseline === 'recovery');
  const caseness = (scale: ScaleSeries, score: number) => score >= SCALE_CHANGE_RULES[scale.scale].caseness;
  const recovered =
    improved && changed.some((scale) => caseness(scale, scale.points[0]!.score)) && changed.every((scale) => !caseness(scale, scale.points.at(-1)!.score));
  return { improved, recovered, deteriorated };
}

/** A share of the clients with a change: its count, and its percentage when neither count is small. */
export interface OutcomeShare {
  readonly count: MaskedCount;
  readonly percent: number | null;
}

export interface OutcomeFigures {
  /** Clients who answered a measure in the period. */
  readonly measured: MaskedCount;
  /** Of those, the clients with a baseline and a later score: the shares are of these. */
  readonly compared: MaskedCount;
  readonly improvement: OutcomeShare;
  readonly recovery: OutcomeShare;
  readonly deterioration: OutcomeShare;
}

/**
 * A count of the compared clients, as masked, and its percentage of them, null when either is
 * hidden: the anonymous insights' rule for a ratio (conversionPercent), since a ratio of a shown
 * count and a hidden one gives the hidden one away.
 */
function share(compared: number, count: number, masked: MaskedCount): OutcomeShare {
  return { count: masked, percent: masked === MASKED ? null : conversionPercent(compared, count) };
}

/**
 * The figures of a group of measured clients, counts under 5 hidden as in the anonymous
 * insights. Improved, deteriorated and neither add up to the compared clients, so they are
 * masked as parts of a whole (maskParts): one small part hidden alone would show as the rest.
 */
export function outcomeFigures(outcomes: readonly (ClientOutcome | null)[]): OutcomeFigures {
  const compared = outcomes.filter((outcome): outcome is ClientOutcome => outcome !== null);
  const count = (key: keyof ClientOutcome) => compared.filter((outcome) => outcome[key]).length;
  const [improved, deteriorated] = [count('improved'), count('deteriorated')];
  const [maskedImproved, maskedDeteriorated] = maskParts([improved, deteriorated, compared.length - improved - deteriorated]);
  return {
    measured: maskCount(outcomes.length),
    compared: maskCount(compared.length),
    improvement: share(compared.length, improved, maskedImproved!),
    recovery: share(compared.length, count('recovered'), maskCount(count('recovered'))),
    deterioration: share(compared.length, deteriorated, maskedDeteriorated!),
  };
}
