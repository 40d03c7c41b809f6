import type { Kysely } from 'kysely';
import { recordAppointmentEvent } from '../../db/repositories/appointments';
import type { Database } from '../../db/schema';
import type { AppointmentActor, AppointmentStatus } from '../../domain/appointment-status';
import { webhookEventOf } from '../../domain/webhooks';
import { queueAppointmentWebhook } from '../webhooks/queue-webhook-events';

/**
 * Every change of an appointment, in the transaction that made it: recorded (when, by whom,
 * from which status to which; the same status is a new time) and told to the clinic's webhook
 * endpoints when it is the clinic's business.
 */
export async function recordAppointmentChange(
  db: Kysely<Database>,
  change: { userId: string; appointmentId: string; actor: AppointmentActor; from: AppointmentStatus | null; to: AppointmentStatus; at: Date },
): Promise<void> {
  await recordAppointmentEvent(db, change);
  const type = webhookEventOf(change.from, change.to);
  if (type) await queueAppointmentWebhook(db, { userId: change.userId, appointmentId: change.appointmentId, type, now: change.at });
}
