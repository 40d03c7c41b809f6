import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Env } from '../env';
import { enqueueStaffAlert } from './staff-alert';

/**
 * When a request flagged "contact promptly" reaches the clinic (booked, or a hold accepted),
 * queues the crisis_alert to the clinic's crisis contact number in the caller's transaction
 * (staff-alert.ts says when it goes); the message opens the inbox, the admin's Appointments
 * screen, where waiting requests are answered.
 */
export async function enqueueCrisisAlert(
  trx: Kysely<Database>,
  request: { userId: string; contactPromptly: boolean },
  services: { env: Pick<Env, 'whatsapp' | 'publicUrl'>; now: Date },
): Promise<void> {
  if (request.contactPromptly) await enqueueStaffAlert(trx, 'crisis_alert', request.userId, services);
}
