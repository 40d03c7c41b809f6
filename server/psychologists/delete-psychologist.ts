import type { Kysely } from 'kysely';
import { countUpcomingBookings } from '../../db/repositories/appointments';
import { deletePsychologist, findPsychologistOf } from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import { AppError, NotFoundError } from '../errors';

/**
 * Deletes the operator's psychologist with their slots and appointments. Upcoming booked
 * appointments would vanish with them, so that needs the operator's explicit confirmation
 * (docs/decisions/0006).
 */
export async function deleteOwnPsychologist(
  services: { db: Kysely<Database>; now: () => Date },
  userId: string,
  input: { id: string; confirmCancelBookings: boolean },
): Promise<{ cancelledAppointments: number }> {
  return services.db.transaction().execute(async (trx) => {
    const psychologist = await findPsychologistOf(trx, userId, input.id, { lock: true });
    if (!psychologist) throw new NotFoundError('Psychologist');
    const upcoming = await countUpcomingBookings(trx, input.id, services.now());
    if (upcoming > 0 && !input.confirmCancelBookings) {
      const bookings = upcoming === 1 ? '1 upcoming booked appointment' : `${upcoming} upcoming booked appointments`;
      throw new AppError(
        'CONFLICT',
        `${psychologist.name} has ${bookings}. Deleting the psychologist cancels them; confirm to delete anyway.`,
      );
    }
    await deletePsychologist(trx, input.id);
    return { cancelledAppointments: upcoming };
  });
}
