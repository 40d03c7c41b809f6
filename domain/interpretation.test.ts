import { describe, expect, it } from 'vitest';
import { interpretCombined, interpretDass21 } from './interpretation';
import { combined, dass } from './testing/results-at-levels';

describe('interpretDass21', () => {
  it('counts Severe and Extremely Severe together as severe', () => {
    expect(interpretDass21(dass('extremelySevere', 'normal', 'mild'))).toEqual({ tier: 'severe', count: 1 });
    expect(interpretDass21(dass('severe', 'extremelySevere', 'moderate'))).toEqual({ tier: 'severe', count: 2 });
  });

  it('speaks about moderate scales when none is severe', () => {
    expect(interpretDass21(dass('mild', 'moderate', 'normal'))).toEqual({ tier: 'moderate', count: 1 });
    expect(interpretDass21(dass('moderate', 'moderate', 'moderate'))).toEqual({ tier: 'moderate', count: 3 });
  });

  it('speaks about mild scales when none is moderate or worse', () => {
    expect(interpretDass21(dass('normal', 'normal', 'mild'))).toEqual({ tier: 'mild', count: 1 });
    expect(interpretDass21(dass('mild', 'normal', 'mild'))).toEqual({ tier: 'mild', count: 2 });
  });

  it('reports all scales as normal otherwise', () => {
    expect(interpretDass21(dass('normal', 'normal', 'normal'))).toEqual({ tier: 'normal', count: 3 });
  });
});

describe('interpretCombined', () => {
  it('counts PHQ-9 Moderately Severe or Severe and GAD-7 Severe as severe', () => {
    expect(interpretCombined(combined('positive', 'moderatelySevere', 'moderate'))).toEqual({
      tier: 'severe',
      count: 1,
    });
    expect(interpretCombined(combined('negative', 'minimal', 'severe'))).toEqual({ tier: 'severe', count: 1 });
    expect(interpretCombined(combined('positive', 'severe', 'severe'))).toEqual({ tier: 'severe', count: 2 });
  });

  it('counts a positive Whooley, PHQ-9 Moderate and GAD-7 Moderate as moderate', () => {
    expect(interpretCombined(combined('positive', 'minimal', 'mild'))).toEqual({ tier: 'moderate', count: 1 });
    expect(interpretCombined(combined('negative', 'moderate', 'minimal'))).toEqual({ tier: 'moderate', count: 1 });
    expect(interpretCombined(combined('positive', 'moderate', 'moderate'))).toEqual({ tier: 'moderate', count: 3 });
  });

  it('counts PHQ-9 Mild and GAD-7 Mild as mild', () => {
    expect(interpretCombined(combined('negative', 'mild', 'minimal'))).toEqual({ tier: 'mild', count: 1 });
    expect(interpretCombined(combined('negative', 'mild', 'mild'))).toEqual({ tier: 'mild', count: 2 });
  });

  it('reports all measures as normal otherwise', () => {
    expect(interpretCombined(combined('negative', 'minimal', 'minimal'))).toEqual({ tier: 'normal', count: 3 });
  });
});
