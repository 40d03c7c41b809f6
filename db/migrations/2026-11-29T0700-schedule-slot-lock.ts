import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * One lock row per psychologist (docs/decisions/0047): booking or moving to a time of the
 * weekly hours, generating slots and moving a slot take it first, so the check that a time is
 * still free and the write that takes it run one after another across every process. Written
 * on first use; nothing else reads it. No foreign key: deleting a psychologist must not wait
 * for it (a booking holding it waits for the psychologist's row), and a leftover row is a
 * few bytes under an id never used again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema
    .createTable('schedule_slot_locks')
    .addColumn('psychologist_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('locked_at', mysql ? sql`datetime(3)` : sql`text`, (c) => c.notNull())
    .$call((table) => (mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('schedule_slot_locks').execute();
}
