import { z } from 'zod';
import { recordAudit } from '../../db/repositories/audit-log';
import { measureSettingsOf, updateMeasureSettings } from '../../db/repositories/measures';
import { inTransaction } from '../../db/transaction';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';

/** Days from sending: a reminder within the first fortnight, an expiry by the next fortnightly measure. */
const DAYS = { min: 1, max: 14 } as const;

const ZDays = z
  .number({ error: fieldMessage('wholeNumberBetween', DAYS) })
  .int({ error: fieldMessage('wholeNumberBetween', DAYS) })
  .min(DAYS.min, { error: fieldMessage('wholeNumberBetween', DAYS) })
  .max(DAYS.max, { error: fieldMessage('wholeNumberBetween', DAYS) });

/** GET/PUT /api/measure-settings: when the reminder follows a measure, when it expires, and whether clients see their trend (issue 30). */
export const ZMeasureSettings = z
  .object({
    reminderDays: ZDays,
    expiryDays: ZDays,
    trendVisible: z.boolean({ error: fieldMessage('trueOrFalse') }),
  })
  .refine((settings) => settings.reminderDays < settings.expiryDays, { path: ['reminderDays'], message: fieldMessage('reminderBeforeExpiry') });
export type MeasureSettingsView = z.output<typeof ZMeasureSettings>;

export async function getMeasureSettings(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<MeasureSettingsView> {
  const settings = await measureSettingsOf(ctx.db, ctx.admin.id);
  if (!settings) throw new NotFoundError('screener');
  return settings;
}

/**
 * The owner or an admin changes them, audited with the new values (no client's data in them).
 * They apply to measures sent from now on; a measure sent keeps the expiry its mail stated.
 */
export async function saveMeasureSettings(ctx: Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>, settings: MeasureSettingsView): Promise<MeasureSettingsView> {
  await inTransaction(ctx.db, async (trx) => {
    await updateMeasureSettings(trx, ctx.admin.id, settings);
    const detail = `reminder ${settings.reminderDays}d, expiry ${settings.expiryDays}d, trend ${settings.trendVisible ? 'shown' : 'hidden'}`;
    await recordAudit(trx, { userId: ctx.admin.id, actor: 'clinic', accountId: ctx.member.accountId, action: 'measures.settings-changed', subjectId: null, detail, at: ctx.now() });
  });
  return getMeasureSettings(ctx);
}
