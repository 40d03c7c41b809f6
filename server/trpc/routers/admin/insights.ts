import { getInsights, ZInsights, ZInsightsRequest } from '../../../clinic-insights/get-insights';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The clinic's anonymous figures: its screener's counts and its bookings. */
export const adminInsightsRouter = router({
  get: memberProcedure(ACCESS.clinicSetup).input(ZInsightsRequest).output(ZInsights).query(({ ctx, input }) => getInsights(ctx, input)),
});
