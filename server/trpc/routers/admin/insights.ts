import { getInsights, ZInsights, ZInsightsRequest } from '../../../clinic-insights/get-insights';
import { adminProcedure, router } from '../../init';

/** The clinic's anonymous figures: its screener's counts and its bookings. */
export const adminInsightsRouter = router({
  get: adminProcedure.input(ZInsightsRequest).output(ZInsights).query(({ ctx, input }) => getInsights(ctx, input)),
});
