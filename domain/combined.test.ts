import { describe, expect, it } from 'vitest';
import {
  COMBINED_MAX_SCORES,
  COMBINED_QUESTIONS,
  RESPONSE_OPTIONS,
  scoreCombined,
  type CombinedAnswers,
  type CombinedCategory,
  type CombinedQuestionId,
} from './combined';
import type { AnswerScore } from './scoring';

function idsOf(category: CombinedCategory): CombinedQuestionId[] {
  return COMBINED_QUESTIONS.filter((question) => question.category === category).map((question) => question.id);
}

/** Answers that add up to `total` across the category's items, filling each item up to its maximum. */
function answersSumming(category: CombinedCategory, total: number): CombinedAnswers {
  const itemMax = category === 'whooley' ? 1 : 3;
  let remaining = total;
  return Object.fromEntries(
    idsOf(category).map((id) => {
      const score = Math.min(itemMax, remaining) as AnswerScore;
      remaining -= score;
      return [id, score];
    }),
  );
}

describe('Combined items', () => {
  it('asks 2 Whooley, 9 PHQ-9 and 7 GAD-7 items in id order', () => {
    expect(COMBINED_QUESTIONS.map((question) => question.id)).toEqual(
      Array.from({ length: 18 }, (_, index) => index + 1),
    );
    expect(idsOf('whooley')).toEqual([1, 2]);
    expect(idsOf('phq9')).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(idsOf('gad7')).toEqual([12, 13, 14, 15, 16, 17, 18]);
    expect(COMBINED_QUESTIONS.every((question) => question.key === `q${question.id}`)).toBe(true);
  });

  it('answers Whooley with yes/no and the others on the frequency scale', () => {
    const typeOf = (id: number) => COMBINED_QUESTIONS.find((question) => question.id === id)?.responseType;
    expect([typeOf(1), typeOf(2)]).toEqual(['yesno', 'yesno']);
    expect([3, 11, 12, 18].map(typeOf)).toEqual(['frequency', 'frequency', 'frequency', 'frequency']);
  });

  it('scores Yes 1, No 0 and the frequency scale 0-3', () => {
    expect(RESPONSE_OPTIONS.yesno).toEqual([
      { score: 1, key: 'yes' },
      { score: 0, key: 'no' },
    ]);
    expect(RESPONSE_OPTIONS.frequency.map((option) => option.score)).toEqual([0, 1, 2, 3]);
  });

  it('reaches exactly the maximum score of each measure', () => {
    const all = Object.fromEntries(
      COMBINED_QUESTIONS.map((question) => [question.id, question.responseType === 'yesno' ? 1 : 3]),
    );
    const results = scoreCombined(all);
    expect([results.whooley.score, results.phq9.score, results.gad7.score]).toEqual([
      COMBINED_MAX_SCORES.whooley,
      COMBINED_MAX_SCORES.phq9,
      COMBINED_MAX_SCORES.gad7,
    ]);
  });
});

describe('scoreCombined', () => {
  // Each measure's published cut-offs as a table of its own, alike but for the values: a test
  // read beside the instrument's manual, so they are not merged into one table.
  it.each([
    [0, 'negative'],
    [1, 'positive'],
    [2, 'positive'],
  ] as const)('rates Whooley %i as %s', (total, level) => {
    expect(scoreCombined(answersSumming('whooley', total)).whooley).toEqual({ score: total, level });
  });

  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'moderatelySevere'],
    [19, 'moderatelySevere'],
    [20, 'severe'],
    [27, 'severe'],
  ] as const)('rates PHQ-9 %i as %s', (total, level) => {
    expect(scoreCombined(answersSumming('phq9', total)).phq9).toEqual({ score: total, level });
  });

  it.each([
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
    [21, 'severe'],
  ] as const)('rates GAD-7 %i as %s', (total, level) => {
    expect(scoreCombined(answersSumming('gad7', total)).gad7).toEqual({ score: total, level });
  });

  it('keeps the three measures apart', () => {
    const results = scoreCombined({ ...answersSumming('whooley', 2), ...answersSumming('gad7', 10) });
    expect(results.phq9).toEqual({ score: 0, level: 'minimal' });
    expect(results.whooley.score).toBe(2);
    expect(results.gad7.score).toBe(10);
  });
});
