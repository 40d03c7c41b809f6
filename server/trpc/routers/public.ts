import {
  ZConfigurationByIdRequest,
  ZConfigurationBySlugRequest,
  ZScreenerConfiguration,
} from '../../configuration/configuration.schema';
import {
  getPublicConfigurationById,
  getPublicConfigurationBySlug,
} from '../../configuration/get-public-configuration';
import { analyzeCombined } from '../../insights/analyze-combined';
import { analyzeDass21 } from '../../insights/analyze-dass21';
import { ZAnalysis, ZAnalyzeCombinedRequest, ZAnalyzeDass21Request } from '../../insights/insights.schema';
import { publicProcedure, router } from '../init';
import { notImplemented } from '../not-implemented';

/** What anonymous visitors of a screener call. */
export const publicRouter = router({
  configuration: router({
    byId: publicProcedure
      .input(ZConfigurationByIdRequest)
      .output(ZScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationById(ctx.db, input.id)),
    bySlug: publicProcedure
      .input(ZConfigurationBySlugRequest)
      .output(ZScreenerConfiguration)
      .query(({ ctx, input }) => getPublicConfigurationBySlug(ctx.db, input.slug)),
  }),
  analyze: publicProcedure
    .input(ZAnalyzeDass21Request)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeDass21(ctx, input)),
  analyzeCombined: publicProcedure
    .input(ZAnalyzeCombinedRequest)
    .output(ZAnalysis)
    .mutation(({ ctx, input }) => analyzeCombined(ctx, input)),
  psychologists: publicProcedure.query(notImplemented),
  availability: publicProcedure.query(notImplemented),
  bookAppointment: publicProcedure.mutation(notImplemented),
});
