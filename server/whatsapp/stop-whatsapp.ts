import type { Kysely } from 'kysely';
import { releaseEmailsNow } from '../../db/repositories/email-outbox';
import { withdrawWhatsappAbout } from '../../db/repositories/whatsapp-outbox';
import { markWhatsappStopped } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { RequestContext } from '../context';
import { findOwnAppointment, type OwnAppointment, viewOwnAppointment } from '../appointments/own-appointment';

/**
 * Ends WhatsApp messages for one booking, in the caller's transaction: the messages still
 * waiting are withdrawn and the e-mails that stood by for them go now. E-mail remains.
 * Tells whether this call ended them.
 */
export async function stopWhatsappFor(trx: Kysely<Database>, appointmentId: string, now: Date): Promise<boolean> {
  if (!(await markWhatsappStopped(trx, appointmentId, now))) return false;
  await releaseEmailsNow(trx, await withdrawWhatsappAbout(trx, appointmentId), now);
  return true;
}

/**
 * POST /api/public/appointments/manage/{token}/stop-whatsapp: the visitor ends WhatsApp
 * messages from their page, as "STOP" does. Stopping again, or without them, changes nothing.
 */
export async function stopOwnWhatsapp(ctx: Pick<RequestContext, 'db' | 'now'>, { token }: { token: string }): Promise<OwnAppointment> {
  const appointment = await findOwnAppointment(ctx.db, token);
  await inTransaction(ctx.db, (trx) => stopWhatsappFor(trx, appointment.id, ctx.now()));
  return viewOwnAppointment(ctx, { token });
}
