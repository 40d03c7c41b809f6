import { z } from 'zod';
import { releaseEmailsNow } from '../../db/repositories/email-outbox';
import { countWhatsappSentSince, withdrawClinicWhatsapp } from '../../db/repositories/whatsapp-outbox';
import { findWhatsappSettings, updateWhatsappSettings } from '../../db/repositories/whatsapp-settings';
import { inTransaction } from '../../db/transaction';
import { startOfMalaysianMonth } from '../../domain/whatsapp-messages';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';

/** Meta shows a template's parameter in a line of its own; a long name would crowd the lock screen. */
export const MAX_WHATSAPP_NAME_LENGTH = 30;

/** PUT /api/whatsapp-settings: the clinic's switch and the shorter name its messages carry. */
export const ZSaveWhatsappSettings = z.object({
  /**
   * On, visitors are offered WhatsApp messages on the booking form. Off, none is offered and no
   * message goes, to bookings that had them too; their e-mails go instead.
   */
  enabled: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** The name in its messages, the only identifying word there; null or '' for its usual name. */
  shortName: z
    .string({ error: fieldMessage('atMostCharacters', { max: MAX_WHATSAPP_NAME_LENGTH }) })
    .trim()
    .max(MAX_WHATSAPP_NAME_LENGTH, { error: fieldMessage('atMostCharacters', { max: MAX_WHATSAPP_NAME_LENGTH }) })
    .nullable()
    .transform((name) => name || null),
});

/** GET /api/whatsapp-settings. */
export const ZWhatsappSettings = z.object({
  enabled: z.boolean(),
  shortName: z.string().nullable(),
  /** Messages sent for the clinic since the start of this month, Malaysian time (Meta bills each). */
  sentThisMonth: z.number().int(),
  /** Whether its messages come from its own number rather than Minda's (set by Minda's operator). */
  ownSender: z.boolean(),
});
export type WhatsappSettings = z.output<typeof ZWhatsappSettings>;

export async function getWhatsappSettings(ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>): Promise<WhatsappSettings> {
  const settings = await findWhatsappSettings(ctx.db, ctx.admin.id);
  if (!settings) throw new NotFoundError('screener');
  const sentThisMonth = await countWhatsappSentSince(ctx.db, ctx.admin.id, startOfMalaysianMonth(ctx.now()));
  return { enabled: settings.enabled, shortName: settings.shortName, sentThisMonth, ownSender: settings.sender !== null };
}

export async function saveWhatsappSettings(
  ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>,
  settings: z.output<typeof ZSaveWhatsappSettings>,
): Promise<WhatsappSettings> {
  await inTransaction(ctx.db, async (trx) => {
    await updateWhatsappSettings(trx, ctx.admin.id, settings);
    // Switched off: what is still waiting is withdrawn with it, and the e-mails that stood by go now.
    if (!settings.enabled) await releaseEmailsNow(trx, await withdrawClinicWhatsapp(trx, ctx.admin.id), ctx.now());
  });
  return getWhatsappSettings(ctx);
}
