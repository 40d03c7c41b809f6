import { z } from 'zod';
import { entityId, ZConfirmationFlag } from '../zod-fields';
import { upcomingBookingsOf } from '../../db/repositories/appointments';
import { lockSlotsOf } from '../../db/repositories/availability-slots';
import { inTransaction } from '../../db/transaction';
import { deletePsychologist, findPsychologistOf } from '../../db/repositories/psychologists';
import { enqueueCancellationEmails } from '../appointments/booking-notifications';
import { enqueueWhatsappCancellations } from '../whatsapp/whatsapp-notices';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { finishEndingRefunds, writeDownClinicEndings } from '../payments/cancel-refund';

/**
 * DELETE /api/psychologists/:id. A psychologist with upcoming booked appointments is kept
 * (409) unless `confirmCancelBookings` is true (`?confirmCancelBookings=true` over REST).
 */
export const ZDeletePsychologistRequest = z.object({
  id: entityId('psychologist'),
  confirmCancelBookings: ZConfirmationFlag,
});

export const ZDeletePsychologistResponse = z.object({
  /** Upcoming booked appointments that went with the psychologist. */
  cancelledAppointments: z.number().int(),
});

/**
 * Deletes the operator's psychologist with their slots and appointments. Upcoming booked
 * appointments would vanish with them, so that needs the operator's explicit confirmation
 * (docs/decisions/0006), and their clients are told by e-mail. Their payments are refunded in
 * full, as the clinic's cancel: written down before the appointments' rows go, asked of Stripe
 * after the commit. The payments' rows stay, the clinic's books (decision 0062).
 */
export async function deleteOwnPsychologist(
  ctx: Pick<OperatorContext, 'db' | 'env' | 'now' | 'admin' | 'member' | 'billing' | 'log'>,
  input: { id: string; confirmCancelBookings: boolean },
): Promise<{ cancelledAppointments: number }> {
  const userId = ctx.admin.id;
  // Another clinic's psychologist is refused before any of their slots is locked.
  if (!(await findPsychologistOf(ctx.db, userId, input.id))) throw new NotFoundError('psychologist');
  const cancelled = await inTransaction(ctx.db, async (trx) => {
    // Their slots before them, in a booking's order, so the bookings in flight finish first and
    // are read below (docs/decisions/0012).
    await lockSlotsOf(trx, input.id);
    const psychologist = await findPsychologistOf(trx, userId, input.id, { lock: true });
    if (!psychologist) throw new NotFoundError('psychologist');
    const now = ctx.now();
    const upcoming = await upcomingBookingsOf(trx, { psychologistId: input.id }, now);
    if (upcoming.length > 0 && !input.confirmCancelBookings) {
      throw new AppError('CONFLICT', (t) =>
        t.errors.psychologistHasBookings({ name: psychologist.name, count: upcoming.length }),
      );
    }
    // Read before the delete takes them along; queued with it, so the refunds, mails and messages exist only if it commits.
    await writeDownClinicEndings(trx, { userId, appointments: upcoming, accountId: ctx.member.accountId, at: now });
    await enqueueCancellationEmails(trx, { userId, appointments: upcoming }, { env: ctx.env, now });
    await enqueueWhatsappCancellations(trx, { userId, appointments: upcoming }, { env: ctx.env, now });
    await deletePsychologist(trx, input.id);
    return upcoming.map((appointment) => appointment.id);
  });
  await finishEndingRefunds(ctx, { userId, appointmentIds: cancelled });
  return { cancelledAppointments: cancelled.length };
}
