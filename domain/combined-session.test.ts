import { describe, expect, it } from 'vitest';
import { scoreCombined } from './combined';
import {
  canGoNext,
  canGoPrevious,
  combinedSessionReducer,
  currentQuestion,
  initialCombinedSession,
  isLastQuestion,
  progress,
  shouldAutoAdvance,
  type CombinedAction,
  type CombinedSession,
} from './combined-session';
import { screeningStage } from './screening-session';
import type { AnswerScore } from './scoring';

function run(actions: readonly CombinedAction[], from: CombinedSession = initialCombinedSession): CombinedSession {
  return actions.reduce(combinedSessionReducer, from);
}

const consented = run([{ type: 'chooseAge', age: 'meetsMinimumAge' }, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' }]);

function answerAndNext(scores: readonly AnswerScore[], from: CombinedSession = consented): CombinedSession {
  return run(
    scores.flatMap((score) => [{ type: 'answer', score } as const, { type: 'next' } as const]),
    from,
  );
}

const atQuestion = (index: number) => answerAndNext(Array<AnswerScore>(index).fill(0));

describe('combined session', () => {
  it('needs an age before consent, then starts at the first question', () => {
    expect(combinedSessionReducer(initialCombinedSession, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' }).consentGiven).toBe(false);
    expect(consented).toMatchObject({ consentGiven: true, currentQuestionIndex: 0 });
    expect(currentQuestion(consented)?.category).toBe('whooley');
  });

  it('stores or replaces the answer and enables Next only once answered', () => {
    expect(canGoNext(consented)).toBe(false);
    const answered = run([{ type: 'answer', score: 1 }, { type: 'answer', score: 0 }], consented);
    expect(answered.answers).toEqual({ 1: 0 });
    expect(canGoNext(answered)).toBe(true);
  });

  it('raises the crisis notice when question 11 is answered above 0, until closed', () => {
    expect(combinedSessionReducer(atQuestion(10), { type: 'answer', score: 0 }).showCrisis).toBe(false);
    const raised = run([{ type: 'answer', score: 1 }, { type: 'answer', score: 0 }], atQuestion(10));
    expect(raised.showCrisis).toBe(true);
    expect(combinedSessionReducer(raised, { type: 'closeCrisis' }).showCrisis).toBe(false);
  });

  it('does not raise the crisis notice for other questions', () => {
    expect(answerAndNext(Array<AnswerScore>(10).fill(3)).showCrisis).toBe(false);
  });

  it('disables Previous on the first question only', () => {
    expect(canGoPrevious(consented)).toBe(false);
    expect(combinedSessionReducer(consented, { type: 'previous' }).currentQuestionIndex).toBe(0);
    expect(canGoPrevious(atQuestion(1))).toBe(true);
    expect(combinedSessionReducer(atQuestion(1), { type: 'previous' }).currentQuestionIndex).toBe(0);
  });

  it('shows progress as the rounded percentage of 18', () => {
    expect(progress(consented)).toEqual({ position: 1, total: 18, percent: 6 });
    expect(progress(atQuestion(1)).percent).toBe(11);
    expect(progress(atQuestion(8)).percent).toBe(50);
    expect(progress(atQuestion(17))).toEqual({ position: 18, total: 18, percent: 100 });
  });

  it('auto-advances after an answer except on the last question', () => {
    expect(shouldAutoAdvance(consented)).toBe(false);
    expect(shouldAutoAdvance(combinedSessionReducer(atQuestion(16), { type: 'answer', score: 2 }))).toBe(true);
    expect(isLastQuestion(atQuestion(16))).toBe(false);
    const last = combinedSessionReducer(atQuestion(17), { type: 'answer', score: 2 });
    expect(isLastQuestion(last)).toBe(true);
    expect(shouldAutoAdvance(last)).toBe(false);
  });

  it('completes past question 18 with the results computed', () => {
    const complete = answerAndNext([1, 0, ...Array<AnswerScore>(9).fill(2), ...Array<AnswerScore>(7).fill(3)]);
    expect(complete.isComplete).toBe(true);
    expect(complete.results).toEqual(scoreCombined(complete.answers));
    expect(complete.results).toMatchObject({ whooley: { score: 1 }, phq9: { score: 18 }, gad7: { score: 21 } });
    expect(screeningStage(complete)).toBe('results');
  });

  it('restarts from scratch', () => {
    const complete = answerAndNext(Array<AnswerScore>(18).fill(1));
    expect(combinedSessionReducer(complete, { type: 'restart' })).toEqual(initialCombinedSession);
  });
});
