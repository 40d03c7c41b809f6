import { type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * The terms a paid booking was made on (issue 28, docs/decisions/0062): written with the hold in
 * the booking's transaction, before Stripe is asked for anything. The amount due is fixed here,
 * so every later request for the payment step (a resume after FPX's redirect, a retry after a
 * decline) asks Stripe for the same PaymentIntent, and the policy and price the visitor was shown
 * decide the refunds of a cancel even if the clinic changes its policy later. A hold with terms
 * is confirmed by its payment only, never by an e-mail link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const builder = db.schema.createTable('booking_payment_terms');
  await (mysql ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : builder)
    .addColumn('appointment_id', 'varchar(36)', (c) => c.primaryKey().references('appointments.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('stripe_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount_sen', 'integer', (c) => c.notNull())
    .addColumn('price_sen', 'integer', (c) => c.notNull())
    .addColumn('payment_methods', 'varchar(200)', (c) => c.notNull())
    .addColumn('platform_fee_sen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('deposit_kind', 'varchar(10)')
    .addColumn('deposit_value', 'integer')
    .addColumn('late_cancel_keeps', 'varchar(10)', (c) => c.notNull())
    .addColumn('late_cancel_percent', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('booking_payment_terms_user').on('booking_payment_terms').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_payment_terms').execute();
}
