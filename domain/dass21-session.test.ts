import { describe, expect, it } from 'vitest';
import { scoreDass21 } from './dass21';
import {
  canContinueFollowUp,
  canGoNext,
  canGoPrevious,
  currentFollowUpId,
  currentFollowUpResponse,
  currentQuestion,
  dass21SessionReducer,
  initialDass21Session,
  isLastQuestion,
  progress,
  shouldAutoAdvance,
  type Dass21Action,
  type Dass21Session,
} from './dass21-session';
import { screeningStage } from './screening-session';
import type { AnswerScore } from './scoring';

function run(actions: readonly Dass21Action[], from: Dass21Session = initialDass21Session): Dass21Session {
  return actions.reduce(dass21SessionReducer, from);
}

const consented = run([{ type: 'chooseAge', age: 'meetsMinimumAge' }, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' }]);

/** Answers the current question and moves on, for each score given. */
function answerAndNext(scores: readonly AnswerScore[], from: Dass21Session = consented): Dass21Session {
  return run(
    scores.flatMap((score) => [{ type: 'answer', score } as const, { type: 'next' } as const]),
    from,
  );
}

const atQuestion = (index: number) => answerAndNext(Array<AnswerScore>(index).fill(0));

describe('consent', () => {
  it('starts on the consent screen', () => {
    expect(screeningStage(initialDass21Session)).toBe('consent');
  });

  it('ignores consent until an age is chosen', () => {
    expect(dass21SessionReducer(initialDass21Session, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' })).toBe(initialDass21Session);
  });

  it('starts the questions at index 0 once consent is given', () => {
    const aged = { ...initialDass21Session, userAge: 'belowMinimumAge', currentQuestionIndex: 5 } as const;
    const session = dass21SessionReducer(aged, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' });
    expect(session).toMatchObject({ consentGiven: true, currentQuestionIndex: 0, userAge: 'belowMinimumAge' });
    expect(screeningStage(session)).toBe('questions');
  });
});

describe('answering', () => {
  it('stores the score for the current question and replaces it on a new answer', () => {
    const once = dass21SessionReducer(consented, { type: 'answer', score: 1 });
    expect(once.answers).toEqual({ 1: 1 });
    expect(dass21SessionReducer(once, { type: 'answer', score: 2 }).answers).toEqual({ 1: 2 });
  });

  it('enables Next only once the current question is answered', () => {
    expect(canGoNext(consented)).toBe(false);
    expect(dass21SessionReducer(consented, { type: 'next' })).toBe(consented);
    expect(canGoNext(dass21SessionReducer(consented, { type: 'answer', score: 0 }))).toBe(true);
  });

  it('moves to the next question on Next', () => {
    const session = answerAndNext([2]);
    expect(session.currentQuestionIndex).toBe(1);
    expect(currentQuestion(session)?.id).toBe(2);
  });
});

describe('crisis notice', () => {
  const atQuestion21 = atQuestion(20);

  it('is raised when question 21 is answered 2 or more', () => {
    expect(dass21SessionReducer(atQuestion21, { type: 'answer', score: 1 }).showCrisis).toBe(false);
    expect(dass21SessionReducer(atQuestion21, { type: 'answer', score: 2 }).showCrisis).toBe(true);
  });

  it('is not raised by high answers elsewhere', () => {
    expect(answerAndNext(Array<AnswerScore>(20).fill(3)).showCrisis).toBe(false);
  });

  it('stays after the answer changes until the visitor closes it', () => {
    const raised = run([{ type: 'answer', score: 2 }], atQuestion21);
    const changed = dass21SessionReducer(raised, { type: 'answer', score: 0 });
    expect(changed.showCrisis).toBe(true);
    expect(dass21SessionReducer(changed, { type: 'closeCrisis' }).showCrisis).toBe(false);
  });
});

describe('follow-ups', () => {
  it('open on the maximum answer with the specific follow-ups of the question', () => {
    const session = dass21SessionReducer(consented, { type: 'answer', score: 3 });
    expect(session.followUpQuestionId).toBe(1);
    expect(currentFollowUpId(session)).toBe('q1-1');
  });

  it("open with the category's generic follow-up when the question has no specific ones", () => {
    const session = dass21SessionReducer(atQuestion(1), { type: 'answer', score: 3 });
    expect(currentFollowUpId(session)).toBe('anxiety-generic');
  });

  it('do not open below the maximum answer, and close when the answer is lowered', () => {
    expect(dass21SessionReducer(consented, { type: 'answer', score: 2 }).followUpQuestionId).toBeNull();
    const lowered = run([{ type: 'answer', score: 3 }, { type: 'answer', score: 2 }]);
    expect(lowered.followUpQuestionId).toBeNull();
  });

  it('advance one by one on Next, then move to the next question', () => {
    const first = dass21SessionReducer(consented, { type: 'answer', score: 3 });
    const second = dass21SessionReducer(first, { type: 'next' });
    expect(currentFollowUpId(second)).toBe('q1-2');
    expect(second.currentQuestionIndex).toBe(0);
    const after = dass21SessionReducer(second, { type: 'next' });
    expect(after).toMatchObject({ followUpQuestionId: null, currentFollowUpIndex: 0, currentQuestionIndex: 1 });
  });

  it('move to the next question after a single generic follow-up', () => {
    const session = run([{ type: 'answer', score: 3 }, { type: 'next' }], atQuestion(1));
    expect(session).toMatchObject({ followUpQuestionId: null, currentQuestionIndex: 2 });
  });

  it('store submitted text, trimmed, and advance', () => {
    const session = run([
      { type: 'answer', score: 3 },
      { type: 'submitFollowUp', text: '  Work deadlines  ' },
    ]);
    expect(session.followUpResponses).toEqual([{ questionId: 1, followUpId: 'q1-1', response: 'Work deadlines' }]);
    expect(currentFollowUpId(session)).toBe('q1-2');
  });

  it('ignore blank or whitespace-only text', () => {
    const open = dass21SessionReducer(consented, { type: 'answer', score: 3 });
    expect(dass21SessionReducer(open, { type: 'submitFollowUp', text: ' \n\t ' })).toBe(open);
    expect(canContinueFollowUp('')).toBe(false);
    expect(canContinueFollowUp('   ')).toBe(false);
    expect(canContinueFollowUp(' ok ')).toBe(true);
  });

  it('replace earlier text for the same follow-up and keep the others', () => {
    const session = run([
      { type: 'answer', score: 3 },
      { type: 'submitFollowUp', text: 'first' },
      { type: 'submitFollowUp', text: 'second' },
      { type: 'answer', score: 1 },
      { type: 'previous' },
      { type: 'answer', score: 3 },
      { type: 'submitFollowUp', text: 'first, rewritten' },
    ]);
    expect(session.followUpResponses).toEqual([
      { questionId: 1, followUpId: 'q1-2', response: 'second' },
      { questionId: 1, followUpId: 'q1-1', response: 'first, rewritten' },
    ]);
  });

  it('skip advances without storing anything', () => {
    const session = run([{ type: 'answer', score: 3 }, { type: 'skipFollowUp' }]);
    expect(currentFollowUpId(session)).toBe('q1-2');
    expect(session.followUpResponses).toEqual([]);
  });

  it('skip withdraws what was written to that follow-up before, and only that', () => {
    const session = run([
      { type: 'answer', score: 3 },
      { type: 'submitFollowUp', text: 'first' },
      { type: 'submitFollowUp', text: 'second' },
      { type: 'previous' },
      { type: 'skipFollowUp' },
    ], consented);
    expect(session.currentQuestionIndex).toBe(1);
    expect(session.followUpResponses).toEqual([{ questionId: 1, followUpId: 'q1-1', response: 'first' }]);
  });

  it('ignore submit and skip when no follow-up is open', () => {
    const answered = dass21SessionReducer(consented, { type: 'answer', score: 1 });
    expect(dass21SessionReducer(answered, { type: 'skipFollowUp' })).toBe(answered);
    expect(dass21SessionReducer(answered, { type: 'submitFollowUp', text: 'text' })).toBe(answered);
  });

  it('wait for the visitor instead of auto-advancing', () => {
    expect(shouldAutoAdvance(consented)).toBe(false);
    expect(shouldAutoAdvance(dass21SessionReducer(consented, { type: 'answer', score: 2 }))).toBe(true);
    expect(shouldAutoAdvance(dass21SessionReducer(consented, { type: 'answer', score: 3 }))).toBe(false);
  });
});

describe('previous', () => {
  it('steps back one follow-up, then leaves follow-up mode on the same question', () => {
    const second = run([{ type: 'answer', score: 3 }, { type: 'next' }]);
    const first = dass21SessionReducer(second, { type: 'previous' });
    expect(currentFollowUpId(first)).toBe('q1-1');
    const closed = dass21SessionReducer(first, { type: 'previous' });
    expect(closed).toMatchObject({ followUpQuestionId: null, currentQuestionIndex: 0, answers: { 1: 3 } });
  });

  it('goes back from the next question onto the last follow-up, which shows what was written', () => {
    const next = run([
      { type: 'answer', score: 3 },
      { type: 'submitFollowUp', text: 'Work deadlines' },
      { type: 'submitFollowUp', text: 'A walk after dinner' },
    ], consented);
    expect(next.currentQuestionIndex).toBe(1);
    const back = dass21SessionReducer(next, { type: 'previous' });
    expect(back).toMatchObject({ currentQuestionIndex: 0, followUpQuestionId: 1 });
    expect(currentFollowUpId(back)).toBe('q1-2');
    expect(currentFollowUpResponse(back)).toBe('A walk after dinner');
    const first = dass21SessionReducer(back, { type: 'previous' });
    expect(currentFollowUpResponse(first)).toBe('Work deadlines');
    // Forward again: on to the next question, the words kept.
    expect(run([{ type: 'next' }, { type: 'next' }], first)).toMatchObject({ currentQuestionIndex: 1, followUpResponses: next.followUpResponses });
  });

  it('goes back from the results onto the last question’s follow-up when its answer opened one', () => {
    const skipBoth = [{ type: 'skipFollowUp' }, { type: 'skipFollowUp' }] as const;
    const complete = run([{ type: 'answer', score: 3 }, ...skipBoth], answerAndNext(Array<AnswerScore>(20).fill(0)));
    expect(screeningStage(complete)).toBe('results');
    const back = dass21SessionReducer(complete, { type: 'previous' });
    expect(back).toMatchObject({ isComplete: false, currentQuestionIndex: 20, followUpQuestionId: 21 });
    expect(currentFollowUpId(back)).toBe('q21-2');
    expect(currentFollowUpResponse(back)).toBe('');
  });

  it('goes to the previous question, never below the first', () => {
    expect(dass21SessionReducer(atQuestion(2), { type: 'previous' }).currentQuestionIndex).toBe(1);
    expect(dass21SessionReducer(consented, { type: 'previous' }).currentQuestionIndex).toBe(0);
  });

  it('is offered past the first question or while a follow-up is open', () => {
    expect(canGoPrevious(consented)).toBe(false);
    expect(canGoPrevious(dass21SessionReducer(consented, { type: 'answer', score: 3 }))).toBe(true);
    expect(canGoPrevious(atQuestion(1))).toBe(true);
  });
});

describe('progress and the last question', () => {
  it('reports (index + 1) of 21', () => {
    expect(progress(consented)).toEqual({ position: 1, total: 21, percent: 100 / 21 });
    expect(progress(atQuestion(20))).toEqual({ position: 21, total: 21, percent: 100 });
  });

  it('counts the last question as last unless a follow-up is open', () => {
    expect(isLastQuestion(atQuestion(19))).toBe(false);
    expect(isLastQuestion(atQuestion(20))).toBe(true);
    expect(isLastQuestion(dass21SessionReducer(atQuestion(20), { type: 'answer', score: 3 }))).toBe(false);
  });

  it('completes after the last question with the results computed', () => {
    const session = answerAndNext([...Array<AnswerScore>(20).fill(1), 2]);
    expect(session.isComplete).toBe(true);
    expect(session.results).toEqual(scoreDass21(session.answers));
    expect(session.results?.depression.score).toBe(16);
    expect(screeningStage(session)).toBe('results');
  });

  it("completes only after the last question's follow-ups", () => {
    const open = run([{ type: 'answer', score: 3 }, { type: 'next' }], atQuestion(20));
    expect(open.isComplete).toBe(false);
    expect(currentFollowUpId(open)).toBe('q21-2');
    expect(dass21SessionReducer(open, { type: 'skipFollowUp' }).isComplete).toBe(true);
  });

  it('ignores answers once complete', () => {
    const complete = answerAndNext(Array<AnswerScore>(21).fill(0));
    expect(dass21SessionReducer(complete, { type: 'answer', score: 3 })).toBe(complete);
  });
});

describe('restart', () => {
  it('resets everything, consent included', () => {
    const midway = run([{ type: 'answer', score: 3 }, { type: 'submitFollowUp', text: 'x' }], atQuestion(20));
    expect(dass21SessionReducer(midway, { type: 'restart' })).toEqual(initialDass21Session);
  });
});
