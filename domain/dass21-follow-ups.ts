import { DASS21_CATEGORIES, type Dass21Category, type Dass21Question, type Dass21QuestionId } from './dass21';

/**
 * Extra free-text questions asked after an item is answered with the maximum score, so the
 * professional reviewing the results learns the context behind it. Ids double as the keys of
 * their texts in `assessment.dass21.followUps`.
 */
const SPECIFIC_FOLLOW_UPS = {
  1: ['q1-1', 'q1-2'],
  3: ['q3-1', 'q3-2'],
  4: ['q4-1', 'q4-2'],
  6: ['q6-1', 'q6-2'],
  9: ['q9-1', 'q9-2'],
  12: ['q12-1', 'q12-2'],
  13: ['q13-1', 'q13-2'],
  17: ['q17-1', 'q17-2'],
  20: ['q20-1', 'q20-2'],
  21: ['q21-1', 'q21-2'],
} as const satisfies Partial<Record<Dass21QuestionId, readonly string[]>>;

/** Asked for items without specific follow-ups. */
const GENERIC_FOLLOW_UPS = {
  depression: 'depression-generic',
  anxiety: 'anxiety-generic',
  stress: 'stress-generic',
} as const satisfies Record<Dass21Category, string>;

type SpecificFollowUpId = (typeof SPECIFIC_FOLLOW_UPS)[keyof typeof SPECIFIC_FOLLOW_UPS][number];
type GenericFollowUpId = (typeof GENERIC_FOLLOW_UPS)[Dass21Category];
export type Dass21FollowUpId = SpecificFollowUpId | GenericFollowUpId;

const specificByQuestion: Partial<Record<Dass21QuestionId, readonly SpecificFollowUpId[]>> = SPECIFIC_FOLLOW_UPS;

export const SPECIFIC_FOLLOW_UP_IDS: readonly SpecificFollowUpId[] = Object.values(SPECIFIC_FOLLOW_UPS).flat();
export const GENERIC_FOLLOW_UP_IDS: readonly GenericFollowUpId[] = DASS21_CATEGORIES.map(
  (category) => GENERIC_FOLLOW_UPS[category],
);

export interface FollowUpResponse {
  readonly questionId: Dass21QuestionId;
  readonly followUpId: Dass21FollowUpId;
  readonly response: string;
}

/** Every category has a generic follow-up, so a maximum answer always opens at least one. */
export function followUpsFor(question: Dass21Question): readonly Dass21FollowUpId[] {
  return specificByQuestion[question.id] ?? [GENERIC_FOLLOW_UPS[question.category]];
}
