import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Issue 27, docs/decisions/0059.
 *
 * idempotency_keys: the REST API's `Idempotency-Key`s, one row a key and its scope (a clinic, or
 * a visitor), kept 24 hours. `key_hash` is a keyed digest of the scope and the key, never the
 * key; `fingerprint` a keyed digest of the request, never its body. While the first request runs
 * `status_code` is NULL (a second one gets 409); then it holds the answer's status and
 * `answer`, the answer's body encrypted under a key drawn from the client's own Idempotency-Key.
 * `appointment_id` names the appointment the call was about, so erasing its visitor erases the
 * stored answers too.
 *
 * appointments.updated_at: when anything an integrator sees of the appointment last changed, for
 * `GET /api/appointments?updatedSince=`; the index serves its order (clinic, updated_at, id).
 * Rows from before take their last revision's time, or else their creation's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const longText = mysql ? sql`mediumtext` : sql`text`;
  const builder = db.schema.createTable('idempotency_keys');
  await (mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder)
    .addColumn('key_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('appointment_id', 'varchar(36)')
    .addColumn('status_code', 'integer')
    .addColumn('answer', longText)
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
  await db.schema.createIndex('idempotency_keys_appointment').on('idempotency_keys').column('appointment_id').execute();

  await db.schema.alterTable('appointments').addColumn('updated_at', timestamp).execute();
  await db
    .updateTable('appointments')
    .set({ updated_at: sql`coalesce(revised_at, created_at)` })
    .execute();
  await db.schema.createIndex('appointments_updated').on('appointments').columns(['user_id', 'updated_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // MySQL names an index's table; SQLite refuses the clause (index names are global there).
  const dropIndex = db.schema.dropIndex('appointments_updated');
  await (db.getExecutor().adapter instanceof MysqlAdapter ? dropIndex.on('appointments') : dropIndex).execute();
  await db.schema.alterTable('appointments').dropColumn('updated_at').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
