import type { Kysely } from 'kysely';
import { recordAppointmentEvent } from '../../db/repositories/appointments';
import type { Database } from '../../db/schema';
import type { AppointmentActor, AppointmentStatus } from '../../domain/appointment-status';
import { webhookEventOf } from '../../domain/webhook-events';
import { queueAppointmentWebhook } from '../webhooks/queue-webhook-events';

/**
 * Every change of an appointment, in the transaction that made it: recorded (when, by whom,
 * from which status to which; the same status is a new time) and told to the clinic's webhook
 * endpoints when it is the clinic's business. A move names the times it moved from.
 */
export async function recordAppointmentChange(
  db: Kysely<Database>,
  change: {
    userId: string;
    appointmentId: string;
    actor: AppointmentActor;
    from: AppointmentStatus | null;
    to: AppointmentStatus;
    at: Date;
    movedFrom?: { startUtc: Date; endUtc: Date };
  },
): Promise<void> {
  const { movedFrom, ...event } = change;
  await recordAppointmentEvent(db, event);
  const type = webhookEventOf(change.from, change.to);
  if (type) await queueAppointmentWebhook(db, { userId: change.userId, appointmentId: change.appointmentId, type, now: change.at, movedFrom });
}
