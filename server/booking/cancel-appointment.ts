import { cancelAppointment, findAppointmentOf } from '../../db/repositories/appointments';
import { inTransaction } from '../../db/transaction';
import type { AppServices } from '../context';
import { NotFoundError } from '../errors';
import { enqueueCancellationEmails } from './booking-notifications';
import type { AdminAppointment } from './booking.schema';
import { toAdminAppointment } from './list-appointments';

/**
 * The operator cancels a booking: the slot is free again for visitors, and the client hears
 * of it by e-mail if the appointment was still ahead. Cancelling twice changes nothing and
 * sends no second mail; it does not give back a free booking.
 */
export async function cancelOwnAppointment(
  services: Pick<AppServices, 'db' | 'env' | 'now'>,
  userId: string,
  appointmentId: string,
): Promise<AdminAppointment> {
  const now = services.now();
  return inTransaction(services.db, async (trx) => {
    const appointment = await findAppointmentOf(trx, userId, appointmentId);
    if (!appointment) throw new NotFoundError('appointment');
    // The guarded update decides, so two cancels at once tell the client once.
    if (await cancelAppointment(trx, appointment.id, now)) {
      const stillAhead = appointment.endUtc > now ? [appointment] : [];
      await enqueueCancellationEmails(trx, { userId, appointments: stillAhead }, { env: services.env, now });
    }
    return toAdminAppointment((await findAppointmentOf(trx, userId, appointmentId))!);
  });
}
