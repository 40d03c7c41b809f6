import { z } from 'zod';
import { crisisAnswerPossible } from '../../domain/crisis';
import { answersAgree, type SharedAnswers } from '../../domain/shared-results-view';
import { fieldMessage } from '../field-messages';
import { ZCombinedResults, ZDass21Results, ZFollowUpResponses } from '../insights/screening-results';
import { ZInstant } from '../zod-fields';

/**
 * Each item's answer by question id. Optional for a browser tab opened before answers were
 * shared (issue 26); when present, every item is answered and the answers give the scores.
 */
const ZAnswers = z.record(z.string().regex(/^[1-9][0-9]?$/), z.number().int().min(0).max(3)).transform((answers) => answers as SharedAnswers);

/**
 * The screening results a visitor chose to share with the clinic, checked as the analysis input
 * is: scores, levels and follow-up ids the questionnaire can produce, and a crisis answer only
 * where the scores leave room for it. What the clinic sees: scores and levels, each item's
 * answer, whether the crisis item was answered, and the follow-up answers if any.
 */
export const ZSharedResults = z
  .discriminatedUnion('testType', [
    z.strictObject({
      testType: z.literal('DASS-21'),
      results: ZDass21Results,
      crisisItemAnswered: z.boolean(),
      answers: ZAnswers.optional(),
      followUpResponses: ZFollowUpResponses.default([]),
    }),
    z.strictObject({ testType: z.literal('Combined'), results: ZCombinedResults, crisisItemAnswered: z.boolean(), answers: ZAnswers.optional() }),
  ])
  .superRefine((shared, ctx) => {
    if (shared.crisisItemAnswered && !crisisAnswerPossible(shared)) {
      ctx.addIssue({ code: 'custom', path: ['crisisItemAnswered'], message: fieldMessage('crisisNotPossible') });
    }
    if (shared.answers && !answersAgree({ ...shared, answers: shared.answers })) {
      ctx.addIssue({ code: 'custom', path: ['answers'], message: fieldMessage('answersOfTheScores') });
    }
  });
export type SharedResults = z.output<typeof ZSharedResults>;

const ZGiven = z.strictObject({ givenAt: ZInstant });

/**
 * When the visitor gave each consent: to the screener's terms (with their age group), to the
 * booking's privacy notice, only with shared results to sharing them, and only with WhatsApp
 * reminders to those.
 */
export const ZBookingConsents = z.strictObject({
  screener: ZGiven,
  privacyNotice: ZGiven,
  resultsSharing: ZGiven.optional(),
  whatsappReminders: ZGiven.optional(),
});
export type BookingConsents = z.output<typeof ZBookingConsents>;
