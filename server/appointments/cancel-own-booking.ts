import { findAppointmentByTokenHash, moveAppointment, recordAppointmentEvent } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { findBookingCounter } from '../../db/repositories/users';
import { inTransaction } from '../../db/transaction';
import { canMove } from '../../domain/appointment-status';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { visitorCancelledEmail } from '../mail/booking-emails';
import { translationsFor } from '../translations';
import { brandOfOperator } from './booking-notifications';
import { changeableUntil, findOwnAppointment, type OwnAppointment, toOwnAppointment } from './own-appointment';

/**
 * POST /api/public/appointments/manage/{token}/cancel: the visitor cancels through their private
 * link, up to the psychologist's cancellation notice. The slot is free at once. The psychologist
 * and the clinic hear of it when the booking had reached them (not for a hold). Racing the
 * clinic's answer, the status guard lets one of the two win.
 */
export async function cancelOwnBooking(ctx: Pick<RequestContext, 'db' | 'env' | 'now'>, { token }: { token: string }): Promise<OwnAppointment> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const refusal = translationsFor(seen.client.language).booking;
  if (!canMove(seen.status, 'cancelled')) throw new AppError('CONFLICT', refusal.cannotCancel());
  if (now >= changeableUntil(seen)) throw new AppError('CONFLICT', refusal.insideNotice());

  return inTransaction(ctx.db, async (trx) => {
    if (!(await moveAppointment(trx, seen.id, 'cancelled', now))) throw new AppError('CONFLICT', refusal.cannotCancel());
    await recordAppointmentEvent(trx, { appointmentId: seen.id, actor: 'visitor', from: seen.status, to: 'cancelled', at: now });
    if (seen.status !== 'held') {
      const operator = (await findBookingCounter(trx, seen.userId))!;
      const screener = (await findConfigurationOfOperator(trx, seen.userId))!;
      const email = visitorCancelledEmail(seen, brandOfOperator(screener, ctx.env));
      await enqueueEmails(
        trx,
        [
          { kind: 'visitor-cancelled', to: seen.psychologist.email, ...email },
          { kind: 'visitor-cancelled', to: operator.operatorEmail, ...email },
        ],
        now,
      );
    }
    const cancelled = await findAppointmentByTokenHash(trx, hashSecretToken(token));
    if (!cancelled) throw new NotFoundError('appointment');
    return toOwnAppointment(trx, cancelled);
  });
}
