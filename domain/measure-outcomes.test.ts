import { describe, expect, it } from 'vitest';
import { MASKED } from './anonymous-insights';
import { clientOutcome, outcomeFigures } from './measure-outcomes';
import { scaleSeries } from './measure-series';
import type { MeasureScale } from './measures';

const at = (day: number) => new Date(Date.UTC(2030, 0, day));

/** A PHQ-9 with GAD-7 client's series from scores in time order, the first the baseline. */
function phq9Gad7(phq9: number[], gad7: number[]) {
  const measures = phq9.map((score, index) => ({ id: `m${index}`, at: at(index + 1), scores: { phq9: { score, level: '' }, gad7: { score: gad7[index]!, level: '' } } as Partial<Record<MeasureScale, { score: number; level: string }>> }));
  return scaleSeries(['phq9Gad7'], null, measures);
}

describe('clientOutcome', () => {
  it('is null until a client has a score to compare with the baseline', () => {
    expect(clientOutcome(phq9Gad7([14], [9]))).toBeNull();
  });

  it('counts a reliable improvement on one scale with none worse, and recovery only when every scale ends below caseness', () => {
    // PHQ-9 16 -> 10 is 6 points (the manual's reliable change) but still at caseness (10).
    expect(clientOutcome(phq9Gad7([16, 10], [7, 7]))).toEqual({ improved: true, recovered: false, deteriorated: false });
    expect(clientOutcome(phq9Gad7([16, 9], [7, 7]))).toEqual({ improved: true, recovered: true, deteriorated: false });
    // GAD-7 still at caseness (8): the client has not recovered, though the PHQ-9 has.
    expect(clientOutcome(phq9Gad7([16, 9], [9, 8]))).toEqual({ improved: true, recovered: false, deteriorated: false });
    // One point short of reliable change on both.
    expect(clientOutcome(phq9Gad7([15, 10], [10, 7]))).toEqual({ improved: false, recovered: false, deteriorated: false });
  });

  it('counts a reliable deterioration on any scale, and then no improvement', () => {
    expect(clientOutcome(phq9Gad7([16, 9], [3, 7]))).toEqual({ improved: false, recovered: false, deteriorated: true });
    // Measured from the baseline, not the measure before: 10 -> 4 -> 9 is no reliable change.
    expect(clientOutcome(phq9Gad7([10, 4, 9], [5, 5, 5]))).toEqual({ improved: false, recovered: false, deteriorated: false });
  });
});

describe('outcomeFigures', () => {
  const improved = { improved: true, recovered: false, deteriorated: false };
  const recovered = { improved: true, recovered: true, deteriorated: false };
  const worse = { improved: false, recovered: false, deteriorated: true };
  const unchanged = { improved: false, recovered: false, deteriorated: false };

  it('gives counts and shares of the compared clients', () => {
    const outcomes = [...Array(5).fill(recovered), ...Array(5).fill(improved), ...Array(10).fill(worse), ...Array(5).fill(unchanged), null, null];
    expect(outcomeFigures(outcomes)).toEqual({
      measured: 27,
      compared: 25,
      improvement: { count: 10, percent: 40 },
      recovery: { count: 5, percent: 20 },
      deterioration: { count: 10, percent: 40 },
    });
  });

  it('hides counts under 5 and any share made with one', () => {
    const outcomes = [...Array(4).fill(recovered), ...Array(8).fill(worse), ...Array(6).fill(unchanged)];
    expect(outcomeFigures(outcomes)).toEqual({
      measured: 18,
      compared: 18,
      improvement: { count: MASKED, percent: null },
      recovery: { count: MASKED, percent: null },
      deterioration: { count: 8, percent: 44 },
    });
  });

  it('hides a second part when one hidden part would show as the whole minus the rest', () => {
    // 4 improved, 8 worse, 20 with no reliable change, which is the whole minus both: 32 - 8 - 20 would show the 4.
    const outcomes = [...Array(4).fill(recovered), ...Array(8).fill(worse), ...Array(20).fill(unchanged)];
    expect(outcomeFigures(outcomes)).toMatchObject({ compared: 32, improvement: { count: MASKED }, deterioration: { count: MASKED, percent: null } });
    expect(outcomeFigures([improved, improved, null])).toMatchObject({ measured: MASKED, compared: MASKED, improvement: { count: MASKED, percent: null } });
  });
});
