import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * closed_links: what became of a private link whose appointment or calendar is gone (issue 24,
 * docs/decisions/0042). Keyed by the SHA-256 of the link's token, the hash the appointment or
 * psychologist row held; no personal data. `reason` says what happened (clinic-closed,
 * visitor-erased), `kind` whose link it was (appointment, calendar). Purged after `expires_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const builder = db.schema.createTable('closed_links');
  await (mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder)
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('closed_links_expiry').on('closed_links').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('closed_links').execute();
}
