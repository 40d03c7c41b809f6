import { z } from 'zod';
import { findBookingCounter, updateBookingSettings } from '../../db/repositories/users';
import { updateRetentionDays } from '../../db/repositories/visitor-data';
import { RETENTION_DAYS } from '../../domain/retention';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';

const ZRetentionDays = z
  .number({ error: fieldMessage('wholeNumberBetween', { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max }) })
  .int({ error: fieldMessage('wholeNumberBetween', { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max }) })
  .min(RETENTION_DAYS.min, { error: fieldMessage('wholeNumberBetween', { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max }) })
  .max(RETENTION_DAYS.max, { error: fieldMessage('wholeNumberBetween', { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max }) });

/** How the clinic takes bookings (domain/appointment-status.ts, initialStatus). GET/PUT /api/booking-settings. */
export const ZBookingSettings = z.object({
  /** Visitors confirm their e-mail before a booking counts or reaches the clinic. */
  confirmVisitorEmail: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** Requests are confirmed without the clinic's answer. */
  autoConfirmRequests: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** Visitors get a second reminder 2 hours before, beside the one 24 hours before. */
  secondReminder: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** Days a visitor's personal data is kept after their appointment ends (domain/retention.ts). */
  retentionDays: ZRetentionDays,
});
export type BookingSettings = z.output<typeof ZBookingSettings>;

/** PUT's body: a client written before retention existed may leave it out, and it stays as it is. */
export const ZSaveBookingSettings = ZBookingSettings.extend({ retentionDays: ZRetentionDays.optional() });

export async function getBookingSettings(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<BookingSettings> {
  const counter = await findBookingCounter(ctx.db, ctx.admin.id);
  if (!counter) throw new NotFoundError('screener');
  return {
    confirmVisitorEmail: counter.confirmVisitorEmail,
    autoConfirmRequests: counter.autoConfirmRequests,
    secondReminder: counter.secondReminder,
    retentionDays: counter.retentionDays,
  };
}

/** Applies to bookings made from now on; holds already made stay holds until confirmed or lapsed. A new period applies at the next daily erasure. */
export async function saveBookingSettings(
  ctx: Pick<OperatorContext, 'db' | 'admin'>,
  settings: z.output<typeof ZSaveBookingSettings>,
): Promise<BookingSettings> {
  await updateBookingSettings(ctx.db, ctx.admin.id, settings);
  if (settings.retentionDays !== undefined) await updateRetentionDays(ctx.db, ctx.admin.id, settings.retentionDays);
  return getBookingSettings(ctx);
}
