import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

const COLUMNS = [
  ['crisis_contact_name', 'varchar(100)'],
  ['crisis_contact_phone', 'varchar(32)'],
  ['crisis_contact_whatsapp', 'varchar(32)'],
] as const;

/**
 * A clinic's own crisis contact, shown beside the national lines (issue 14): a name and a number
 * to call, one for WhatsApp, or both. A null name means none; numbers are kept as the clinic
 * typed them. One column a statement: SQLite adds and drops one at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of COLUMNS) {
    await db.schema.alterTable('screener_configurations').addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [column] of COLUMNS) {
    await db.schema.alterTable('screener_configurations').dropColumn(column).execute();
  }
}
