import { describe, expect, it } from 'vitest';
import type { CombinedResults, Gad7Level, Phq9Level, WhooleyLevel } from './combined';
import type { Dass21Level, Dass21Results } from './dass21';
import { interpretCombined, interpretDass21 } from './interpretation';

function dass(depression: Dass21Level, anxiety: Dass21Level, stress: Dass21Level): Dass21Results {
  return {
    depression: { score: 0, level: depression },
    anxiety: { score: 0, level: anxiety },
    stress: { score: 0, level: stress },
  };
}

function combined(whooley: WhooleyLevel, phq9: Phq9Level, gad7: Gad7Level): CombinedResults {
  return { whooley: { score: 0, level: whooley }, phq9: { score: 0, level: phq9 }, gad7: { score: 0, level: gad7 } };
}

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
