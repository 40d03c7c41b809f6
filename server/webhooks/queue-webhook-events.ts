import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { enqueueWebhookDeliveries, listWebhookEndpoints } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import type { AppointmentEventType, WebhookEventType } from '../../domain/webhooks';

/**
 * Queues an event for every endpoint of the clinic, in the transaction of the change it
 * reports: it exists exactly when the change committed. The body is built now, so every
 * endpoint and every retry receives the same bytes.
 */
async function queueEvent(
  db: Kysely<Database>,
  event: { userId: string; endpointIds: readonly string[]; type: WebhookEventType; data: object; now: Date },
): Promise<string> {
  const eventId = randomUUID();
  const payload = JSON.stringify({ id: eventId, type: event.type, created: event.now.toISOString(), data: event.data });
  await enqueueWebhookDeliveries(db, { userId: event.userId, endpointIds: event.endpointIds, eventId, eventType: event.type, payload, now: event.now });
  return eventId;
}

/**
 * Tells the clinic's systems of a change to an appointment, as it now stands. The body holds
 * what the clinic's inbox shows (who, when, with whom) and nothing of the visitor's screening.
 */
export async function queueAppointmentWebhook(
  db: Kysely<Database>,
  change: { userId: string; appointmentId: string; type: AppointmentEventType; now: Date },
): Promise<void> {
  const endpoints = await listWebhookEndpoints(db, change.userId);
  if (endpoints.length === 0) return;
  const appointment = (await findAppointmentOf(db, change.userId, change.appointmentId))!;
  const data = {
    appointment: {
      id: appointment.id,
      status: appointment.status,
      startUtc: appointment.startUtc.toISOString(),
      endUtc: appointment.endUtc.toISOString(),
      psychologist: { id: appointment.psychologist.id, name: appointment.psychologist.name },
      client: {
        name: appointment.client.name,
        email: appointment.client.email,
        phone: appointment.client.phone,
        timezone: appointment.client.timezone,
        language: appointment.client.language,
      },
    },
  };
  await queueEvent(db, { ...change, data, endpointIds: endpoints.map((endpoint) => endpoint.id) });
}

/** The admin's "Send test event": one event for one endpoint, through the same outbox. */
export function queueTestWebhook(db: Kysely<Database>, test: { userId: string; endpointId: string; now: Date }): Promise<string> {
  return queueEvent(db, { userId: test.userId, type: 'webhook.test', data: { message: 'A test event from Minda.' }, now: test.now, endpointIds: [test.endpointId] });
}
