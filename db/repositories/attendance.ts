import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Records the visitor's "I'll be there" once; tells whether this answer recorded it. */
export async function confirmAttendance(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ attendance_confirmed_at: now, updated_at: now })
    .where('id', '=', appointmentId)
    .where('attendance_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
