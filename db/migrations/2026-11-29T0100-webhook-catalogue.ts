import type { Kysely } from 'kysely';

// Frozen in time, like every migration: it depends on nothing in the project but Kysely.

/**
 * Webhooks as a product (issue 27, docs/decisions/0057).
 * - webhook_endpoints.event_types: the event types an endpoint receives, as a JSON array; null
 *   for every type (what endpoints registered before received).
 * - webhook_deliveries.appointment_id and .revision: the appointment an event is about and its
 *   revision then (the calendar SEQUENCE), so a worker holds a later event for an endpoint back
 *   while an earlier one about the same appointment is still being retried. Null for the test
 *   event. The deliveries still waiting are given their appointment from their body, so a
 *   visitor's erasure finds them by it; their revision was never written down, so they keep the
 *   order they had (none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').addColumn('event_types', 'varchar(1000)').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('appointment_id', 'varchar(36)').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('revision', 'integer').execute();
  await db.schema.createIndex('webhook_deliveries_order').on('webhook_deliveries').columns(['endpoint_id', 'appointment_id', 'status']).execute();

  const waiting = await db.selectFrom('webhook_deliveries').select(['id', 'payload']).where('status', '=', 'pending').execute();
  for (const row of waiting as { id: string; payload: string }[]) {
    const appointmentId = (JSON.parse(row.payload) as { data?: { appointment?: { id?: string } } }).data?.appointment?.id;
    if (appointmentId) await db.updateTable('webhook_deliveries').set({ appointment_id: appointmentId }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_order').on('webhook_deliveries').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('revision').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('appointment_id').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('event_types').execute();
}
