import { describe, expect, it } from 'vitest';
import { initialMeasureSession, measureProgress, measureSessionReducer, type MeasureSession } from './measure-session';
import type { ScreeningAction } from './screening-session';

const run = (reduce: (session: MeasureSession, action: ScreeningAction) => MeasureSession, actions: ScreeningAction[]) => actions.reduce(reduce, initialMeasureSession);
const answerAll = (count: number, score: 0 | 1 | 2 | 3): ScreeningAction[] => Array.from({ length: count }, () => [{ type: 'answer', score } as const, { type: 'next' } as const]).flat();

describe('a repeat measure answered with the screener’s flow', () => {
  it('asks the PHQ-9 and GAD-7 without the Whooley questions, and scores them as the screener does', () => {
    const reduce = measureSessionReducer('phq9Gad7');
    expect(measureProgress('phq9Gad7', initialMeasureSession)).toMatchObject({ position: 1, total: 16 });
    const done = run(reduce, answerAll(16, 1));
    expect(done.isComplete).toBe(true);
    expect(done.results).toEqual({ phq9: { score: 9, level: 'mild' }, gad7: { score: 7, level: 'mild' } });
  });

  it('raises crisis help the moment PHQ-9 item 9 is answered above 0, not before', () => {
    const reduce = measureSessionReducer('phq9Gad7');
    const atItem9 = run(reduce, answerAll(8, 0));
    expect(atItem9.showCrisis).toBe(false);
    expect(reduce(atItem9, { type: 'answer', score: 0 }).showCrisis).toBe(false);
    expect(reduce(atItem9, { type: 'answer', score: 1 }).showCrisis).toBe(true);
  });

  it('asks the whole DASS-21, doubled, with its crisis answer at item 21 from 2', () => {
    const reduce = measureSessionReducer('dass21');
    const atItem21 = run(reduce, answerAll(20, 0));
    expect(reduce(atItem21, { type: 'answer', score: 1 }).showCrisis).toBe(false);
    expect(reduce(atItem21, { type: 'answer', score: 2 }).showCrisis).toBe(true);
    const done = run(reduce, answerAll(21, 1));
    expect(done.results).toEqual({ depression: { score: 14, level: 'moderate' }, anxiety: { score: 14, level: 'moderate' }, stress: { score: 14, level: 'normal' } });
  });
});
