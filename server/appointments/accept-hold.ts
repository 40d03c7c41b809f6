import { findAppointmentOf, moveAppointment, reclaimExpiredSlot } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { statusAfterEmailConfirmed } from '../../domain/appointment-status';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { countAcceptedBooking, readBookingAllowance } from './booking-allowance';
import { bookingEmails } from './booking-notifications';
import { recordAppointmentChange } from './record-appointment-change';
import { enqueueCrisisAlert } from '../whatsapp/crisis-alert';
import { enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';
import type { MailPayment } from '../mail/booking-emails';
import { mailPaymentOf } from '../payments/own-payment';

/** The last free booking went to another acceptance while this one confirmed: try once more. */
class AllowanceTakenMeanwhile extends Error {}

/**
 * 'accepted' when this call moved it; 'unchanged' when it was not (or no longer) the expected
 * status, e.g. a second click or a repeated event; 'slotGone' when an expired hold's slot was
 * booked by someone else meanwhile.
 */
export type HoldAcceptance = 'accepted' | 'unchanged' | 'slotGone';

/**
 * The visitor made a hold theirs, by confirming their e-mail or by paying: only now does it
 * reach the psychologist and the clinic, as a request or, if the clinic confirms automatically,
 * confirmed and counted toward the free allowance. Where the free bookings ran out since the
 * hold was made, it waits as a request for the clinic to answer after subscribing.
 *
 * From 'held' it moves by a guarded update, which decides against the expiry job or a second
 * acceptance. A payment may also arrive after the hold expired (`from: 'expired'`): then the
 * hold takes its slot back if it is still free, and the answer is 'slotGone' if not. A payment
 * passes its `charge` (method, receipt) for the visitor's mail, as its row does not hold it yet.
 */
export async function acceptHold(
  ctx: Pick<RequestContext, 'db' | 'env' | 'now'>,
  appointment: { id: string; userId: string },
  { from, charge }: { from: 'held' | 'expired'; charge?: Pick<MailPayment, 'method' | 'receiptUrl'> },
): Promise<HoldAcceptance> {
  const now = ctx.now();
  const accept = () =>
    inTransaction(ctx.db, async (trx): Promise<HoldAcceptance> => {
      const allowance = await readBookingAllowance(trx, appointment.userId, ctx.env.freeBookings);
      const to = statusAfterEmailConfirmed(allowance);
      if (from === 'held' ? !(await moveAppointment(trx, appointment.id, to, now, ['held'])) : !(await reclaimExpiredSlot(trx, appointment.id, to, now))) {
        // Lost to the expiry job or an earlier acceptance; an expired hold may have lost its slot.
        return from === 'expired' && (await findAppointmentOf(trx, appointment.userId, appointment.id))?.status === 'expired' ? 'slotGone' : 'unchanged';
      }
      if (to === 'confirmed' && !(await countAcceptedBooking(trx, { userId: appointment.userId, appointmentId: appointment.id, limit: allowance.limit }))) {
        throw new AllowanceTakenMeanwhile();
      }
      await recordAppointmentChange(trx, { userId: appointment.userId, appointmentId: appointment.id, actor: 'visitor', from, to, at: now });
      const screener = await findConfigurationOfOperator(trx, appointment.userId);
      if (!screener) throw new NotFoundError('screener');
      const accepted = (await findAppointmentOf(trx, appointment.userId, appointment.id))!;
      const payment = await mailPaymentOf(trx, { ...accepted, userId: appointment.userId }, now, charge);
      await enqueueEmails(trx, bookingEmails({ facts: accepted, screener, operatorEmail: allowance.operatorEmail, payment }, { env: ctx.env, now }), now);
      // Its number is the visitor's own now: the WhatsApp "received" the booking held back goes.
      await enqueueWhatsappNotice(trx, 'booking_received', { userId: appointment.userId, appointment: accepted }, { env: ctx.env, now });
      await enqueueCrisisAlert(trx, { userId: appointment.userId, contactPromptly: accepted.care.contactPromptly }, { env: ctx.env, now });
      return 'accepted';
    });
  // Rolled back; the second run reads the allowance used up and leaves a request.
  return accept().catch((error: unknown) => (error instanceof AllowanceTakenMeanwhile ? accept() : Promise.reject(error)));
}

