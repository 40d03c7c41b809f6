import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * measure_plans.ended_at: when the clinic ended the plan (issue 30, docs/decisions/0067). Unlike
 * the client's withdrawal (withdrawn_at), it erases nothing: what was collected stays until the
 * retention period. open_appointment_id becomes NULL at either, so nothing more is sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  await db.schema
    .alterTable('measure_plans')
    .addColumn('ended_at', mysql ? sql`datetime(3)` : sql`text`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('measure_plans').dropColumn('ended_at').execute();
}
