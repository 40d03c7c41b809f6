import { levelForScore, sumScores, type Answers, type Bands, type ScaleResult } from './scoring';

/** Listed in the order that breaks ties when picking the dominant category. */
export const DASS21_CATEGORIES = ['depression', 'anxiety', 'stress'] as const;
export type Dass21Category = (typeof DASS21_CATEGORIES)[number];

const ITEMS_BY_CATEGORY = {
  depression: [3, 5, 10, 13, 16, 17, 21],
  anxiety: [2, 4, 7, 9, 15, 19, 20],
  stress: [1, 6, 8, 11, 12, 14, 18],
} as const satisfies Record<Dass21Category, readonly number[]>;

export type Dass21QuestionId = (typeof ITEMS_BY_CATEGORY)[Dass21Category][number];
/** The key of the item's text in the `assessment.dass21.items` dictionary. */
export type Dass21QuestionKey = `q${Dass21QuestionId}`;

export interface Dass21Question {
  readonly id: Dass21QuestionId;
  readonly key: Dass21QuestionKey;
  readonly category: Dass21Category;
}

/** The 21 items in the order they are asked; index = id - 1. */
export const DASS21_QUESTIONS: readonly Dass21Question[] = DASS21_CATEGORIES.flatMap((category) =>
  ITEMS_BY_CATEGORY[category].map((id) => ({ id, key: `q${id}` as const, category })),
).sort((a, b) => a.id - b.id);

/** The answer buttons, each score doubling as the index of its label in `assessment.dass21.answers`. */
export const DASS21_ANSWER_SCORES = [0, 1, 2, 3] as const;

export type Dass21Answers = Answers<Dass21QuestionId>;

/** The short form has 7 items per scale; doubling makes scores comparable to the 42-item DASS. */
export const DASS21_MAX_SCALE_SCORE = 42;

/** Ranks the levels to find the worst category: Normal 0 … Extremely Severe 4. */
export const DASS21_SEVERITY_RANK = {
  normal: 0,
  mild: 1,
  moderate: 2,
  severe: 3,
  extremelySevere: 4,
} as const;
export type Dass21Level = keyof typeof DASS21_SEVERITY_RANK;

export type Dass21Results = Readonly<Record<Dass21Category, ScaleResult<Dass21Level>>>;

function dassBands(mild: number, moderate: number, severe: number, extremelySevere: number): Bands<Dass21Level> {
  return {
    below: 'normal',
    from: [
      [mild, 'mild'],
      [moderate, 'moderate'],
      [severe, 'severe'],
      [extremelySevere, 'extremelySevere'],
    ],
  };
}

/**
 * Cut-offs on the doubled scale scores, as the manual prints them: Lovibond, S. H. & Lovibond,
 * P. F. (1995), Manual for the Depression Anxiety Stress Scales, 2nd ed., Psychology Foundation
 * of Australia.
 */
export const DASS21_BANDS: Record<Dass21Category, Bands<Dass21Level>> = {
  depression: dassBands(10, 14, 21, 28),
  anxiety: dassBands(8, 10, 15, 20),
  stress: dassBands(15, 19, 26, 34),
};

export function dass21Level(category: Dass21Category, scaleScore: number): Dass21Level {
  return levelForScore(scaleScore, DASS21_BANDS[category]);
}

export function scoreDass21(answers: Dass21Answers): Dass21Results {
  const scale = (category: Dass21Category): ScaleResult<Dass21Level> => {
    const score = sumScores(answers, ITEMS_BY_CATEGORY[category]) * 2;
    return { score, level: dass21Level(category, score) };
  };
  return { depression: scale('depression'), anxiety: scale('anxiety'), stress: scale('stress') };
}

/** The category with the most severe level; an equal rank keeps the earlier category. */
export function dominantCategory(results: Dass21Results): Dass21Category {
  return DASS21_CATEGORIES.reduce((dominant, category) =>
    DASS21_SEVERITY_RANK[results[category].level] > DASS21_SEVERITY_RANK[results[dominant].level]
      ? category
      : dominant,
  );
}
