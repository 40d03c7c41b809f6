import { findAppointmentByTokenHash } from '../../db/repositories/appointments';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { translationsFor } from '../translations';
import { acceptHold } from './accept-hold';
import { findOwnAppointment, type OwnAppointment, toOwnAppointment } from './own-appointment';

/**
 * POST /api/public/appointments/manage/{token}/confirm-email: the visitor confirms that the
 * booking is theirs (acceptHold: only now does it reach the psychologist and the clinic). A hold
 * whose time ran out is refused even before the expiry job has freed its slot; confirming twice
 * changes nothing and sends nothing twice. A paid hold is confirmed by its payment only.
 */
export async function confirmBookingEmail(
  ctx: Pick<RequestContext, 'db' | 'env' | 'now'>,
  { token }: { token: string },
): Promise<OwnAppointment> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const refusal = translationsFor(seen.client.language).booking;
  const lapsed = seen.status === 'expired' || (seen.status === 'held' && seen.holdExpiresAt !== null && seen.holdExpiresAt <= now);
  if (lapsed) throw new AppError('CONFLICT', refusal.holdExpired());
  if (seen.status !== 'held') return toOwnAppointment(ctx.db, seen, now);
  // A paid hold is the payment's to accept, through Stripe's webhook (decision 0062).
  if (await findBookingPaymentTerms(ctx.db, seen.id)) throw new AppError('CONFLICT', refusal.paidByPayment());

  await acceptHold(ctx, seen, { from: 'held' });
  // Read after the commit: inside the transaction MySQL would show the snapshot it began with,
  // not the expiry that beat this confirmation.
  const current = await findAppointmentByTokenHash(ctx.db, hashSecretToken(token));
  if (!current) throw new NotFoundError('appointment');
  if (current.status === 'expired') throw new AppError('CONFLICT', refusal.holdExpired());
  return toOwnAppointment(ctx.db, current, now);
}
