import { describe, expect, it } from 'vitest';
import { COMBINED_MAX_SCORES, combinedLevel, COMBINED_CATEGORIES } from './combined';
import { combinedSessionReducer, initialCombinedSession, type CombinedAction, type CombinedSession } from './combined-session';
import { DASS21_CATEGORIES, DASS21_MAX_SCALE_SCORE, dass21Level } from './dass21';
import { dass21SessionReducer, initialDass21Session, type Dass21Action, type Dass21Session } from './dass21-session';
import { counterKeysOf, parseCounterKey, SCALE_LEVELS, type ScreenerEvent, type ScreenerEventKind, screenerEventsBetween, screeningStepsProblem } from './screener-events';

/** Runs the actions through the reducer and collects the events each step produced. */
function eventsOfDass21(actions: Dass21Action[]): ScreenerEvent[] {
  let session: Dass21Session = initialDass21Session;
  return actions.flatMap((action) => {
    const before = session;
    session = dass21SessionReducer(session, action);
    return screenerEventsBetween('DASS-21', before, session);
  });
}

function eventsOfCombined(actions: CombinedAction[]): ScreenerEvent[] {
  let session: CombinedSession = initialCombinedSession;
  return actions.flatMap((action) => {
    const before = session;
    session = combinedSessionReducer(session, action);
    return screenerEventsBetween('Combined', before, session);
  });
}

const answerAll = (count: number, score: 0 | 1 | 2 | 3): CombinedAction[] =>
  Array.from({ length: count }, () => [{ type: 'answer', score } as const, { type: 'next' } as const]).flat();

describe('SCALE_LEVELS', () => {
  it('lists exactly the levels each scale’s scores can reach', () => {
    for (const category of DASS21_CATEGORIES) {
      const reached = new Set(Array.from({ length: DASS21_MAX_SCALE_SCORE / 2 + 1 }, (_, i) => dass21Level(category, i * 2)));
      expect([...reached]).toEqual(SCALE_LEVELS['DASS-21'][category]);
    }
    for (const category of COMBINED_CATEGORIES) {
      const reached = new Set(Array.from({ length: COMBINED_MAX_SCORES[category] + 1 }, (_, score) => combinedLevel(category, score)));
      expect([...reached]).toEqual(SCALE_LEVELS.Combined[category]);
    }
  });
});

