import { describe, expect, it } from 'vitest';
import {
  DASS21_ANSWER_SCORES,
  DASS21_MAX_SCALE_SCORE,
  DASS21_QUESTIONS,
  DASS21_SEVERITY_RANK,
  dass21Level,
  dominantCategory,
  scoreDass21,
  type Dass21Answers,
  type Dass21Category,
  type Dass21Level,
  type Dass21QuestionId,
  type Dass21Results,
} from './dass21';
import type { AnswerScore } from './scoring';

function idsOf(category: Dass21Category): number[] {
  return DASS21_QUESTIONS.filter((question) => question.category === category).map((question) => question.id);
}

function answerAll(score: AnswerScore, ids: readonly Dass21QuestionId[]): Dass21Answers {
  return Object.fromEntries(ids.map((id) => [id, score]));
}

function resultsWith(depression: Dass21Level, anxiety: Dass21Level, stress: Dass21Level): Dass21Results {
  return {
    depression: { score: 0, level: depression },
    anxiety: { score: 0, level: anxiety },
    stress: { score: 0, level: stress },
  };
}

describe('DASS-21 items', () => {
  it('asks 21 items in id order, each keyed for its text', () => {
    expect(DASS21_QUESTIONS.map((question) => question.id)).toEqual(
      Array.from({ length: 21 }, (_, index) => index + 1),
    );
    expect(DASS21_QUESTIONS.every((question) => question.key === `q${question.id}`)).toBe(true);
  });

  it('assigns the items to the published categories', () => {
    expect(idsOf('depression')).toEqual([3, 5, 10, 13, 16, 17, 21]);
    expect(idsOf('anxiety')).toEqual([2, 4, 7, 9, 15, 19, 20]);
    expect(idsOf('stress')).toEqual([1, 6, 8, 11, 12, 14, 18]);
  });

  it('scores answers from 0 to 3', () => {
    expect(DASS21_ANSWER_SCORES).toEqual([0, 1, 2, 3]);
  });
});

describe('dass21Level', () => {
  const edges: Record<Dass21Category, [number, Dass21Level][]> = {
    depression: [
      [0, 'normal'],
      [9, 'normal'],
      [10, 'mild'],
      [13, 'mild'],
      [14, 'moderate'],
      [20, 'moderate'],
      [21, 'severe'],
      [27, 'severe'],
      [28, 'extremelySevere'],
      [42, 'extremelySevere'],
    ],
    anxiety: [
      [0, 'normal'],
      [7, 'normal'],
      [8, 'mild'],
      [9, 'mild'],
      [10, 'moderate'],
      [14, 'moderate'],
      [15, 'severe'],
      [19, 'severe'],
      [20, 'extremelySevere'],
      [42, 'extremelySevere'],
    ],
    stress: [
      [0, 'normal'],
      [14, 'normal'],
      [15, 'mild'],
      [18, 'mild'],
      [19, 'moderate'],
      [25, 'moderate'],
      [26, 'severe'],
      [33, 'severe'],
      [34, 'extremelySevere'],
      [42, 'extremelySevere'],
    ],
  };

  for (const [category, cases] of Object.entries(edges) as [Dass21Category, [number, Dass21Level][]][]) {
    it.each(cases)(`rates ${category} %i as %s`, (score, level) => {
      expect(dass21Level(category, score)).toBe(level);
    });
  }
});

describe('scoreDass21', () => {
  it('doubles the sum of each category, up to 42', () => {
    const allIds = DASS21_QUESTIONS.map((question) => question.id);
    expect(DASS21_MAX_SCALE_SCORE).toBe(42);
    expect(scoreDass21(answerAll(3, allIds))).toEqual({
      depression: { score: 42, level: 'extremelySevere' },
      anxiety: { score: 42, level: 'extremelySevere' },
      stress: { score: 42, level: 'extremelySevere' },
    });
  });

  it('keeps the categories apart', () => {
    // Depression items 3 and 5 (sum 5 → 10), anxiety item 2 (sum 1 → 2), stress item 1 (sum 3 → 6).
    expect(scoreDass21({ 3: 3, 5: 2, 2: 1, 1: 3 })).toEqual({
      depression: { score: 10, level: 'mild' },
      anxiety: { score: 2, level: 'normal' },
      stress: { score: 6, level: 'normal' },
    });
  });

  it('counts unanswered items as 0', () => {
    expect(scoreDass21({}).depression).toEqual({ score: 0, level: 'normal' });
  });
});

describe('severity rank', () => {
  it('orders the levels from Normal 0 to Extremely Severe 4', () => {
    expect(DASS21_SEVERITY_RANK).toEqual({ normal: 0, mild: 1, moderate: 2, severe: 3, extremelySevere: 4 });
  });
});

describe('dominantCategory', () => {
  it('picks the category with the worst level', () => {
    expect(dominantCategory(resultsWith('mild', 'normal', 'severe'))).toBe('stress');
    expect(dominantCategory(resultsWith('moderate', 'extremelySevere', 'severe'))).toBe('anxiety');
  });

  it('prefers depression, then anxiety, then stress on a tie', () => {
    expect(dominantCategory(resultsWith('normal', 'normal', 'normal'))).toBe('depression');
    expect(dominantCategory(resultsWith('severe', 'mild', 'severe'))).toBe('depression');
    expect(dominantCategory(resultsWith('mild', 'moderate', 'moderate'))).toBe('anxiety');
  });
});
