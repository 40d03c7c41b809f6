import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * appointments.cancel_reason: the optional words a visitor gives when they cancel through their
 * link (issue 26, docs/decisions/0050), at most 500 characters. Personal: erased with the rest of
 * the visitor's data, and never logged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').addColumn('cancel_reason', 'varchar(500)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('appointments').dropColumn('cancel_reason').execute();
}
