import { z } from 'zod';
import { COMBINED_MAX_SCORES } from '../../domain/combined';
import { DASS21_MAX_SCALE_SCORE, DASS21_SEVERITY_RANK } from '../../domain/dass21';

const ZLanguage = z.enum(['en', 'ms']);
const dass21Levels = Object.keys(DASS21_SEVERITY_RANK) as [keyof typeof DASS21_SEVERITY_RANK, ...(keyof typeof DASS21_SEVERITY_RANK)[]];

const scale = <L extends readonly [string, ...string[]]>(max: number, levels: L) =>
  z.strictObject({ score: z.number().int().min(0).max(max), level: z.enum(levels) });

const ZDass21Scale = scale(DASS21_MAX_SCALE_SCORE, dass21Levels);

export const ZAnalyzeDass21Request = z.strictObject({
  results: z.strictObject({ depression: ZDass21Scale, anxiety: ZDass21Scale, stress: ZDass21Scale }),
  followUpResponses: z
    .array(
      z.strictObject({
        questionId: z.number().int().min(1).max(21),
        followUpId: z.string().min(1).max(40),
        response: z.string().max(1000, 'must be at most 1000 characters'),
      }),
    )
    .max(23)
    .default([]),
  language: ZLanguage,
});

export const ZAnalyzeCombinedRequest = z.strictObject({
  results: z.strictObject({
    whooley: scale(COMBINED_MAX_SCORES.whooley, ['negative', 'positive']),
    phq9: scale(COMBINED_MAX_SCORES.phq9, ['minimal', 'mild', 'moderate', 'moderatelySevere', 'severe']),
    gad7: scale(COMBINED_MAX_SCORES.gad7, ['minimal', 'mild', 'moderate', 'severe']),
  }),
  language: ZLanguage,
});

export const ZAnalysis = z.object({
  summary: z.string(),
  recommendations: z.array(z.string()),
});
