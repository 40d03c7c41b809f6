import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * users.require_two_factor: the owner requires two-factor sign-in of every member of the clinic
 * (issue 16, docs/decisions/0035). Off for every clinic until its owner turns it on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const flag = db.getExecutor().adapter instanceof MysqlAdapter ? sql`boolean` : sql`integer`;
  await db.schema.alterTable('users').addColumn('require_two_factor', flag, (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('require_two_factor').execute();
}
