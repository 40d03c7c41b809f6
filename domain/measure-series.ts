import { INSTRUMENT_SCALES, type MeasureInstrument, type MeasureScale, type MeasureScores } from './measures';
import { type ScaleChangeBadges, scaleChangeBadges } from './reliable-change';

/** One score of a scale in time: the shared screening's (measureId null) or a measure's. */
export interface ScorePoint {
  readonly at: Date;
  readonly score: number;
  readonly measureId: string | null;
}

export interface ScaleSeries {
  readonly scale: MeasureScale;
  /** Oldest first; the first is the baseline. */
  readonly points: readonly ScorePoint[];
  /** Since baseline and since the measure before; null until there are two scores. */
  readonly badges: ScaleChangeBadges | null;
}

export interface AnsweredScores {
  readonly id: string;
  readonly at: Date;
  readonly scores: MeasureScores;
}

/**
 * Each scale's scores over time, in the admin's order of scales. The baseline is the shared
 * screening's score where the client took the same questionnaire (domain/measures.ts
 * baselineFromScreening), else the scale's first measure.
 */
export function scaleSeries(
  instruments: readonly MeasureInstrument[],
  baseline: { readonly at: Date; readonly scores: Readonly<Partial<Record<MeasureScale, number>>> } | null,
  measures: readonly AnsweredScores[],
): ScaleSeries[] {
  const inOrder = [...measures].sort((a, b) => a.at.getTime() - b.at.getTime());
  const scales = [...new Set(instruments.flatMap((instrument): readonly MeasureScale[] => INSTRUMENT_SCALES[instrument]))];
  return scales.flatMap((scale) => {
    const start = baseline?.scores[scale];
    const points: ScorePoint[] = [
      ...(baseline && start !== undefined ? [{ at: baseline.at, score: start, measureId: null }] : []),
      ...inOrder.flatMap((measure) => {
        const result = measure.scores[scale];
        return result ? [{ at: measure.at, score: result.score, measureId: measure.id }] : [];
      }),
    ];
    if (points.length === 0) return [];
    return [{ scale, points, badges: scaleChangeBadges(scale, points.map((point) => point.score)) }];
  });
}
