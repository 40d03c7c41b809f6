import { describe, expect, it } from 'vitest';
import { combinedSessionReducer, initialCombinedSession, type CombinedAction } from './combined-session';
import { dass21SessionReducer, initialDass21Session, type Dass21Action } from './dass21-session';
import { actionsToStep, AUTO_ADVANCE_MS, completedScreening, initialScreeningSession, screeningStage, screeningStep } from './screening-session';

const CONSENT: Dass21Action[] = [{ type: 'chooseAge', age: 'meetsMinimumAge' }, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' }];
const answerEach = (count: number, score: 0 | 3 = 0): Dass21Action[] =>
  Array.from({ length: count }, () => [{ type: 'answer', score } as const, { type: 'next' } as const]).flat();
const dass21 = (actions: Dass21Action[]) => actions.reduce(dass21SessionReducer, initialDass21Session);
const combined = (actions: CombinedAction[]) => actions.reduce(combinedSessionReducer, initialCombinedSession);
const replay = (session: ReturnType<typeof dass21>, actions: Dass21Action[]) => actions.reduce(dass21SessionReducer, session);

describe('screening session', () => {
  it('auto-advances after 300 ms', () => {
    expect(AUTO_ADVANCE_MS).toBe(300);
  });

  it('goes from consent to questions to results', () => {
    expect(screeningStage(initialScreeningSession)).toBe('consent');
    expect(screeningStage({ ...initialScreeningSession, consentGiven: true })).toBe('questions');
    expect(screeningStage({ ...initialScreeningSession, consentGiven: true, isComplete: true })).toBe('results');
  });
});

describe('a completed screening', () => {
  it('is the step that reaches the results, once, however often the visitor goes back and forward', () => {
    const lastQuestion = dass21([...CONSENT, ...answerEach(20), { type: 'answer', score: 0 }]);
    const results = replay(lastQuestion, [{ type: 'next' }]);
    expect(completedScreening(lastQuestion, results)).toBe(true);
    expect(completedScreening(dass21(CONSENT), dass21([...CONSENT, ...answerEach(1)]))).toBe(false);
    const backAgain = replay(results, [{ type: 'previous' }]);
    expect(completedScreening(backAgain, replay(backAgain, [{ type: 'next' }]))).toBe(false);
  });

  it('counts again after the visitor restarts', () => {
    const restarted = replay(dass21([...CONSENT, ...answerEach(21)]), [{ type: 'restart' }, ...CONSENT, ...answerEach(20), { type: 'answer', score: 0 }]);
    expect(completedScreening(restarted, replay(restarted, [{ type: 'next' }]))).toBe(true);
  });
});

describe('steps for the browser history', () => {
  it('numbers consent 0, each question from 1, and the results after the last question', () => {
    expect(screeningStep(initialDass21Session)).toBe(0);
    expect(screeningStep(dass21(CONSENT))).toBe(1);
    expect(screeningStep(dass21([...CONSENT, ...answerEach(4)]))).toBe(5);
    expect(screeningStep(dass21([...CONSENT, ...answerEach(21)]))).toBe(22);
    expect(screeningStep(combined([...CONSENT, ...answerEach(18)] as CombinedAction[]))).toBe(19);
  });

  it('keeps a follow-up on its question’s step', () => {
    const followUpOpen = dass21([...CONSENT, ...answerEach(2), { type: 'answer', score: 3 }]);
    expect(followUpOpen.followUpQuestionId).not.toBeNull();
    expect(screeningStep(followUpOpen)).toBe(3);
  });

  it('walks back and forward one question at a time, answers kept', () => {
    const atFifth = dass21([...CONSENT, ...answerEach(4)]);
    const back = replay(atFifth, actionsToStep(dass21SessionReducer, atFifth, 4));
    expect(screeningStep(back)).toBe(4);
    expect(back.answers).toEqual(atFifth.answers);
    expect(screeningStep(replay(back, actionsToStep(dass21SessionReducer, back, 5)))).toBe(5);
  });

  it('closes an open follow-up on the way back', () => {
    const followUpOpen = dass21([...CONSENT, ...answerEach(2), { type: 'answer', score: 3 }]);
    const actions = actionsToStep(dass21SessionReducer, followUpOpen, 2);
    expect(actions).toEqual([{ type: 'previous' }, { type: 'previous' }]);
    expect(replay(followUpOpen, actions)).toMatchObject({ currentQuestionIndex: 1, followUpQuestionId: null });
  });

  it('goes back from the results to the last question and forward to the same results', () => {
    const done = dass21([...CONSENT, ...answerEach(21)]);
    const back = replay(done, actionsToStep(dass21SessionReducer, done, 21));
    expect(screeningStage(back)).toBe('questions');
    expect(back.currentQuestionIndex).toBe(20);
    const again = replay(back, actionsToStep(dass21SessionReducer, back, 22));
    expect(screeningStage(again)).toBe('results');
    expect(again.results).toEqual(done.results);
  });

  it('gives up a step out of reach: no going back to consent, nor forward past an unanswered question', () => {
    const first = dass21(CONSENT);
    expect(actionsToStep(dass21SessionReducer, first, 0)).toEqual([]);
    expect(actionsToStep(dass21SessionReducer, first, 2)).toEqual([]);
    expect(actionsToStep(dass21SessionReducer, initialDass21Session, 5)).toEqual([]);
  });
});

