import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Portable leases for the background jobs (issue 17): TiDB has no SKIP LOCKED, so every claim
 * is a conditional UPDATE that writes its owner, then a read of what that owner won.
 * - email_outbox.lease_owner: beside its locked_until, the worker pass that leased the mail.
 * - appointments.lease_owner and locked_until: the reminder job's lease on a confirmed
 *   appointment, so several processes share the appointments due instead of all trying each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;

  await db.schema.alterTable('email_outbox').addColumn('lease_owner', 'varchar(36)').execute();
  await db.schema.createIndex('email_outbox_lease').on('email_outbox').column('lease_owner').execute();
  await db.schema.alterTable('appointments').addColumn('lease_owner', 'varchar(36)').execute();
  await db.schema.alterTable('appointments').addColumn('locked_until', timestamp).execute();
  await db.schema.createIndex('appointments_lease').on('appointments').column('lease_owner').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_lease').on('appointments').execute();
  await db.schema.alterTable('appointments').dropColumn('locked_until').execute();
  await db.schema.alterTable('appointments').dropColumn('lease_owner').execute();
  await db.schema.dropIndex('email_outbox_lease').on('email_outbox').execute();
  await db.schema.alterTable('email_outbox').dropColumn('lease_owner').execute();
}
