import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * When Stripe created the event that set a subscription's stored status. Stripe delivers
 * webhooks in no particular order; an event older than this one must not overwrite it.
 * NULL until the first event arrives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema
    .alterTable('subscriptions')
    .addColumn('status_event_at', mysql ? sql`datetime(3)` : sql`text`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('status_event_at').execute();
}
