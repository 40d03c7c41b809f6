import { COMBINED_MAX_SCORES, GAD7_BANDS, PHQ9_BANDS } from './combined';
import { DASS21_BANDS, DASS21_MAX_SCALE_SCORE } from './dass21';
import type { MeasureScale } from './measures';
import type { Bands } from './scoring';

export interface SeverityBand {
  readonly level: string;
  /** Inclusive. */
  readonly from: number;
  /** Exclusive, but the last band's, which is the scale's maximum. */
  readonly to: number;
}

const SCALE_BANDS: Readonly<Record<MeasureScale, { bands: Bands<string>; max: number }>> = {
  phq9: { bands: PHQ9_BANDS, max: COMBINED_MAX_SCORES.phq9 },
  gad7: { bands: GAD7_BANDS, max: COMBINED_MAX_SCORES.gad7 },
  depression: { bands: DASS21_BANDS.depression, max: DASS21_MAX_SCALE_SCORE },
  anxiety: { bands: DASS21_BANDS.anxiety, max: DASS21_MAX_SCALE_SCORE },
  stress: { bands: DASS21_BANDS.stress, max: DASS21_MAX_SCALE_SCORE },
};

/** A scale's severity bands from 0 to its maximum, the screener's own (sources at each table), for the trend chart. */
export function severityBands(scale: MeasureScale): SeverityBand[] {
  const { bands, max } = SCALE_BANDS[scale];
  const starts: (readonly [number, string])[] = [[0, bands.below], ...bands.from];
  return starts.map(([from, level], index) => ({ level, from, to: starts[index + 1]?.[0] ?? max }));
}
