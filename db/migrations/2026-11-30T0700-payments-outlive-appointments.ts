import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * A payment outlives its appointment (issue 28, docs/decisions/0062): deleting a slot, a
 * psychologist or a clinic's account takes appointments along, but a paid one's refund is
 * written down in that deletion and asked of Stripe after it, and the payment is the clinic's
 * books. So `appointment_payments.appointment_id` no longer references `appointments`: before,
 * the reference refused to delete any slot or psychologist with a payment, on both dialects.
 * MySQL drops the foreign key by its name; SQLite cannot drop one, so both payment tables are
 * rebuilt with their rows (the refunds' reference to their payment kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof MysqlAdapter) {
    const { rows } = await sql<{ name: string }>`
      select constraint_name as name from information_schema.key_column_usage
      where table_schema = database() and table_name = 'appointment_payments' and column_name = 'appointment_id' and referenced_table_name = 'appointments'`.execute(db);
    for (const { name } of rows) await sql`alter table appointment_payments drop foreign key ${sql.id(name)}`.execute(db);
    return;
  }
  await db.schema
    .createTable('appointment_payments_next')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('appointment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('stripe_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_intent_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_sen', 'integer', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('myr'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)')
    .addColumn('receipt_url', 'varchar(500)')
    .addColumn('refunded_sen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disputed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_event_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into appointment_payments_next select * from appointment_payments`.execute(db);
  await db.schema
    .createTable('payment_refunds_next')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // Renaming appointment_payments_next below renames this reference with it.
    .addColumn('payment_id', 'varchar(36)', (c) => c.notNull().references('appointment_payments_next.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('cause_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('stripe_refund_id', 'varchar(64)', (c) => c.unique())
    .addColumn('amount_sen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('actor', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into payment_refunds_next select * from payment_refunds`.execute(db);
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('appointment_payments').execute();
  await db.schema.alterTable('appointment_payments_next').renameTo('appointment_payments').execute();
  await db.schema.alterTable('payment_refunds_next').renameTo('payment_refunds').execute();
  await db.schema.createIndex('appointment_payments_appointment').on('appointment_payments').column('appointment_id').execute();
  await db.schema.createIndex('appointment_payments_user').on('appointment_payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();
  await db.schema.createIndex('payment_refunds_user').on('payment_refunds').columns(['user_id', 'created_at']).execute();
}

/** One way only: payments of appointments deleted since have nothing left to reference. */
export async function down(): Promise<void> {
  throw new Error('2026-11-30T0700-payments-outlive-appointments cannot be undone; restore a backup taken before it');
}
