import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * How many changes of each kind (from one status to another) a clinic's appointments went
 * through between two moments: counts only, for its anonymous insights.
 */
export async function countAppointmentChanges(db: Kysely<Database>, userId: string, from: Date, until: Date) {
  const rows = await db
    .selectFrom('appointment_events as e')
    .innerJoin('appointments as a', 'a.id', 'e.appointment_id')
    .select((eb) => ['e.from_status', 'e.to_status', eb.fn.countAll<number | string>().as('changes')])
    .where('a.user_id', '=', userId)
    .where('e.at', '>=', from)
    .where('e.at', '<', until)
    .groupBy(['e.from_status', 'e.to_status'])
    .execute();
  return rows.map((row) => ({ from: row.from_status, to: row.to_status, changes: Number(row.changes) }));
}
