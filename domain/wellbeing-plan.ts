import type { CombinedResults, Gad7Level, Phq9Level, WhooleyLevel } from './combined';
import { DASS21_SEVERITY_RANK, dominantCategory, type Dass21Category, type Dass21Results } from './dass21';

/** Keys of `assessment.plan.tiers`: priority professional support, professional guidance, self-care. */
export type PlanTier = 'priority' | 'guidance' | 'maintenance';

export interface WellbeingPlan {
  readonly tier: PlanTier;
  /** The plan's actions are tailored to this condition (`assessment.plan.actions[tier][condition]`). */
  readonly condition: Dass21Category;
  readonly retakeAfterWeeks: { readonly min: number; readonly max: number };
}

const RETAKE_AFTER_WEEKS = { min: 1, max: 2 } as const;

/** Takes the highest severity rank on the DASS-21 scale: Normal 0 … Extremely Severe 4. */
export function planTierForRank(rank: number): PlanTier {
  if (rank >= 3) return 'priority';
  return rank === 2 ? 'guidance' : 'maintenance';
}

export function dass21WellbeingPlan(results: Dass21Results): WellbeingPlan {
  const condition = dominantCategory(results);
  return {
    tier: planTierForRank(DASS21_SEVERITY_RANK[results[condition].level]),
    condition,
    retakeAfterWeeks: RETAKE_AFTER_WEEKS,
  };
}

/*
 * Combined results are put on the DASS-21 rank scale by matching level names: Minimal 0,
 * Mild 1, Moderate 2, Moderately Severe 3, Severe 4 (GAD-7 Severe 3, its top band, still reaches
 * priority support). A positive Whooley ranks 2 because it calls for further assessment, the
 * same weight the interpretation gives it. Whooley and PHQ-9 speak for depression, GAD-7 for
 * anxiety; there is no stress measure, and a tie goes to depression as in DASS-21.
 */
const WHOOLEY_RANK = { negative: 0, positive: 2 } as const satisfies Record<WhooleyLevel, number>;
const PHQ9_RANK = { minimal: 0, mild: 1, moderate: 2, moderatelySevere: 3, severe: 4 } as const satisfies Record<
  Phq9Level,
  number
>;
const GAD7_RANK = { minimal: 0, mild: 1, moderate: 2, severe: 3 } as const satisfies Record<Gad7Level, number>;

export function combinedWellbeingPlan(results: CombinedResults): WellbeingPlan {
  const depressionRank = Math.max(WHOOLEY_RANK[results.whooley.level], PHQ9_RANK[results.phq9.level]);
  const anxietyRank = GAD7_RANK[results.gad7.level];
  return {
    tier: planTierForRank(Math.max(depressionRank, anxietyRank)),
    condition: anxietyRank > depressionRank ? 'anxiety' : 'depression',
    retakeAfterWeeks: RETAKE_AFTER_WEEKS,
  };
}
