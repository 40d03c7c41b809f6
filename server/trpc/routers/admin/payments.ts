import { ACCESS } from '../../../../domain/roles';
import { getPayments, ZPaymentsState } from '../../../payments/get-payments';
import { setPaymentPolicy, ZPaymentPolicy } from '../../../payments/set-payment-policy';
import { startOnboarding, ZStartOnboardingResponse } from '../../../payments/start-onboarding';
import { memberProcedure, router } from '../../init';

/** Payments at booking (issue 28): the clinic's own Stripe account and its payment policy, set up by its owner or admins. */
export const adminPaymentsRouter = router({
  get: memberProcedure(ACCESS.clinicSetup).output(ZPaymentsState).query(({ ctx }) => getPayments(ctx)),
  startOnboarding: memberProcedure(ACCESS.clinicSetup)
    .output(ZStartOnboardingResponse)
    .mutation(({ ctx }) => startOnboarding(ctx)),
  setPolicy: memberProcedure(ACCESS.clinicSetup)
    .input(ZPaymentPolicy)
    .output(ZPaymentPolicy)
    .mutation(({ ctx, input }) => setPaymentPolicy(ctx, input)),
});
