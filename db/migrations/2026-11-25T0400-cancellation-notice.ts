import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Until how many hours before a session its visitor may cancel or move it through their private
 * link (issue 13). 24 for every psychologist until the clinic changes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('psychologists')
    .addColumn('cancellation_notice_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('psychologists').dropColumn('cancellation_notice_hours').execute();
}
