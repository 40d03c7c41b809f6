import { getPlan, ZPlan } from '../../../billing/get-plan';
import { openBillingPortal, ZBillingPortalResponse } from '../../../billing/open-billing-portal';
import { adminProcedure, router } from '../../init';

/** The clinic's own plan: its free bookings used, its subscription, and Stripe's billing portal. */
export const adminBillingRouter = router({
  plan: adminProcedure.output(ZPlan).query(({ ctx }) => getPlan(ctx)),
  portal: adminProcedure.output(ZBillingPortalResponse).mutation(({ ctx }) => openBillingPortal(ctx)),
});
