import { describe, expect, it } from 'vitest';
import { combinedBookingScreening, dass21BookingScreening, type ShareableResults } from './booking-screening';
import { combinedSessionReducer, initialCombinedSession } from './combined-session';
import { COMBINED_QUESTIONS } from './combined';
import { dass21SessionReducer, initialDass21Session } from './dass21-session';
import { DASS21_QUESTIONS } from './dass21';
import type { AnswerScore } from './scoring';
import { answersAgree, type SharedAnswers } from './shared-results-view';

/** A complete session's answers leave no item out, which is what the server reads them as. */
const agree = (shared: ShareableResults) => answersAgree({ ...shared, answers: shared.answers as SharedAnswers });

const AT = '2026-11-25T08:00:00.000Z';

function answeredDass21(score: (questionId: number) => AnswerScore) {
  let session = dass21SessionReducer(initialDass21Session, { type: 'chooseAge', age: 'meetsMinimumAge' });
  session = dass21SessionReducer(session, { type: 'giveConsent', at: AT });
  for (const question of DASS21_QUESTIONS) {
    session = dass21SessionReducer(session, { type: 'answer', score: score(question.id) });
    session = dass21SessionReducer(session, { type: 'closeCrisis' });
    session = dass21SessionReducer(session, { type: 'next' });
  }
  return session;
}

function answeredCombined(score: (questionId: number) => AnswerScore) {
  let session = combinedSessionReducer(initialCombinedSession, { type: 'chooseAge', age: 'meetsMinimumAge' });
  session = combinedSessionReducer(session, { type: 'giveConsent', at: AT });
  for (const question of COMBINED_QUESTIONS) {
    session = combinedSessionReducer(session, { type: 'answer', score: score(question.id) });
    session = combinedSessionReducer(session, { type: 'closeCrisis' });
    session = combinedSessionReducer(session, { type: 'next' });
  }
  return session;
}

describe('what a booking may share of the screening', () => {
  it('is nothing before the results', () => {
    expect(dass21BookingScreening(initialDass21Session)).toBeNull();
    expect(combinedBookingScreening(initialCombinedSession)).toBeNull();
  });

  it('carries the DASS-21 results, the consent time, and whether item 21 was answered 2 or more', () => {
    const calm = dass21BookingScreening(answeredDass21(() => 1))!;
    expect(calm.consentGivenAt).toBe(AT);
    expect(calm.shareable).toMatchObject({ testType: 'DASS-21', crisisItemAnswered: false, followUpResponses: [] });
    expect(calm.shareable.results).toEqual(answeredDass21(() => 1).results);
    // Every answer travels with the scores, and agrees with them (the server checks it so).
    expect(calm.shareable.answers).toEqual(Object.fromEntries(DASS21_QUESTIONS.map((question) => [question.id, 1])));
    expect(agree(calm.shareable)).toBe(true);
    expect(dass21BookingScreening(answeredDass21((id) => (id === 21 ? 2 : 0)))!.shareable.crisisItemAnswered).toBe(true);
  });

  it('carries the Combined results and whether PHQ-9 item 9 was answered above 0', () => {
    expect(combinedBookingScreening(answeredCombined(() => 0))!.shareable).toMatchObject({ testType: 'Combined', crisisItemAnswered: false });
    expect(combinedBookingScreening(answeredCombined((id) => (id === 11 ? 1 : 0)))!.shareable.crisisItemAnswered).toBe(true);
    const shared = combinedBookingScreening(answeredCombined((id) => (id === 11 ? 1 : 0)))!.shareable;
    expect(shared.answers[11]).toBe(1);
    expect(agree(shared)).toBe(true);
  });
});
