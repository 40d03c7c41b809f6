import { z } from 'zod';

/** The insights a visitor reads: a summary and the wellbeing plan's recommendations. */
export const ZAnalysis = z.object({
  summary: z.string(),
  recommendations: z.array(z.string()),
});
export type Analysis = z.infer<typeof ZAnalysis>;
