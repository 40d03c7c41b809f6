import { adminProcedure, publicProcedure, router } from '../init';
import { notImplemented } from '../not-implemented';

/** The free-booking limit, the launch offer and the Stripe subscription. */
export const billingRouter = router({
  visitorInfo: publicProcedure.query(notImplemented),
  checkSubscription: publicProcedure.query(notImplemented),
  createSubscription: adminProcedure.mutation(notImplemented),
});
