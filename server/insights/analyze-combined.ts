import { z } from 'zod';
import type { Analysis } from './analysis';
import { ZCombinedResults, ZLanguage, ZScreener } from './screening-results';
import { type InsightsContext, writeInsights } from './write-insights';

export const ZAnalyzeCombinedRequest = z.strictObject({
  results: ZCombinedResults,
  language: ZLanguage,
  screener: ZScreener,
});
export type AnalyzeCombinedRequest = z.infer<typeof ZAnalyzeCombinedRequest>;

export function analyzeCombined(ctx: InsightsContext, input: AnalyzeCombinedRequest): Promise<Analysis> {
  return writeInsights(ctx, { test: 'combined', results: input.results, language: input.language }, input.screener);
}
