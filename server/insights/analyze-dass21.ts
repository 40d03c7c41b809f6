import type { Dass21QuestionId } from '../../domain/dass21';
import type { Analysis, AnalyzeDass21Request } from './insights.schema';
import { scrubPersonalDetails } from './scrub';
import type { FollowUpAnswer } from './screening';
import { type InsightsContext, writeInsights } from './write-insights';

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
