import type { Kysely, Transaction } from 'kysely';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';

/** A clinic's WhatsApp settings (docs/decisions/0063). */
export interface WhatsappSettingsRow {
  enabled: boolean;
  /** The shorter name its messages carry; null: its usual name. */
  shortName: string | null;
  /** The Cloud API phone number id that sends its messages; null: Minda's own number. */
  sender: string | null;
}

export async function findWhatsappSettings(db: Kysely<Database>, userId: string): Promise<WhatsappSettingsRow | undefined> {
  const row = await db.selectFrom('users').select(['whatsapp_enabled', 'whatsapp_name', 'whatsapp_sender']).where('id', '=', userId).executeTakeFirst();
  return row && { enabled: Boolean(row.whatsapp_enabled), shortName: row.whatsapp_name, sender: row.whatsapp_sender };
}

export async function updateWhatsappSettings(db: Kysely<Database>, userId: string, settings: Pick<WhatsappSettingsRow, 'enabled' | 'shortName'>): Promise<void> {
  await db.updateTable('users').set({ whatsapp_enabled: settings.enabled, whatsapp_name: settings.shortName }).where('id', '=', userId).execute();
}

/**
 * Ends WhatsApp messages for a booking, once: tells whether this call ended them (false when
 * they were never wanted or already ended).
 */
export async function markWhatsappStopped(db: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ whatsapp_stopped_at: now })
    .where('id', '=', appointmentId)
    .where('whatsapp_reminders', '=', 1)
    .where('whatsapp_stopped_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The bookings whose WhatsApp messages still go to this number: a "STOP" typed without quoting a
 * message names no booking, so it ends them all (issue 29: STOP must always work).
 */
export async function bookingsMessagingNumber(db: Kysely<Database>, phone: string): Promise<{ id: string; userId: string }[]> {
  return db
    .selectFrom('appointments')
    .select(['id', 'user_id as userId'])
    .where('client_phone', '=', phone)
    .where('whatsapp_reminders', '=', 1)
    .where('whatsapp_stopped_at', 'is', null)
    .execute();
}

/**
 * A booking's WhatsApp consent and number, its row locked until the transaction ends: a STOP
 * (markWhatsappStopped) waits for the message queued under it, and then withdraws it.
 */
export async function lockWhatsappOfBooking(trx: Transaction<Database>, appointmentId: string) {
  const row = await lockedRows(trx, trx.selectFrom('appointments').select(['whatsapp_reminders', 'whatsapp_stopped_at', 'client_phone']).where('id', '=', appointmentId)).executeTakeFirst();
  return (
    row && {
      whatsApp: { consented: Boolean(row.whatsapp_reminders), stoppedAt: row.whatsapp_stopped_at === null ? null : asDate(row.whatsapp_stopped_at) },
      client: { phone: row.client_phone },
    }
  );
}
