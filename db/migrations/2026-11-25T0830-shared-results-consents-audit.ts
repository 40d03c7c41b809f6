import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * From screening to care, with consent (issue 14).
 * - appointments.shared_results: the screening results a visitor chose to share with the clinic
 *   (JSON), erased with the visitor's other personal data; contact_promptly flags a booking whose
 *   visitor answered the crisis item.
 * - consent_records: each consent with the version of the text the visitor saw, and when;
 *   consent_texts keeps each version's exact text (its SHA-256 is the version), so a clinic can
 *   show what a visitor agreed to after the text changed.
 * - audit_log: who viewed attached results, exported or erased what, and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const innodb = sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`;

  await db.schema.alterTable('appointments').addColumn('shared_results', 'text').execute();
  await db.schema.alterTable('appointments').addColumn('contact_promptly', flag, (c) => c.notNull().defaultTo(0)).execute();

  const consents = db.schema.createTable('consent_records');
  await (mysql ? consents.modifyEnd(innodb) : consents)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('appointment_id', 'varchar(36)')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('text_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('given_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_records_appointment').on('consent_records').column('appointment_id').execute();

  const texts = db.schema.createTable('consent_texts');
  await (mysql ? texts.modifyEnd(innodb) : texts)
    .addColumn('version', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('first_shown_at', timestamp, (c) => c.notNull())
    .execute();

  const audit = db.schema.createTable('audit_log');
  await (mysql ? audit.modifyEnd(innodb) : audit)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(36)')
    .execute();
  await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('consent_texts').execute();
  await db.schema.dropTable('consent_records').execute();
  await db.schema.alterTable('appointments').dropColumn('contact_promptly').execute();
  await db.schema.alterTable('appointments').dropColumn('shared_results').execute();
}
