import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Weekly hours set once (issue 26, docs/decisions/0047). Free times are computed from
 * weekly_hours and schedule_exceptions on every read; nothing is generated ahead.
 *
 * - weekly_hours: one row per time range of a weekday (0 = Sunday), wall-clock HH:mm in the
 *   psychologist's timezone. A day may have several ranges.
 * - schedule_exceptions: dated changes. kind 'off' (a day off) and 'holiday' close the date's
 *   weekly hours; 'extra' adds the range start_time–end_time on that date.
 * - availability_slots already has UNIQUE (psychologist_id, start_utc) (the initial migration):
 *   a computed time is booked by writing its slot row, so two bookings of one time, from any
 *   number of processes, meet at that constraint or at appointments' unique active_slot_id.
 *   Today's generated slots stay as they are, dated availability with their bookings: nothing
 *   of them is moved, so no booking is lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const innodb = <T extends { modifyEnd(s: ReturnType<typeof sql>): T }>(builder: T) =>
    mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder;

  await innodb(db.schema.createTable('weekly_hours'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.notNull().references('psychologists.id').onDelete('cascade'))
    .addColumn('day_of_week', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weekly_hours_psychologist').on('weekly_hours').column('psychologist_id').execute();

  await innodb(db.schema.createTable('schedule_exceptions'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.notNull().references('psychologists.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)')
    .addColumn('end_time', 'varchar(5)')
    .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedule_exceptions_psychologist_date').on('schedule_exceptions').columns(['psychologist_id', 'date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('schedule_exceptions').execute();
  await db.schema.dropTable('weekly_hours').execute();
}
