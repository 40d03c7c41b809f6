import { describe, expect, it } from 'vitest';
import { COMBINED_QUESTIONS, scoreCombined, type CombinedAnswers } from './combined';
import { DASS21_QUESTIONS, scoreDass21, type Dass21Answers } from './dass21';
import type { AnswerScore } from './scoring';
import { answersAgree, sharedResultsView, type SharedAnswers } from './shared-results-view';

/** Every DASS-21 item at `score`, item 21 at `item21`. */
function dass21Answers(score: AnswerScore, item21: AnswerScore): Dass21Answers {
  return Object.fromEntries(DASS21_QUESTIONS.map((question) => [question.id, question.id === 21 ? item21 : score]));
}

/** The Whooley items at yes, PHQ-9 items at `phq9`, PHQ-9 item 9 (id 11) at `item11`, GAD-7 at 1. */
function combinedAnswers(phq9: AnswerScore, item11: AnswerScore): CombinedAnswers {
  return Object.fromEntries(
    COMBINED_QUESTIONS.map((question) => [question.id, question.category === 'whooley' ? 1 : question.category === 'gad7' ? 1 : question.id === 11 ? item11 : phq9]),
  );
}

const combined = (answers: CombinedAnswers, crisisItemAnswered: boolean) => ({ testType: 'Combined' as const, results: scoreCombined(answers), answers: answers as SharedAnswers, crisisItemAnswered });
const dass21 = (answers: Dass21Answers, crisisItemAnswered: boolean) => ({ testType: 'DASS-21' as const, results: scoreDass21(answers), answers: answers as SharedAnswers, crisisItemAnswered });

describe('sharedResultsView', () => {
  it('gives each combined scale its score out of its maximum and its band, the Whooley questions on their own', () => {
    const view = sharedResultsView(combined(combinedAnswers(2, 1), true));
    expect(view.map(({ scale, score, max, level }) => [scale, score, max, level])).toEqual([
      ['whooley', 2, 2, 'positive'],
      ['phq9', 17, 27, 'moderatelySevere'],
      ['gad7', 7, 21, 'mild'],
    ]);
    expect(view[0]!.items.map((item) => item.id)).toEqual([1, 2]);
    expect(view[1]!.items.map((item) => item.id)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('gives every item its answer, and marks the crisis item and whether it was answered at the crisis level', () => {
    const [whooley, phq9] = sharedResultsView(combined(combinedAnswers(2, 1), true));
    expect(whooley!.items[0]).toEqual({ id: 1, key: 'q1', answer: { test: 'Combined', key: 'yes' }, crisisItem: false, crisisAnswer: false });
    expect(phq9!.items[0]!.answer).toEqual({ test: 'Combined', key: 'moreThanHalfTheDays' });
    expect(phq9!.items.filter((item) => item.crisisItem)).toEqual([{ id: 11, key: 'q11', answer: { test: 'Combined', key: 'severalDays' }, crisisItem: true, crisisAnswer: true }]);
    const calm = sharedResultsView(combined(combinedAnswers(0, 0), false))[1]!.items.find((item) => item.crisisItem)!;
    expect([calm.crisisAnswer, calm.answer]).toEqual([false, { test: 'Combined', key: 'notAtAll' }]);
  });

  it('gives each DASS-21 scale its doubled score out of 42 with its band, and item 21 as the crisis item', () => {
    const view = sharedResultsView(dass21(dass21Answers(1, 3), true));
    expect(view.map(({ scale, score, max, level }) => [scale, score, max, level])).toEqual([
      ['depression', 18, 42, 'moderate'],
      ['anxiety', 14, 42, 'moderate'],
      ['stress', 14, 42, 'normal'],
    ]);
    const depression = view[0]!.items;
    expect(depression.map((item) => item.id)).toEqual([3, 5, 10, 13, 16, 17, 21]);
    expect(depression.at(-1)).toEqual({ id: 21, key: 'q21', answer: { test: 'DASS-21', index: 3 }, crisisItem: true, crisisAnswer: true });
    expect(depression[0]!.answer).toEqual({ test: 'DASS-21', index: 1 });
  });

  it('shows the scores of a booking made before answers were shared, with no items', () => {
    const { answers: _answers, ...scoresOnly } = dass21(dass21Answers(1, 0), false);
    expect(sharedResultsView(scoresOnly).map((scale) => [scale.score, scale.max, scale.items])).toEqual([
      [12, 42, []],
      [14, 42, []],
      [14, 42, []],
    ]);
  });
});

describe('answersAgree', () => {
  it('accepts the answers that give the shared scores and crisis flag', () => {
    expect(answersAgree(dass21(dass21Answers(2, 2), true))).toBe(true);
    expect(answersAgree(combined(combinedAnswers(1, 0), false))).toBe(true);
  });

  it('refuses answers that give other scores, another crisis flag, or leave an item out', () => {
    const shared = dass21(dass21Answers(2, 2), true);
    expect(answersAgree({ ...shared, answers: dass21Answers(1, 2) as SharedAnswers })).toBe(false);
    expect(answersAgree({ ...shared, crisisItemAnswered: false })).toBe(false);
    const { 5: _left, ...incomplete } = shared.answers;
    expect(answersAgree({ ...shared, answers: incomplete })).toBe(false);
    // A yes/no Whooley item cannot be answered 2.
    const yesNo = combined(combinedAnswers(1, 0), false);
    expect(answersAgree({ ...yesNo, answers: { ...yesNo.answers, 1: 2 } })).toBe(false);
  });
});
