import { z } from 'zod';
import { findBookingCounter, updateBookingSettings } from '../../db/repositories/users';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';

/** How the clinic takes bookings (domain/appointment-status.ts, initialStatus). GET/PUT /api/booking-settings. */
export const ZBookingSettings = z.object({
  /** Visitors confirm their e-mail before a booking counts or reaches the clinic. */
  confirmVisitorEmail: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** Requests are confirmed without the clinic's answer. */
  autoConfirmRequests: z.boolean({ error: fieldMessage('trueOrFalse') }),
  /** Visitors get a second reminder 2 hours before, beside the one 24 hours before. */
  secondReminder: z.boolean({ error: fieldMessage('trueOrFalse') }),
});
export type BookingSettings = z.output<typeof ZBookingSettings>;

export async function getBookingSettings(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<BookingSettings> {
  const counter = await findBookingCounter(ctx.db, ctx.admin.id);
  if (!counter) throw new NotFoundError('screener');
  return { confirmVisitorEmail: counter.confirmVisitorEmail, autoConfirmRequests: counter.autoConfirmRequests, secondReminder: counter.secondReminder };
}

/** Applies to bookings made from now on; holds already made stay holds until confirmed or lapsed. */
export async function saveBookingSettings(ctx: Pick<OperatorContext, 'db' | 'admin'>, settings: BookingSettings): Promise<BookingSettings> {
  await updateBookingSettings(ctx.db, ctx.admin.id, settings);
  return getBookingSettings(ctx);
}