describe('screenerEventsBetween', () => {
  it('reports a DASS-21 screening as started, consented and completed with a level per scale', () => {
    const answers: Dass21Action[] = Array.from({ length: 21 }, () => [{ type: 'answer', score: 0 } as const, { type: 'next' } as const]).flat();
    const events = eventsOfDass21([{ type: 'chooseAge', age: 'meetsMinimumAge' }, { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' }, ...answers]);
    expect(events).toEqual([
      { kind: 'started', testType: 'DASS-21' },
      { kind: 'consented', testType: 'DASS-21' },
      { kind: 'completed', testType: 'DASS-21', levels: { depression: 'normal', anxiety: 'normal', stress: 'normal' } },
    ]);
  });

  it('counts a screening completed once, though the visitor went back from the results and completed again', () => {
    const answers: Dass21Action[] = Array.from({ length: 21 }, () => [{ type: 'answer', score: 0 } as const, { type: 'next' } as const]).flat();
    const events = eventsOfDass21([
      { type: 'chooseAge', age: 'meetsMinimumAge' },
      { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' },
      ...answers,
      { type: 'previous' },
      { type: 'answer', score: 0 },
      { type: 'next' },
    ]);
    expect(events.map((event) => event.kind)).toEqual(['started', 'consented', 'completed']);
  });

  it('starts once per screening: changing the age again adds nothing, a restart starts anew', () => {
    const events = eventsOfDass21([
      { type: 'chooseAge', age: 'belowMinimumAge' },
      { type: 'chooseAge', age: 'meetsMinimumAge' },
      { type: 'restart' },
      { type: 'chooseAge', age: 'meetsMinimumAge' },
    ]);
    expect(events.map((event) => event.kind)).toEqual(['started', 'started']);
  });

  it('reports each time the crisis notice rises, not while it stays up', () => {
    // Combined item 11 (PHQ-9 item 9) above 0 raises the notice; the answers before it are 10 items.
    const events = eventsOfCombined([
      { type: 'chooseAge', age: 'meetsMinimumAge' },
      { type: 'giveConsent', at: '2026-11-25T08:00:00.000Z' },
      ...answerAll(10, 1),
      { type: 'answer', score: 2 },
      { type: 'answer', score: 3 },
      { type: 'closeCrisis' },
      { type: 'answer', score: 1 },
      { type: 'next' },
      ...answerAll(7, 3),
    ]);
    expect(events.map((event) => event.kind)).toEqual(['started', 'consented', 'crisisShown', 'crisisShown', 'completed']);
    expect(events.at(-1)).toEqual({ kind: 'completed', testType: 'Combined', levels: { whooley: 'positive', phq9: 'mild', gad7: 'severe' } });
  });
});

describe('counter keys', () => {
  it('count a step, and a completion with one level per scale', () => {
    expect(counterKeysOf({ kind: 'crisisShown', testType: 'Combined' })).toEqual(['crisisShown:Combined']);
    expect(counterKeysOf({ kind: 'completed', testType: 'DASS-21', levels: { depression: 'severe', anxiety: 'mild', stress: 'normal' } })).toEqual([
      'completed:DASS-21',
      'level:DASS-21:depression:severe',
      'level:DASS-21:anxiety:mild',
      'level:DASS-21:stress:normal',
    ]);
  });

  it('read back only as what the flow can produce', () => {
    expect(parseCounterKey('level:Combined:phq9:moderatelySevere')).toEqual({ kind: 'level', testType: 'Combined', scale: 'phq9', level: 'moderatelySevere' });
    expect(parseCounterKey('started:DASS-21')).toEqual({ kind: 'started', testType: 'DASS-21' });
    expect(parseCounterKey('level:DASS-21:phq9:mild')).toBeUndefined();
    expect(parseCounterKey('level:Combined:gad7:moderatelySevere')).toBeUndefined();
    expect(parseCounterKey('started:PHQ-2')).toBeUndefined();
    expect(parseCounterKey('visited:DASS-21')).toBeUndefined();
    expect(parseCounterKey('started:DASS-21:extra')).toBeUndefined();
  });
});

describe('screeningStepsProblem', () => {
  const none = new Set<ScreenerEventKind>();
  it('accepts the steps in the order the flow makes them, one call or several', () => {
    expect(screeningStepsProblem(none, ['started'])).toBeNull();
    expect(screeningStepsProblem(new Set(['started']), ['consented'])).toBeNull();
    expect(screeningStepsProblem(new Set(['started', 'consented']), ['crisisShown', 'completed'])).toBeNull();
    expect(screeningStepsProblem(new Set(['started', 'consented']), ['completed'])).toBeNull();
    expect(screeningStepsProblem(none, ['started', 'consented', 'crisisShown', 'completed'])).toBeNull();
  });

  it('refuses a step counted before in the screening, or twice in one call', () => {
    expect(screeningStepsProblem(new Set(['started']), ['started'])).toBe('repeated');
    expect(screeningStepsProblem(new Set(['started', 'consented', 'crisisShown']), ['crisisShown'])).toBe('repeated');
    expect(screeningStepsProblem(new Set(['started', 'consented', 'completed']), ['completed'])).toBe('repeated');
    expect(screeningStepsProblem(new Set(['started']), ['consented', 'consented'])).toBe('repeated');
  });

  it('refuses a step the flow cannot reach yet: a completion without a start or a consent', () => {
    expect(screeningStepsProblem(none, ['completed'])).toBe('outOfOrder');
    expect(screeningStepsProblem(none, ['consented'])).toBe('outOfOrder');
    expect(screeningStepsProblem(new Set(['started']), ['completed'])).toBe('outOfOrder');
    expect(screeningStepsProblem(new Set(['started']), ['crisisShown'])).toBe('outOfOrder');
    expect(screeningStepsProblem(none, ['completed', 'started'])).toBe('outOfOrder');
  });
});
