import { type CreateTableBuilder, type Kysely, MysqlAdapter, sql } from 'kysely';

// Frozen in time: this file must keep creating exactly the schema it created on the day it
// shipped, so it depends on nothing in the project but Kysely itself.

export async function up(db: Kysely<any>): Promise<void> {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const timestamp = mysql ? sql`datetime(3)` : sql`text`;
  const longText = mysql ? sql`mediumtext` : sql`text`;
  const flag = mysql ? sql`boolean` : sql`integer`;
  const table = <N extends string>(name: N) => {
    const builder = db.schema.createTable(name);
    return mysql
      ? builder.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`)
      : builder;
  };
  const id = <T extends CreateTableBuilder<any, any>>(t: T) =>
    t.addColumn('id', 'varchar(36)', (c) => c.primaryKey());

  await id(table('users'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await id(table('screener_configurations'))
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('test_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('app_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('app_description', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'varchar(2048)')
    .addColumn('company_name', 'varchar(200)')
    .addColumn('company_slug', 'varchar(100)', (c) => c.unique())
    .addColumn('minimum_age', 'integer', (c) => c.notNull())
    .addColumn('important_section_content', 'text', (c) => c.notNull())
    .addColumn('what_this_does_content', 'text', (c) => c.notNull())
    .addColumn('privacy_section_content', 'text', (c) => c.notNull())
    .addColumn('enable_malay_translation', flag, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await table('slug_redirects')
    .addColumn('slug', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('configuration_id', 'varchar(36)', (c) =>
      c.notNull().references('screener_configurations.id').onDelete('cascade'),
    )
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('slug_redirects_configuration_idx')
    .on('slug_redirects')
    .column('configuration_id')
    .execute();

  await id(table('psychologists'))
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('job_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(2048)')
    .addColumn('price_cents', 'integer')
    .addColumn('slot_duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('buffer_minutes', 'integer', (c) => c.notNull())
    .addColumn('minimum_advance_hours', 'integer', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('psychologists_user_idx')
    .on('psychologists')
    .columns(['user_id', 'name'])
    .execute();

  await id(table('availability_slots'))
    .addColumn('psychologist_id', 'varchar(36)', (c) =>
      c.notNull().references('psychologists.id').onDelete('cascade'),
    )
    .addColumn('start_utc', timestamp, (c) => c.notNull())
    .addColumn('end_utc', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // One psychologist never has two slots starting at the same instant; it also serves
    // every "slots of this psychologist between from and to" lookup.
    .addUniqueConstraint('availability_slots_psychologist_start_uq', [
      'psychologist_id',
      'start_utc',
    ])
    .execute();

  await id(table('appointments'))
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('psychologist_id', 'varchar(36)', (c) =>
      c.notNull().references('psychologists.id').onDelete('cascade'),
    )
    .addColumn('slot_id', 'varchar(36)', (c) =>
      c.notNull().references('availability_slots.id').onDelete('cascade'),
    )
    .addColumn('active_slot_id', 'varchar(36)', (c) => c.unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('client_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('client_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('client_phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_language', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('cancelled_at', timestamp)
    .execute();
  await db.schema
    .createIndex('appointments_user_created_idx')
    .on('appointments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('appointments_psychologist_idx')
    .on('appointments')
    .column('psychologist_id')
    .execute();
  await db.schema.createIndex('appointments_slot_idx').on('appointments').column('slot_id').execute();

  await table('subscriptions')
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('stripe_customer_id', 'varchar(255)', (c) => c.unique())
    .addColumn('stripe_subscription_id', 'varchar(255)', (c) => c.unique())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('current_period_end', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await table('stripe_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .execute();

  await id(table('password_reset_tokens'))
    .addColumn('user_id', 'varchar(36)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await id(table('email_outbox'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', longText, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('sent_at', timestamp)
    .execute();
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'email_outbox',
    'password_reset_tokens',
    'stripe_events',
    'subscriptions',
    'appointments',
    'availability_slots',
    'psychologists',
    'slug_redirects',
    'screener_configurations',
    'users',
  ]) {
    await db.schema.dropTable(name).execute();
  }
}
