import { z } from 'zod';
import { findBookingOrigin } from '../../db/repositories/appointments';
import { SPAM_MARKABLE_STATUSES } from '../../domain/appointment-status';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { entityId } from '../zod-fields';
import type { AdminAppointment } from './admin-appointment';
import { changeAsClinic } from './answer-appointment';
import { giveBackAllowance } from './booking-allowance';
import { blockSpamOrigin } from './booking-blocks';

/** POST /api/appointments/:appointmentId/spam. */
export const ZDeclineAsSpamRequest = z.object({ appointmentId: entityId('appointment') });
export type DeclineAsSpamRequest = z.output<typeof ZDeclineAsSpamRequest>;

/**
 * "Decline as spam" from the clinic's inbox: the booking (a request, or one confirmed
 * automatically) is declined and its slot freed, whatever it counted toward the free allowance
 * is given back, and the clinic refuses new bookings from the same e-mail (case, +tags and
 * Gmail's dots folded) and the same client address for SPAM_BLOCK_DAYS. Nobody is mailed: the
 * address may be a stranger's typed by someone else. The clinic's webhooks hear of a decline.
 */
export function declineAsSpam(ctx: Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'admin' | 'member' | 'billing' | 'log'>, { appointmentId }: DeclineAsSpamRequest): Promise<AdminAppointment> {
  const userId = ctx.admin.id;
  return changeAsClinic(ctx, { to: 'declined', from: SPAM_MARKABLE_STATUSES, action: 'spam' }, appointmentId, async (trx, declined) => {
    // A session that took place was no stranger's: marking it would hand back a free booking it used.
    if (declined.startUtc <= ctx.now()) throw new AppError('CONFLICT', (t) => t.errors.spamAfterStart());
    await giveBackAllowance(trx, { userId, appointmentId: declined.id });
    const origin = (await findBookingOrigin(trx, declined.id))!;
    await blockSpamOrigin(trx, ctx, { userId, ...origin, now: ctx.now() });
  });
}
