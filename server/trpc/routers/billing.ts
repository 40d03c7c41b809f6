import { launchOfferAt } from '../../../domain/launch-offer';
import { activateTestSubscription } from '../../billing/activate-test-subscription';
import {
  ZActivateTestSubscriptionResponse,
  ZCreateSubscriptionResponse,
  ZVisitorInfo,
} from '../../billing/billing.schema';
import { createSubscription } from '../../billing/create-subscription';
import { ZCheckSubscriptionRequest, ZCheckSubscriptionResponse } from '../../booking/booking.schema';
import { checkSubscription } from '../../booking/check-subscription';
import { adminProcedure, publicProcedure, router } from '../init';

/** The free-booking limit, the launch offer and the Stripe subscription. */
export const billingRouter = router({
  visitorInfo: publicProcedure.output(ZVisitorInfo).query(({ ctx }) => launchOfferAt(ctx.env.offerEndsAt, ctx.now())),
  checkSubscription: publicProcedure
    .input(ZCheckSubscriptionRequest)
    .output(ZCheckSubscriptionResponse)
    .query(({ ctx, input }) => checkSubscription(ctx, input.slug)),
  createSubscription: adminProcedure
    .output(ZCreateSubscriptionResponse)
    .mutation(({ ctx }) => createSubscription(ctx, ctx.admin)),
  activateTestSubscription: adminProcedure
    .output(ZActivateTestSubscriptionResponse)
    .mutation(({ ctx }) => activateTestSubscription(ctx, ctx.admin)),
});
