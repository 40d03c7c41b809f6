import { describe, expect, it } from 'vitest';
import { combinedWellbeingPlan, dass21WellbeingPlan, planTierForRank } from './wellbeing-plan';
import { combined, dass } from './testing/results-at-levels';

describe('planTierForRank', () => {
  it.each([
    [0, 'maintenance'],
    [1, 'maintenance'],
    [2, 'guidance'],
    [3, 'priority'],
    [4, 'priority'],
  ] as const)('puts rank %i in the %s tier', (rank, tier) => {
    expect(planTierForRank(rank)).toBe(tier);
  });
});

describe('dass21WellbeingPlan', () => {
  it('tailors the plan to the dominant category at its tier', () => {
    expect(dass21WellbeingPlan(dass('mild', 'normal', 'extremelySevere'))).toMatchObject({
      tier: 'priority',
      condition: 'stress',
    });
    expect(dass21WellbeingPlan(dass('mild', 'moderate', 'mild'))).toMatchObject({
      tier: 'guidance',
      condition: 'anxiety',
    });
    expect(dass21WellbeingPlan(dass('severe', 'normal', 'normal'))).toMatchObject({
      tier: 'priority',
      condition: 'depression',
    });
  });

  it('keeps mild and normal results on maintenance self-care', () => {
    expect(dass21WellbeingPlan(dass('normal', 'normal', 'mild'))).toMatchObject({
      tier: 'maintenance',
      condition: 'stress',
    });
    expect(dass21WellbeingPlan(dass('normal', 'normal', 'normal'))).toMatchObject({
      tier: 'maintenance',
      condition: 'depression',
    });
  });

  it('advises retaking the screener in 1-2 weeks', () => {
    expect(dass21WellbeingPlan(dass('normal', 'normal', 'normal')).retakeAfterWeeks).toEqual({ min: 1, max: 2 });
  });
});

describe('combinedWellbeingPlan', () => {
  it('treats a positive Whooley alone as a reason for guidance about depression', () => {
    expect(combinedWellbeingPlan(combined('positive', 'minimal', 'minimal'))).toMatchObject({
      tier: 'guidance',
      condition: 'depression',
    });
  });

  it('puts severe GAD-7 or moderately severe PHQ-9 on priority support', () => {
    expect(combinedWellbeingPlan(combined('negative', 'mild', 'severe'))).toMatchObject({
      tier: 'priority',
      condition: 'anxiety',
    });
    expect(combinedWellbeingPlan(combined('negative', 'moderatelySevere', 'minimal'))).toMatchObject({
      tier: 'priority',
      condition: 'depression',
    });
  });

  it('gives depression the tie, as in DASS-21', () => {
    expect(combinedWellbeingPlan(combined('negative', 'moderatelySevere', 'severe'))).toMatchObject({
      tier: 'priority',
      condition: 'depression',
    });
    expect(combinedWellbeingPlan(combined('negative', 'minimal', 'minimal'))).toMatchObject({
      tier: 'maintenance',
      condition: 'depression',
    });
  });

  it('follows anxiety when GAD-7 is worse', () => {
    expect(combinedWellbeingPlan(combined('negative', 'mild', 'moderate'))).toMatchObject({
      tier: 'guidance',
      condition: 'anxiety',
    });
    expect(combinedWellbeingPlan(combined('negative', 'minimal', 'mild'))).toMatchObject({
      tier: 'maintenance',
      condition: 'anxiety',
    });
  });

  it('advises retaking the screener in 1-2 weeks', () => {
    const plan = combinedWellbeingPlan(combined('negative', 'minimal', 'minimal'));
    expect(plan.retakeAfterWeeks).toEqual({ min: 1, max: 2 });
  });
});
