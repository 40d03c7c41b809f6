import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * What the measures job reads every few minutes, indexed so that its cost follows what is due
 * rather than every open plan (issue 30):
 * - measure_plans.next_due_at: when an open plan on a fixed schedule ('once', 'every_2_weeks')
 *   is next due; NULL for a session schedule (its due time follows the client's bookings), once
 *   nothing more is due, and once the plan is withdrawn or ended. Open fixed plans start at their
 *   enrolment: the job's first look sets the real time.
 * - availability_slots.start_utc: the sessions starting within a day, which the session schedules'
 *   due plans are found from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema
    .alterTable('measure_plans')
    .addColumn('next_due_at', mysql ? sql`datetime(3)` : sql`text`)
    .execute();
  await db
    .updateTable('measure_plans')
    .set({ next_due_at: sql`enrolled_at` })
    .where('open_appointment_id', 'is not', null)
    .where('schedule', 'in', ['once', 'every_2_weeks'])
    .execute();
  await db.schema.createIndex('measure_plans_next_due').on('measure_plans').column('next_due_at').execute();
  await db.schema.createIndex('availability_slots_start').on('availability_slots').column('start_utc').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('availability_slots_start').on('availability_slots').execute();
  await db.schema.dropIndex('measure_plans_next_due').on('measure_plans').execute();
  await db.schema.alterTable('measure_plans').dropColumn('next_due_at').execute();
}
