import { type Kysely, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * How many bookings each operator's screener ever took. Appointments can vanish (a deleted
 * slot or psychologist takes them along), so counting rows would hand free bookings back;
 * this counter only ever grows. Operators who booked before it existed start at their rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('bookings_made', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('users')
    .set({
      bookings_made: (eb: any) =>
        eb.selectFrom('appointments').select(sql`count(*)`.as('n')).whereRef('appointments.user_id', '=', 'users.id'),
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bookings_made').execute();
}
