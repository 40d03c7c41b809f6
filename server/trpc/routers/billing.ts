import { activateTestSubscription, ZActivateTestSubscriptionResponse } from '../../billing/activate-test-subscription';
import { checkSubscription, ZCheckSubscriptionRequest, ZCheckSubscriptionResponse } from '../../billing/check-subscription';
import { createSubscription, ZCreateSubscriptionResponse } from '../../billing/create-subscription';
import { visitorInfo, ZVisitorInfo } from '../../billing/visitor-info';
import { ACCESS } from '../../../domain/roles';
import { memberProcedure, publicProcedure, router } from '../init';

/** The free-booking limit, the launch offer and the Stripe subscription. */
export const billingRouter = router({
  visitorInfo: publicProcedure.output(ZVisitorInfo).query(({ ctx }) => visitorInfo(ctx)),
  checkSubscription: publicProcedure
    .input(ZCheckSubscriptionRequest)
    .output(ZCheckSubscriptionResponse)
    .query(({ ctx, input }) => checkSubscription(ctx, input)),
  createSubscription: memberProcedure(ACCESS.ownerOnly)
    .output(ZCreateSubscriptionResponse)
    .mutation(({ ctx }) => createSubscription(ctx)),
  activateTestSubscription: memberProcedure(ACCESS.ownerOnly)
    .output(ZActivateTestSubscriptionResponse)
    .mutation(({ ctx }) => activateTestSubscription(ctx)),
});
