import type { CombinedAnswers, CombinedResults } from './combined';
import type { CombinedSession } from './combined-session';
import { isCombinedCrisisAnswer, isDass21CrisisAnswer } from './crisis';
import type { Dass21Answers, Dass21Results } from './dass21';
import type { FollowUpResponse } from './dass21-follow-ups';
import type { Dass21Session } from './dass21-session';

/** What a visitor may choose to share with the clinic when they book, every answer with the scores: the server checks it again. */
export type ShareableResults =
  | { testType: 'DASS-21'; results: Dass21Results; answers: Dass21Answers; crisisItemAnswered: boolean; followUpResponses: FollowUpResponse[] }
  | { testType: 'Combined'; results: CombinedResults; answers: CombinedAnswers; crisisItemAnswered: boolean };

/** What a booking takes from the screening: when its consent was given, and what could be shared. */
export interface BookingScreening {
  consentGivenAt: string | null;
  shareable: ShareableResults;
}

export function dass21BookingScreening(session: Dass21Session): BookingScreening | null {
  if (!session.results) return null;
  const item21 = session.answers[21];
  return {
    consentGivenAt: session.consentGivenAt,
    shareable: {
      testType: 'DASS-21',
      results: session.results,
      answers: session.answers,
      crisisItemAnswered: item21 !== undefined && isDass21CrisisAnswer(21, item21),
      followUpResponses: [...session.followUpResponses],
    },
  };
}

export function combinedBookingScreening(session: CombinedSession): BookingScreening | null {
  if (!session.results) return null;
  const item11 = session.answers[11];
  return {
    consentGivenAt: session.consentGivenAt,
    shareable: { testType: 'Combined', results: session.results, answers: session.answers, crisisItemAnswered: item11 !== undefined && isCombinedCrisisAnswer(11, item11) },
  };
}
