import { ACCESS } from '../../../../domain/roles';
import { appointmentPayment, ZAppointmentPaymentView, ZAppointmentRef } from '../../../payments/appointment-payment';
import { getPayments, ZPaymentsState } from '../../../payments/get-payments';
import { paymentMonths, ZPaymentMonths } from '../../../payments/monthly-payments';
import { refundByHand, ZHandRefund } from '../../../payments/refund-by-hand';
import { setPaymentPolicy, ZPaymentPolicy } from '../../../payments/set-payment-policy';
import { setPsychologistPolicy, ZPsychologistPolicyChoice } from '../../../payments/set-psychologist-policy';
import { startOnboarding, ZStartOnboardingResponse } from '../../../payments/start-onboarding';
import { memberProcedure, router } from '../../init';

/** Payments at booking (issue 28): the clinic's own Stripe account, its payment policy and its payments, for its owner or admins. */
export const adminPaymentsRouter = router({
  get: memberProcedure(ACCESS.clinicSetup).output(ZPaymentsState).query(({ ctx }) => getPayments(ctx)),
  startOnboarding: memberProcedure(ACCESS.clinicSetup)
    .output(ZStartOnboardingResponse)
    .mutation(({ ctx }) => startOnboarding(ctx)),
  setPolicy: memberProcedure(ACCESS.clinicSetup)
    .input(ZPaymentPolicy)
    .output(ZPaymentPolicy)
    .mutation(({ ctx, input }) => setPaymentPolicy(ctx, input)),
  setPsychologistPolicy: memberProcedure(ACCESS.clinicSetup)
    .input(ZPsychologistPolicyChoice)
    .output(ZPsychologistPolicyChoice)
    .mutation(({ ctx, input }) => setPsychologistPolicy(ctx, input)),
  months: memberProcedure(ACCESS.clinicSetup).output(ZPaymentMonths).query(({ ctx }) => paymentMonths(ctx)),
  ofAppointment: memberProcedure(ACCESS.clinicSetup)
    .input(ZAppointmentRef)
    .output(ZAppointmentPaymentView)
    .query(({ ctx, input }) => appointmentPayment(ctx, input)),
  refund: memberProcedure(ACCESS.clinicSetup)
    .input(ZHandRefund)
    .output(ZAppointmentPaymentView)
    .mutation(({ ctx, input }) => refundByHand(ctx, input)),
});
