import type { Kysely } from 'kysely';
import { type AuditAction, recordAudit } from '../../db/repositories/audit-log';
import { withdrawEmailsAbout } from '../../db/repositories/email-outbox';
import { deleteIdempotentAnswersAbout } from '../../db/repositories/idempotency-keys';
import { deleteMeasurePlansOf } from '../../db/repositories/measure-plans';
import { deleteMeasuresOf } from '../../db/repositories/measures';
import { eraseVisitorOf, redactWebhooksAbout } from '../../db/repositories/visitor-data';
import { withdrawWhatsappAbout } from '../../db/repositories/whatsapp-outbox';
import type { Database } from '../../db/schema';
import type { AppointmentActor } from '../../domain/appointment-status';

/**
 * Erases what identifies the visitor of one appointment, in the caller's transaction: their name,
 * e-mail, phone, shared results and private link; their repeat-measure plans, open or withdrawn, with their measures and alerts
 * (docs/decisions/0067: erasure takes what the client told them); the mails about it still waiting (to them or
 * naming them), and the WhatsApp messages still waiting, with their numbers and texts; their contact details in the webhook events about it; and the answers kept
 * for replay under an Idempotency-Key about it (docs/decisions/0059). Status, times,
 * psychologist, history and consents (which name no one) stay as the clinic's anonymous record.
 * Audited. False when it was already erased (another process, or the visitor twice): then
 * nothing is written.
 */
export async function eraseVisitorData(
  trx: Kysely<Database>,
  erasure: { userId: string; appointmentId: string; actor: AppointmentActor; action: Extract<AuditAction, 'visitor.erased' | 'retention.erased'>; now: Date },
): Promise<boolean> {
  if (!(await eraseVisitorOf(trx, erasure.appointmentId, erasure.now))) return false;
  // The e-mails that stood by for the messages are withdrawn with the rest just below.
  await withdrawWhatsappAbout(trx, erasure.appointmentId);
  await withdrawEmailsAbout(trx, erasure.appointmentId);
  await redactWebhooksAbout(trx, erasure.userId, erasure.appointmentId);
  await deleteIdempotentAnswersAbout(trx, erasure.appointmentId);
  await deleteMeasuresOf(trx, erasure.appointmentId);
  await deleteMeasurePlansOf(trx, erasure.appointmentId);
  await recordAudit(trx, { userId: erasure.userId, actor: erasure.actor, action: erasure.action, subjectId: erasure.appointmentId, at: erasure.now });
  return true;
}
