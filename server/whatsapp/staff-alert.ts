import type { Kysely } from 'kysely';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueWhatsappOnce, type OutboxWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { findWhatsappSettings } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import type { AdminSectionId } from '../../domain/roles';
import { crisisAlertNumber, type StaffWhatsappKind, staffAlertOnceKey, templateNameOf } from '../../domain/whatsapp-messages';
import type { Env } from '../env';
import { type WhatsappClinic, whatsappClinicFrom } from './whatsapp-notices';

/** The admin screen each alert opens: the inbox for a waiting request, Today for a measure's alert. */
const SCREEN_OF: Record<StaffWhatsappKind, AdminSectionId> = { crisis_alert: 'appointments', measure_alert: 'today' };

/**
 * An alert to the clinic's staff: the kind's template, carrying the clinic's name and the
 * address of the admin screen that shows what it is about, nothing of it (no name, no reason, no
 * time, no score). In English: a clinic has no language of its own to choose by (docs/decisions/0063).
 * Tied to no appointment: the visitor's STOP or erasure must not withdraw it, and a reply to it
 * must not act on a booking.
 */
export function staffAlert(kind: StaffWhatsappKind, clinic: WhatsappClinic, to: string, env: Pick<Env, 'publicUrl'>, language: 'en' | 'ms' = 'en'): OutboxWhatsapp {
  return {
    kind,
    userId: clinic.userId,
    appointmentId: null,
    to,
    sender: clinic.sender,
    body: { type: 'template', name: templateNameOf(kind), language, parameters: [clinic.name, `${env.publicUrl}${language === 'ms' ? '/ms' : ''}/admin/${SCREEN_OF[kind]}`] },
  };
}

/**
 * Queues a staff alert to the clinic's crisis contact number in the caller's transaction: only
 * with WhatsApp set up on the server and switched on by the clinic, and a crisis contact number
 * that is a Malaysian mobile (crisisAlertNumber); otherwise nothing is sent. One of a kind per
 * clinic and quiet period (staffAlertOnceKey), however many arrive.
 */
export async function enqueueStaffAlert(
  trx: Kysely<Database>,
  kind: StaffWhatsappKind,
  userId: string,
  services: { env: Pick<Env, 'whatsapp' | 'publicUrl'>; now: Date },
): Promise<void> {
  const whatsapp = services.env.whatsapp;
  if (!whatsapp) return;
  const settings = await findWhatsappSettings(trx, userId);
  const screener = await findConfigurationOfOperator(trx, userId);
  const to = crisisAlertNumber(screener?.crisisContact ?? null);
  if (!settings?.enabled || !screener || !to) return;
  const alert = staffAlert(kind, whatsappClinicFrom(userId, settings, screener, whatsapp), to, services.env);
  await enqueueWhatsappOnce(trx, { ...alert, onceKey: staffAlertOnceKey(kind, userId, services.now) }, services.now);
}
