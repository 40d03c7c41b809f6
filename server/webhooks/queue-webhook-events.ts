import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { enqueueWebhookDeliveries, listWebhookEndpoints } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import type { RefundReason } from '../../domain/payment-policy';
import { type AppointmentEventType, endpointReceives, type PaymentEventType } from '../../domain/webhook-events';
import { appointmentEventBody, type EventPayment, paymentEventBody, testEventBody } from './webhook-catalogue';

/**
 * Tells the clinic's systems of a change to an appointment, as it now stands, in the transaction
 * of the change: the event exists exactly when the change committed, for every endpoint that
 * chose its type. The body is built now (webhook-catalogue.ts), so every endpoint and every
 * retry receives the same bytes; it holds what the clinic's inbox shows (who, when, with whom)
 * and nothing of the visitor's screening. The appointment's revision orders its events
 * per endpoint (deliver-webhooks.ts).
 */
export async function queueAppointmentWebhook(
  db: Kysely<Database>,
  change: { userId: string; appointmentId: string; type: AppointmentEventType; now: Date; movedFrom?: { startUtc: Date; endUtc: Date } },
): Promise<void> {
  const endpoints = (await listWebhookEndpoints(db, change.userId)).filter((endpoint) => endpointReceives(endpoint.eventTypes, change.type));
  if (endpoints.length === 0) return;
  const appointment = (await findAppointmentOf(db, change.userId, change.appointmentId))!;
  const eventId = randomUUID();
  const payload = appointmentEventBody({ id: eventId, type: change.type, occurredAt: change.now, appointment, movedFrom: change.movedFrom });
  await enqueueWebhookDeliveries(db, {
    userId: change.userId,
    endpointIds: endpoints.map((endpoint) => endpoint.id),
    eventId,
    eventType: change.type,
    about: { appointmentId: appointment.id, revision: appointment.revision },
    payload,
    now: change.now,
  });
}

/**
 * Tells the clinic's systems of a payment or a refund, in the transaction that recorded it, in
 * its appointment's order: it waits behind the appointment's own events up to its revision now.
 * A payment outlives an appointment deleted with its slot or psychologist (decision 0062): its
 * refund's event then waits for nothing.
 */
export async function queuePaymentWebhook(
  db: Kysely<Database>,
  change: { userId: string; type: PaymentEventType; payment: EventPayment; refund?: { id: string; amountSen: number; reason: RefundReason }; now: Date },
): Promise<void> {
  const endpoints = (await listWebhookEndpoints(db, change.userId)).filter((endpoint) => endpointReceives(endpoint.eventTypes, change.type));
  if (endpoints.length === 0) return;
  const appointment = await db.selectFrom('appointments').select('revision').where('id', '=', change.payment.appointmentId).executeTakeFirst();
  const eventId = randomUUID();
  const payload = paymentEventBody({ id: eventId, type: change.type, occurredAt: change.now, payment: change.payment, refund: change.refund });
  await enqueueWebhookDeliveries(db, {
    userId: change.userId,
    endpointIds: endpoints.map((endpoint) => endpoint.id),
    eventId,
    eventType: change.type,
    about: appointment ? { appointmentId: change.payment.appointmentId, revision: Number(appointment.revision) } : null,
    payload,
    now: change.now,
  });
}

/** The admin's "Send test event": one event for one endpoint, through the same outbox, whatever types it chose. */
export async function queueTestWebhook(db: Kysely<Database>, test: { userId: string; endpointId: string; now: Date }): Promise<string> {
  const eventId = randomUUID();
  const payload = testEventBody({ id: eventId, occurredAt: test.now });
  await enqueueWebhookDeliveries(db, { userId: test.userId, endpointIds: [test.endpointId], eventId, eventType: 'webhook.test', about: null, payload, now: test.now });
  return eventId;
}
