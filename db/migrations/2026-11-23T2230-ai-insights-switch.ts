import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Whether a screener's insights may be written by the AI service, or only by the built-in
 * writer. On by default, as every screener had it until an operator could switch it off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const flag = db.getExecutor().adapter instanceof MysqlAdapter ? sql`boolean` : sql`integer`;
  await db.schema
    .alterTable('screener_configurations')
    .addColumn('ai_insights_enabled', flag, (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('screener_configurations').dropColumn('ai_insights_enabled').execute();
}
