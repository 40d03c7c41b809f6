import type Stripe from 'stripe';
import { type AppointmentPayment, findPaymentByIntentForUpdate, savePaymentStatus } from '../../db/repositories/appointment-payments';
import { inTransaction } from '../../db/transaction';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { type BookingPaymentAction, type BookingPaymentEvent, bookingPaymentAction } from '../../domain/booking-payment-event';
import { PAYMENT_METHODS, type PaymentMethod, type RefundReason } from '../../domain/payment-policy';
import { acceptHold } from '../appointments/accept-hold';
import type { StripeApi } from '../billing/billing';
import type { RequestContext } from '../context';
import { queuePaymentWebhook } from '../webhooks/queue-webhook-events';
import { resumeRefund, unbookedCause, unbookedRefund, writeDownRefund } from './refund-payment';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { findConnectedAccountByStripeId } from '../../db/repositories/stripe-accounts';
import { recordIntent } from './booking-payment-step';
import type { MailPayment } from '../mail/booking-emails';

export type BookingPaymentDeps = Pick<RequestContext, 'db' | 'env' | 'now'> & { stripe: Pick<StripeApi, 'paymentIntents' | 'refunds'> };

const BOOKING_PAYMENT_EVENTS: ReadonlySet<string> = new Set<BookingPaymentEvent>(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/**
 * What a booking's PaymentIntent event on a clinic's connected account does (decision 0062):
 * a success accepts the hold through `acceptHold`, records the payment and tells the clinic's
 * systems (`payment.succeeded`); a payment for a slot gone meanwhile, or for a booking cancelled
 * or declined meanwhile, is refunded at once; a failure is recorded and the hold stays.
 * Every step is guarded on what is stored (the hold's guarded update, the payment's event time,
 * the refund's cause), so a repeated or out-of-order delivery, in any process, changes nothing
 * twice; and a delivery that stopped part-way leaves what it decided stored, so Stripe's next
 * delivery finishes it: a refund is written down with the payment it returns, and finished by
 * any later delivery. False when the event is not about a booking's payment.
 */
export async function applyBookingPaymentEvent(deps: BookingPaymentDeps, event: Stripe.Event): Promise<boolean> {
  if (!BOOKING_PAYMENT_EVENTS.has(event.type) || !event.account) return false;
  const intent = event.data.object as Stripe.PaymentIntent;
  await recordUnrecordedIntent(deps, intent, event.account);
  const recorded = await findRecorded(deps, intent.id);
  if (!recorded) return false;
  const { payment, appointmentStatus } = recorded;
  const type = event.type as BookingPaymentEvent;
  const action = bookingPaymentAction(type, { paymentSucceeded: payment.status === 'succeeded', appointmentStatus });
  const eventAt = new Date(event.created * 1000);
  const now = deps.now();
  if (action.do === 'recordFailure') {
    await savePaymentStatus(deps.db, payment.id, { status: 'failed', method: methodOf(intent.last_payment_error?.payment_method?.type), eventAt, now });
    return true;
  }
  if (action.do !== 'nothing') {
    // Read before booking, so that the visitor's booking mail names the method and the receipt.
    // Stripe down does not keep the paid hold from being booked (its mail names the amount alone);
    // the error then makes Stripe deliver again, which records the payment.
    const read = await deps.stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] }, { stripeAccount: event.account }).then(
      (paid) => ({ charge: typeof paid.latest_charge === 'object' ? paid.latest_charge : null }),
      (error: unknown) => ({ charge: null, error }),
    );
    const { charge } = read;
    const method = methodOf(charge?.payment_method_details?.type);
    const receiptUrl = charge?.receipt_url ?? null;
    const unbooked = await bookOrNot(deps, payment, action, { method, receiptUrl });
    if ('error' in read) throw read.error;
    await inTransaction(deps.db, async (trx) => {
      if (!(await savePaymentStatus(trx, payment.id, { status: 'succeeded', method, receiptUrl, eventAt, now }))) return;
      await queuePaymentWebhook(trx, { userId: payment.userId, type: 'payment.succeeded', payment: { ...payment, status: 'succeeded', method }, now });
      if (unbooked) await writeDownRefund(trx, unbookedRefund(payment, unbooked), now);
    });
  }
  // This delivery's refund, or one an earlier delivery wrote down and did not finish.
  await resumeRefund(deps, { userId: payment.userId, appointmentId: payment.appointmentId, causeKey: unbookedCause(payment.appointmentId) });
  return true;
}

