import type { Kysely } from 'kysely';
import type { BookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { findClinicPaymentSettings, findPsychologistPolicy } from '../../db/repositories/payment-policies';
import { findConnectedAccount } from '../../db/repositories/stripe-accounts';
import type { Database } from '../../db/schema';
import { bookingCharge, effectivePolicy, sessionPriceSen } from '../../domain/payment-policy';
import { priceToSen } from '../../domain/psychologist';
import type { Billing } from '../billing/billing';

/**
 * What a new booking is to be paid on (decision 0062), or null when it is paid at the clinic as
 * before: the clinic's policy (or the psychologist's own) asks a payment of at least Stripe's
 * minimum on the psychologist's price for this session's length, and the clinic's account can
 * take charges by at least one of card, FPX and GrabPay. A server without Stripe keys (test
 * mode) charges nothing. Read in the booking's transaction, so the amount is the server's alone.
 */
export async function paidBookingTerms(
  trx: Kysely<Database>,
  billing: Billing,
  booking: { appointmentId: string; userId: string; psychologist: { id: string; pricePerHour: string | null }; startUtc: Date; endUtc: Date },
): Promise<BookingPaymentTerms | null> {
  if (billing.mode === 'test' || booking.psychologist.pricePerHour === null) return null;
  const account = await findConnectedAccount(trx, booking.userId);
  if (!account?.chargesEnabled || account.paymentMethods.length === 0) return null;
  const settings = await findClinicPaymentSettings(trx, booking.userId);
  const policy = effectivePolicy(settings.policy, await findPsychologistPolicy(trx, booking.psychologist.id));
  const minutes = Math.round((booking.endUtc.getTime() - booking.startUtc.getTime()) / 60_000);
  const priceSen = sessionPriceSen(priceToSen(Number(booking.psychologist.pricePerHour)), minutes);
  const charge = bookingCharge(policy, priceSen, settings.platformFeeBasisPoints);
  if (!charge) return null;
  return {
    appointmentId: booking.appointmentId,
    userId: booking.userId,
    stripeAccountId: account.stripeAccountId,
    amountSen: charge.amountSen,
    priceSen,
    paymentMethods: account.paymentMethods,
    platformFeeSen: charge.platformFeeSen,
    policy,
  };
}
