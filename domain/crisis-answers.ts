import type { CombinedQuestionId } from './combined';
import type { Dass21QuestionId } from './dass21';
import type { AnswerScore } from './scoring';

// The answers that raise the crisis notice, apart from the crisis lines (./crisis.ts): the
// screening sessions need only these, and they are part of the screener's first load.

/** DASS-21 item 21: "I felt that life was meaningless". */
export function isDass21CrisisAnswer(questionId: Dass21QuestionId, score: AnswerScore): boolean {
  return questionId === 21 && score >= 2;
}

/** Combined item 11 (PHQ-9 item 9): thoughts of being better off dead or of self-harm. */
export function isCombinedCrisisAnswer(questionId: CombinedQuestionId, score: AnswerScore): boolean {
  return questionId === 11 && score > 0;
}
