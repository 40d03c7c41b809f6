import { type CreateTableBuilder, type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Payments at booking into the clinic's own Stripe account (issue 28, docs/decisions/0061).
 *
 * - clinic_stripe_accounts: the clinic's connected account, by its id only (never a key), with
 *   what Stripe last said of it: charges and payouts enabled, the payment methods it can take,
 *   and when Stripe said so, so an older `account.updated` never overwrites a newer one.
 * - clinic_payment_policies: the clinic's policy (mode off/deposit/full, the deposit as fixed sen
 *   or a percentage, what a late cancel or a no-show keeps) and Minda's fee in basis points, 0.
 * - psychologist_payment_policies: a psychologist's own policy, replacing the clinic's whole.
 * - appointment_payments: one PaymentIntent on the clinic's account for an appointment; its id
 *   is UNIQUE, so a repeated event never records a second payment. Money in whole sen.
 * - payment_refunds: every refund we asked for, written before Stripe is called. `cause_key` is
 *   UNIQUE: one cancel refunds once, whichever process or retried event gets there first; the
 *   record's id is the Stripe Idempotency-Key, so a retried call answers the same refund.
 * - audit_log.detail: a short text an entry carries, such as why staff refunded by hand.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const innodb = <T extends { modifyEnd: (s: ReturnType<typeof sql>) => T }>(table: T) =>
    mysql ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table;

  await innodb(db.schema.createTable('clinic_stripe_accounts'))
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('stripe_account_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('charges_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payouts_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details_submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_methods', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status_event_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  const policyColumns = (table: CreateTableBuilder<string, any>) =>
    table
      .addColumn('mode', 'varchar(10)', (c) => c.notNull().defaultTo('off'))
      .addColumn('deposit_kind', 'varchar(10)')
      .addColumn('deposit_value', 'integer')
      .addColumn('late_cancel_keeps', 'varchar(10)', (c) => c.notNull().defaultTo('nothing'))
      .addColumn('late_cancel_percent', 'integer')
      .addColumn('updated_at', timestamp, (c) => c.notNull());

  await policyColumns(
    innodb(db.schema.createTable('clinic_payment_policies')).addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade')),
  )
    .addColumn('platform_fee_basis_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await policyColumns(
    innodb(db.schema.createTable('psychologist_payment_policies'))
      .addColumn('psychologist_id', 'varchar(36)', (c) => c.primaryKey().references('psychologists.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('psychologist_payment_policies_user').on('psychologist_payment_policies').column('user_id').execute();

  await innodb(db.schema.createTable('appointment_payments'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('appointment_id', 'varchar(36)', (c) => c.notNull().references('appointments.id'))
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
    .addColumn('status_event_at', timestamp)
    .addColumn('paid_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointment_payments_appointment').on('appointment_payments').column('appointment_id').execute();
  await db.schema.createIndex('appointment_payments_user').on('appointment_payments').columns(['user_id', 'created_at']).execute();

  await innodb(db.schema.createTable('payment_refunds'))
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(36)', (c) => c.notNull().references('appointment_payments.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('cause_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('stripe_refund_id', 'varchar(64)', (c) => c.unique())
    .addColumn('amount_sen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('actor', 'varchar(20)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(36)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();
  await db.schema.createIndex('payment_refunds_user').on('payment_refunds').columns(['user_id', 'created_at']).execute();

  await db.schema.alterTable('audit_log').addColumn('detail', 'varchar(500)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('detail').execute();
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('appointment_payments').execute();
  await db.schema.dropTable('psychologist_payment_policies').execute();
  await db.schema.dropTable('clinic_payment_policies').execute();
  await db.schema.dropTable('clinic_stripe_accounts').execute();
}
