import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Standing bookings of the psychologist whose session has not ended yet. */
export async function countUpcomingBookings(db: Kysely<Database>, psychologistId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .innerJoin('availability_slots as s', 's.id', 'appointments.active_slot_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('appointments.psychologist_id', '=', psychologistId)
    .where('s.end_utc', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
