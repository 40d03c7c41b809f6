import type { CombinedResults, Gad7Level, Phq9Level, WhooleyLevel } from './combined';
import { DASS21_CATEGORIES, type Dass21Level, type Dass21Results } from './dass21';

/** Listed most serious first: the interpretation speaks about the most serious tier present. */
const TIERS = ['severe', 'moderate', 'mild', 'normal'] as const;
export type InterpretationTier = (typeof TIERS)[number];

/** 'What This Means': how many scales sit in the most serious tier reached. Prose lives in i18n. */
export interface Interpretation {
  readonly tier: InterpretationTier;
  readonly count: number;
}

function interpret(scaleTiers: readonly InterpretationTier[]): Interpretation {
  const tier = TIERS.find((candidate) => scaleTiers.includes(candidate)) ?? 'normal';
  return { tier, count: scaleTiers.filter((scaleTier) => scaleTier === tier).length };
}

const DASS21_TIER = {
  normal: 'normal',
  mild: 'mild',
  moderate: 'moderate',
  severe: 'severe',
  extremelySevere: 'severe',
} as const satisfies Record<Dass21Level, InterpretationTier>;

export function interpretDass21(results: Dass21Results): Interpretation {
  return interpret(DASS21_CATEGORIES.map((category) => DASS21_TIER[results[category].level]));
}

// A positive Whooley only says depression is worth assessing further, so it counts as moderate.
const WHOOLEY_TIER = { negative: 'normal', positive: 'moderate' } as const satisfies Record<
  WhooleyLevel,
  InterpretationTier
>;

const PHQ9_TIER = {
  minimal: 'normal',
  mild: 'mild',
  moderate: 'moderate',
  moderatelySevere: 'severe',
  severe: 'severe',
} as const satisfies Record<Phq9Level, InterpretationTier>;

const GAD7_TIER = {
  minimal: 'normal',
  mild: 'mild',
  moderate: 'moderate',
  severe: 'severe',
} as const satisfies Record<Gad7Level, InterpretationTier>;

export function interpretCombined(results: CombinedResults): Interpretation {
  return interpret([
    WHOOLEY_TIER[results.whooley.level],
    PHQ9_TIER[results.phq9.level],
    GAD7_TIER[results.gad7.level],
  ]);
}
