import { findAppointmentByTokenHash, moveAppointment } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { inTransaction } from '../../db/transaction';
import { statusAfterEmailConfirmed } from '../../domain/appointment-status';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { translationsFor } from '../translations';
import { countAcceptedBooking, readBookingAllowance } from './booking-allowance';
import { bookingEmails } from './booking-notifications';
import { findOwnAppointment, type OwnAppointment, toOwnAppointment } from './own-appointment';
import { recordAppointmentChange } from './record-appointment-change';

/** The last free booking went to another acceptance while this one confirmed: try once more. */
class AllowanceTakenMeanwhile extends Error {}

/**
 * POST /api/public/appointments/manage/{token}/confirm-email: the visitor confirms that the
 * booking is theirs. Only now does it reach the psychologist and the clinic; it counts toward
 * the free allowance only if the clinic confirms automatically (else once the clinic confirms
 * it). Where the free bookings ran out since the hold was made, it waits as a request for the
 * clinic to answer after subscribing: the visitor's booking is not lost to the clinic's plan.
 * A hold whose time ran out is refused even before the expiry job has freed its slot; confirming
 * twice changes nothing and sends nothing twice.
 */
export async function confirmBookingEmail(
  ctx: Pick<RequestContext, 'db' | 'env' | 'now'>,
  { token }: { token: string },
): Promise<OwnAppointment> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const refusal = translationsFor(seen.client.language).booking;
  const lapsed = seen.status === 'expired' || (seen.status === 'held' && seen.holdExpiresAt !== null && seen.holdExpiresAt <= now);
  if (lapsed) throw new AppError('CONFLICT', refusal.holdExpired());
  if (seen.status !== 'held') return toOwnAppointment(ctx.db, seen);

  const confirm = () =>
    inTransaction(ctx.db, async (trx) => {
      const allowance = await readBookingAllowance(trx, seen.userId, ctx.env.freeBookings);
      const to = statusAfterEmailConfirmed(allowance);
      // The guarded update decides between a confirmation and the expiry job, or two clicks; the
      // loser changes nothing and reads the outcome below.
      if (!(await moveAppointment(trx, seen.id, to, now))) return;
      if (to === 'confirmed' && !(await countAcceptedBooking(trx, { userId: seen.userId, appointmentId: seen.id, limit: allowance.limit }))) {
        throw new AllowanceTakenMeanwhile();
      }
      await recordAppointmentChange(trx, { userId: seen.userId, appointmentId: seen.id, actor: 'visitor', from: 'held', to, at: now });
      const screener = await findConfigurationOfOperator(trx, seen.userId);
      if (!screener) throw new NotFoundError('screener');
      const confirmed = (await findAppointmentByTokenHash(trx, hashSecretToken(token)))!;
      await enqueueEmails(trx, bookingEmails({ facts: confirmed, screener, operatorEmail: allowance.operatorEmail }, { env: ctx.env, now }), now);
    });
  // Rolled back; the second run reads the allowance used up and leaves a request.
  await confirm().catch((error: unknown) => (error instanceof AllowanceTakenMeanwhile ? confirm() : Promise.reject(error)));
  // Read after the commit: inside the transaction MySQL would show the snapshot it began with,
  // not the expiry that beat this confirmation.
  const current = await findAppointmentByTokenHash(ctx.db, hashSecretToken(token));
  if (!current) throw new NotFoundError('appointment');
  if (current.status === 'expired') throw new AppError('CONFLICT', refusal.holdExpired());
  return toOwnAppointment(ctx.db, current);
}
