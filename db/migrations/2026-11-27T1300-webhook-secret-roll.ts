import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Rolling a clinic's webhook signing secret (issue 24): the secret it replaced keeps signing
 * beside the new one until `webhook_previous_secret_until`, so the clinic's receivers can move
 * to the new one without losing an event. Both null when no roll is under way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof MysqlAdapter ? sql`datetime(3)` : sql`text`;
  await db.schema.alterTable('users').addColumn('webhook_previous_secret', 'varchar(80)').execute();
  await db.schema.alterTable('users').addColumn('webhook_previous_secret_until', timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('webhook_previous_secret_until').execute();
  await db.schema.alterTable('users').dropColumn('webhook_previous_secret').execute();
}
