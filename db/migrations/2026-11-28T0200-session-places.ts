import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/** Where sessions happen (issue 26): 'address', 'online' or 'phone', with the address or the video link. */
const PLACE_COLUMNS = [
  ['session_mode', 'varchar(16)'],
  ['session_address', 'varchar(500)'],
  ['session_video_url', 'varchar(2048)'],
] as const;

/** How a visitor reaches the clinic: beside the crisis contact, which is for a crisis only. */
const CONTACT_COLUMNS = [
  ['contact_phone', 'varchar(32)'],
  ['contact_whatsapp', 'varchar(32)'],
  ['contact_email', 'varchar(254)'],
] as const;

/**
 * The clinic's default place and its contact details on screener_configurations, a psychologist's
 * own place on psychologists (a null mode follows the clinic), and an appointment's own video link
 * on appointments. All nullable: nothing set is "not said yet". One column a statement: SQLite
 * adds and drops one at a time.
 */
const TABLES = [
  ['screener_configurations', [...PLACE_COLUMNS, ...CONTACT_COLUMNS]],
  ['psychologists', PLACE_COLUMNS],
  ['appointments', [['video_url', 'varchar(2048)']]],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of TABLES) {
    for (const [column, type] of columns) {
      await db.schema.alterTable(table).addColumn(column, type).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of TABLES) {
    for (const [column] of columns) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