/**
 * Books the payment's hold, from where it is; null when it stands booked, else why the payment
 * goes back. The hold may move between our read and the guarded update (the expiry job, a
 * cancel, another delivery): then it is decided again from where it is now, so a hold that
 * lapsed in that moment still takes its free slot back or is refunded. A status only moves on,
 * so a few rounds settle it.
 */
async function bookOrNot(
  deps: BookingPaymentDeps,
  payment: AppointmentPayment,
  first: BookingPaymentAction,
  charge: Pick<MailPayment, 'method' | 'receiptUrl'>,
): Promise<RefundReason | null> {
  let action = first;
  for (let round = 0; round < 3; round++) {
    if (action.do === 'refund') {
      const stored = await storedStatusOf(deps.db, payment);
      return stored === undefined ? 'slot_gone' : stored === 'declined' ? 'clinic_declined' : 'visitor_cancelled';
    }
    if (action.do !== 'accept') return null;
    const acceptance = await acceptHold(deps, { id: payment.appointmentId, userId: payment.userId }, { from: action.from, charge });
    if (acceptance === 'accepted') return null;
    if (acceptance === 'slotGone') return 'slot_gone';
    action = bookingPaymentAction('payment_intent.succeeded', { paymentSucceeded: false, appointmentStatus: await statusOf(deps.db, payment) });
  }
  throw new Error(`The hold of appointment ${payment.appointmentId} kept moving while its payment was applied`);
}

/**
 * Where the payment's appointment stands. One deleted with its slot or psychologist (its payment
 * outlives it: decision 0062) was cancelled by the clinic, so a payment arriving for it goes back.
 */
async function statusOf(db: BookingPaymentDeps['db'], payment: AppointmentPayment): Promise<AppointmentStatus> {
  return (await storedStatusOf(db, payment)) ?? 'cancelled';
}

/** The status of the payment's appointment; undefined once it was deleted. */
async function storedStatusOf(db: BookingPaymentDeps['db'], payment: AppointmentPayment): Promise<AppointmentStatus | undefined> {
  const row = await db.selectFrom('appointments').select('status').where('id', '=', payment.appointmentId).executeTakeFirst();
  return row?.status as AppointmentStatus | undefined;
}

async function findRecorded(deps: Pick<BookingPaymentDeps, 'db'>, paymentIntentId: string) {
  return inTransaction(deps.db, async (trx) => {
    const payment = await findPaymentByIntentForUpdate(trx, paymentIntentId);
    return payment && { payment, appointmentStatus: await statusOf(trx, payment) };
  });
}

/**
 * A booking's intent that Stripe made but we did not record (the process stopped between Stripe's
 * answer and our insert): recorded now from its metadata, if a paid booking on this very account
 * names it, so its payment is not lost. Recording is once (booking-payment-step.ts). A paid
 * intent whose hold was deleted meanwhile (with its slot or psychologist, which takes its terms
 * along) is recorded for the clinic whose account took it, for what Stripe says was paid: the
 * appointment no longer stands, so the payment goes back, once, and books nothing.
 */
async function recordUnrecordedIntent(deps: BookingPaymentDeps, intent: Stripe.PaymentIntent, account: string): Promise<void> {
  const appointmentId = intent.metadata?.appointmentId;
  if (!appointmentId) return;
  const terms = await findBookingPaymentTerms(deps.db, appointmentId);
  if (terms) {
    if (terms.stripeAccountId === account) await recordIntent(deps, terms, intent.id);
    return;
  }
  if (intent.status !== 'succeeded') return;
  const clinic = await findConnectedAccountByStripeId(deps.db, account);
  if (!clinic || (await deps.db.selectFrom('appointments').select('id').where('id', '=', appointmentId).executeTakeFirst())) return;
  const gone = { appointmentId, userId: clinic.userId, stripeAccountId: account, amountSen: intent.amount_received };
  await recordIntent(deps, gone, intent.id);
}

function methodOf(type: string | undefined): PaymentMethod | null {
  return PAYMENT_METHODS.find((method) => method === type) ?? null;
}
