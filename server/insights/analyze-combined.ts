import type { Analysis, AnalyzeCombinedRequest } from './insights.schema';
import { type InsightsContext, writeInsights } from './write-insights';

export function analyzeCombined(ctx: InsightsContext, input: AnalyzeCombinedRequest): Promise<Analysis> {
  return writeInsights(ctx, { test: 'combined', results: input.results, language: input.language }, input.screener);
}
