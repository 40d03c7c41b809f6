import type { Kysely } from 'kysely';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueWhatsappOnce, type OutboxWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { findWhatsappSettings } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import type { AdminSectionId } from '../../domain/roles';
import { crisisAlertNumber, crisisAlertOnceKey, templateNameOf } from '../../domain/whatsapp-messages';
import type { Env } from '../env';
import { type WhatsappClinic, whatsappClinicFrom } from './whatsapp-notices';

/** The clinic's inbox: the admin's Appointments screen, where waiting requests are answered. */
const INBOX: AdminSectionId = 'appointments';

/**
 * The alert itself: the crisis_alert template, carrying the clinic's name and the inbox's address,
 * nothing of the request (no name, no reason, no time). In English: a clinic has no language of
 * its own to choose by (docs/decisions/0063). Not tied to the appointment: the visitor's STOP or
 * erasure must not withdraw it, and a reply to it must not act on the booking.
 */
export function crisisAlert(clinic: WhatsappClinic, to: string, env: Pick<Env, 'publicUrl'>, language: 'en' | 'ms' = 'en'): OutboxWhatsapp {
  return {
    kind: 'crisis_alert',
    userId: clinic.userId,
    appointmentId: null,
    to,
    sender: clinic.sender,
    body: { type: 'template', name: templateNameOf('crisis_alert'), language, parameters: [clinic.name, `${env.publicUrl}${language === 'ms' ? '/ms' : ''}/admin/${INBOX}`] },
  };
}

/**
 * When a request flagged "contact promptly" reaches the clinic (booked, or a hold accepted),
 * queues the alert to the clinic's crisis contact number in the caller's transaction: only with
 * WhatsApp set up on the server and switched on by the clinic, and a crisis contact number that
 * is a Malaysian mobile (crisisAlertNumber); otherwise nothing is sent. One alert per clinic
 * and quiet period (crisisAlertOnceKey), however many flagged requests arrive.
 */
export async function enqueueCrisisAlert(
  trx: Kysely<Database>,
  request: { userId: string; contactPromptly: boolean },
  services: { env: Pick<Env, 'whatsapp' | 'publicUrl'>; now: Date },
): Promise<void> {
  const whatsapp = services.env.whatsapp;
  if (!request.contactPromptly || !whatsapp) return;
  const settings = await findWhatsappSettings(trx, request.userId);
  const screener = await findConfigurationOfOperator(trx, request.userId);
  const to = crisisAlertNumber(screener?.crisisContact ?? null);
  if (!settings?.enabled || !screener || !to) return;
  const alert = crisisAlert(whatsappClinicFrom(request.userId, settings, screener, whatsapp), to, services.env);
  await enqueueWhatsappOnce(trx, { ...alert, onceKey: crisisAlertOnceKey(request.userId, services.now) }, services.now);
}
