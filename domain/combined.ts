import { levelForScore, sumScores, type AnswerScore, type Answers, type Bands, type ScaleResult } from './scoring';

export const COMBINED_CATEGORIES = ['whooley', 'phq9', 'gad7'] as const;
export type CombinedCategory = (typeof COMBINED_CATEGORIES)[number];

const ITEMS_BY_CATEGORY = {
  whooley: [1, 2],
  phq9: [3, 4, 5, 6, 7, 8, 9, 10, 11],
  gad7: [12, 13, 14, 15, 16, 17, 18],
} as const satisfies Record<CombinedCategory, readonly number[]>;

export type CombinedQuestionId = (typeof ITEMS_BY_CATEGORY)[CombinedCategory][number];
/** The key of the item's text in the `assessment.combined.items` dictionary. */
export type CombinedQuestionKey = `q${CombinedQuestionId}`;

export type ResponseType = 'yesno' | 'frequency';

export interface CombinedQuestion {
  readonly id: CombinedQuestionId;
  readonly key: CombinedQuestionKey;
  readonly category: CombinedCategory;
  readonly responseType: ResponseType;
}

/** The 18 items in the order they are asked; index = id - 1. */
export const COMBINED_QUESTIONS: readonly CombinedQuestion[] = COMBINED_CATEGORIES.flatMap((category) =>
  ITEMS_BY_CATEGORY[category].map((id) => ({
    id,
    key: `q${id}` as const,
    category,
    responseType: category === 'whooley' ? ('yesno' as const) : ('frequency' as const),
  })),
);

/** Keys of the option labels in `assessment.combined.responses`. */
export type CombinedResponseKey = 'yes' | 'no' | 'notAtAll' | 'severalDays' | 'moreThanHalfTheDays' | 'nearlyEveryDay';

export interface ResponseOption {
  readonly score: AnswerScore;
  readonly key: CombinedResponseKey;
}

export const RESPONSE_OPTIONS: Readonly<Record<ResponseType, readonly ResponseOption[]>> = {
  yesno: [
    { score: 1, key: 'yes' },
    { score: 0, key: 'no' },
  ],
  frequency: [
    { score: 0, key: 'notAtAll' },
    { score: 1, key: 'severalDays' },
    { score: 2, key: 'moreThanHalfTheDays' },
    { score: 3, key: 'nearlyEveryDay' },
  ],
};

export type CombinedAnswers = Answers<CombinedQuestionId>;

export type WhooleyLevel = 'negative' | 'positive';
export type Phq9Level = 'minimal' | 'mild' | 'moderate' | 'moderatelySevere' | 'severe';
export type Gad7Level = 'minimal' | 'mild' | 'moderate' | 'severe';

/**
 * Each questionnaire's maximum: two yes/no Whooley items, nine PHQ-9 and seven GAD-7 items
 * scored 0-3 (sources at the bands below).
 */
export const COMBINED_MAX_SCORES = { whooley: 2, phq9: 27, gad7: 21 } as const satisfies Record<
  CombinedCategory,
  number
>;

export interface CombinedResults {
  readonly whooley: ScaleResult<WhooleyLevel>;
  readonly phq9: ScaleResult<Phq9Level>;
  readonly gad7: ScaleResult<Gad7Level>;
}

// Whooley, M. A. et al. (1997), "Case-finding instruments for depression", J Gen Intern Med 12:439-445:
// a yes to either question is a positive screen.
const WHOOLEY_BANDS: Bands<WhooleyLevel> = { below: 'negative', from: [[1, 'positive']] };

// Kroenke, K., Spitzer, R. L. & Williams, J. B. W. (2001), "The PHQ-9", J Gen Intern Med 16:606-613.
export const PHQ9_BANDS: Bands<Phq9Level> = {
  below: 'minimal',
  from: [
    [5, 'mild'],
    [10, 'moderate'],
    [15, 'moderatelySevere'],
    [20, 'severe'],
  ],
};

// Spitzer, R. L., Kroenke, K., Williams, J. B. W. & Löwe, B. (2006), "A brief measure for assessing
// generalized anxiety disorder: the GAD-7", Arch Intern Med 166:1092-1097.
export const GAD7_BANDS: Bands<Gad7Level> = {
  below: 'minimal',
  from: [
    [5, 'mild'],
    [10, 'moderate'],
    [15, 'severe'],
  ],
};

const BANDS = { whooley: WHOOLEY_BANDS, phq9: PHQ9_BANDS, gad7: GAD7_BANDS } as const;

/** The level a scale's score falls in; checks results computed elsewhere (the insights request). */
export function combinedLevel<Category extends CombinedCategory>(
  category: Category,
  score: number,
): CombinedResults[Category]['level'] {
  return levelForScore(score, BANDS[category] as Bands<CombinedResults[Category]['level']>);
}

function scale<Category extends CombinedCategory>(
  answers: CombinedAnswers,
  category: Category,
): ScaleResult<CombinedResults[Category]['level']> {
  const score = sumScores(answers, ITEMS_BY_CATEGORY[category]);
  return { score, level: combinedLevel(category, score) };
}

export function scoreCombined(answers: CombinedAnswers): CombinedResults {
  return {
    whooley: scale(answers, 'whooley'),
    phq9: scale(answers, 'phq9'),
    gad7: scale(answers, 'gad7'),
  };
}
