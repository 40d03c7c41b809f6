import { describe, expect, it } from 'vitest';
import {
  answeredRiskItem,
  baselineFromScreening,
  INSTRUMENT_SCALES,
  measureQuestionIds,
  PHQ9_GAD7_QUESTIONS,
  scoreMeasure,
} from './measures';

describe('measure instruments', () => {
  it('asks the screener’s PHQ-9 and GAD-7 items without the Whooley questions', () => {
    expect(measureQuestionIds('phq9Gad7')).toEqual(Array.from({ length: 16 }, (_, index) => index + 3));
    expect(PHQ9_GAD7_QUESTIONS.every((question) => question.responseType === 'frequency')).toBe(true);
    expect(measureQuestionIds('dass21')).toEqual(Array.from({ length: 21 }, (_, index) => index + 1));
  });

  it('names the scales each instrument scores', () => {
    expect(INSTRUMENT_SCALES).toEqual({ phq9Gad7: ['phq9', 'gad7'], dass21: ['depression', 'anxiety', 'stress'] });
  });
});

describe('scoreMeasure', () => {
  it('scores the PHQ-9 and GAD-7 as the screener does, and only those', () => {
    // PHQ-9 items are ids 3-11, GAD-7 items 12-18.
    const scores = scoreMeasure({ instrument: 'phq9Gad7', answers: { 3: 3, 4: 2, 11: 1, 12: 2, 18: 3 } });
    expect(scores).toEqual({ phq9: { score: 6, level: 'mild' }, gad7: { score: 5, level: 'mild' } });
  });

  it('doubles the DASS-21 scale scores, as the screener does', () => {
    // Item 3 is depression, 2 anxiety, 1 stress.
    const scores = scoreMeasure({ instrument: 'dass21', answers: { 3: 3, 5: 2, 2: 2, 1: 1 } });
    expect(scores).toEqual({
      depression: { score: 10, level: 'mild' },
      anxiety: { score: 4, level: 'normal' },
      stress: { score: 2, level: 'normal' },
    });
  });
});

describe('answeredRiskItem', () => {
  it('flags PHQ-9 item 9 (combined id 11) above 0, and nothing else', () => {
    expect(answeredRiskItem({ instrument: 'phq9Gad7', answers: { 11: 1 } })).toBe(true);
    expect(answeredRiskItem({ instrument: 'phq9Gad7', answers: { 11: 0, 3: 3, 18: 3 } })).toBe(false);
    expect(answeredRiskItem({ instrument: 'phq9Gad7', answers: {} })).toBe(false);
  });

  it('flags DASS-21 item 21 at 2 or more, as the screener’s crisis notice does', () => {
    expect(answeredRiskItem({ instrument: 'dass21', answers: { 21: 2 } })).toBe(true);
    expect(answeredRiskItem({ instrument: 'dass21', answers: { 21: 1, 11: 3 } })).toBe(false);
  });
});

describe('baselineFromScreening', () => {
  const combined = {
    testType: 'Combined' as const,
    results: { whooley: { score: 2 }, phq9: { score: 14 }, gad7: { score: 9 } },
  };
  const dass = { testType: 'DASS-21' as const, results: { depression: { score: 18 }, anxiety: { score: 6 }, stress: { score: 20 } } };

  it('takes the instrument’s scales from a screening of the same questionnaire', () => {
    expect(baselineFromScreening('phq9Gad7', combined)).toEqual({ phq9: 14, gad7: 9 });
    expect(baselineFromScreening('dass21', dass)).toEqual({ depression: 18, anxiety: 6, stress: 20 });
  });

  it('has no baseline from another questionnaire, or without a shared screening', () => {
    expect(baselineFromScreening('dass21', combined)).toBeNull();
    expect(baselineFromScreening('phq9Gad7', dass)).toBeNull();
    expect(baselineFromScreening('phq9Gad7', null)).toBeNull();
  });
});
