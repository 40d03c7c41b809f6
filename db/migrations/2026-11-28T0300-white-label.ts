import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * White label (issue 26, docs/decisions/0051): the clinic's primary colour (#rrggbb, null for the
 * theme's), its uploaded logo (the bytes, their content type and a hash for ETag; logo_url stays
 * for a logo on the web), the "hide powered by" choice, and Malay versions of the screener's
 * texts and of each psychologist's job title and description (null or blank: the English one).
 * One column a statement: SQLite adds and drops one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  // Up to 512 KB: MySQL's blob stops at 64 KB.
  const bytes = mysql ? sql`mediumblob` : sql`blob`;
  const longText = mysql ? sql`mediumtext` : sql`text`;
  const configuration = [
    ['primary_color', sql`varchar(7)`],
    ['logo_data', bytes],
    ['logo_type', sql`varchar(32)`],
    ['logo_hash', sql`varchar(64)`],
    ['app_title_ms', sql`varchar(200)`],
    ['app_description_ms', longText],
    ['important_section_content_ms', longText],
    ['what_this_does_content_ms', longText],
    ['privacy_section_content_ms', longText],
  ] as const;
  for (const [column, type] of configuration) {
    await db.schema.alterTable('screener_configurations').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('screener_configurations')
    .addColumn('hide_powered_by', mysql ? sql`boolean` : sql`integer`, (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['job_title_ms', 'description_ms']) {
    await db.schema.alterTable('psychologists').addColumn(column, longText).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['job_title_ms', 'description_ms']) {
    await db.schema.alterTable('psychologists').dropColumn(column).execute();
  }
  const columns = ['primary_color', 'logo_data', 'logo_type', 'logo_hash', 'app_title_ms', 'app_description_ms', 'important_section_content_ms', 'what_this_does_content_ms', 'privacy_section_content_ms', 'hide_powered_by'];
  for (const column of columns) {
    await db.schema.alterTable('screener_configurations').dropColumn(column).execute();
  }
}
