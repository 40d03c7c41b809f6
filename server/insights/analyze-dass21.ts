import type { Dass21QuestionId } from '../../domain/dass21';
import { z } from 'zod';
import type { Analysis } from './analysis';
import { ZDass21Results, ZFollowUpResponses, ZLanguage, ZScreener } from './screening-results';
import { scrubPersonalDetails } from './scrub';
import type { FollowUpAnswer } from './screening';
import { type InsightsContext, writeInsights } from './write-insights';

export const ZAnalyzeDass21Request = z.strictObject({
  results: ZDass21Results,
  followUpResponses: ZFollowUpResponses.default([]),
  language: ZLanguage,
  screener: ZScreener,
});
export type AnalyzeDass21Request = z.infer<typeof ZAnalyzeDass21Request>;

/** Follow-ups scrubbed and in question order, so equal answers make equal prompts. */
function followUpAnswers(responses: AnalyzeDass21Request['followUpResponses']): FollowUpAnswer[] {
  return responses
    .map(({ questionId, followUpId, response }) => ({
      // The schema admits 1-21 only.
      questionId: questionId as Dass21QuestionId,
      followUpId,
      answer: scrubPersonalDetails(response),
    }))
    .sort((a, b) => a.questionId - b.questionId || a.followUpId.localeCompare(b.followUpId));
}

export function analyzeDass21(ctx: InsightsContext, input: AnalyzeDass21Request): Promise<Analysis> {
  const screening = {
    test: 'dass21',
    results: input.results,
    followUpAnswers: followUpAnswers(input.followUpResponses),
    language: input.language,
  } as const;
  return writeInsights(ctx, screening, input.screener);
}
