import { getPlan, ZPlan } from '../../../billing/get-plan';
import { openBillingPortal, ZBillingPortalResponse } from '../../../billing/open-billing-portal';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The clinic's own plan: its free bookings used, its subscription, and Stripe's billing portal. */
export const adminBillingRouter = router({
  plan: memberProcedure(ACCESS.ownerOnly).output(ZPlan).query(({ ctx }) => getPlan(ctx)),
  portal: memberProcedure(ACCESS.ownerOnly).output(ZBillingPortalResponse).mutation(({ ctx }) => openBillingPortal(ctx)),
});
