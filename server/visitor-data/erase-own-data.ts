import { lockAppointment, moveAppointment } from '../../db/repositories/appointments';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { findBookingCounter } from '../../db/repositories/users';
import { inTransaction } from '../../db/transaction';
import { canMove } from '../../domain/appointment-status';
import { brandOfOperator } from '../appointments/booking-notifications';
import { cancellableUntil, findOwnAppointment } from '../appointments/own-appointment';
import { recordAppointmentChange } from '../appointments/record-appointment-change';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { visitorErasedEmail } from '../mail/booking-emails';
import { translationsFor } from '../translations';
import { closeLinks } from './closed-links';
import { eraseVisitorData } from './erase-visitor-data';
import { findBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { finishEndingRefund, writeDownEndingRefund } from '../payments/cancel-refund';

/**
 * POST /api/public/appointments/manage/{token}/erase: the visitor erases their personal data
 * (the PDPA's withdrawal of consent). An appointment still ahead is cancelled first, up to the
 * cancellation notice as the link's own cancel is: inside it the erasure is refused (409) and the
 * page shows the clinic's contacts, since the clinic expects them and could no longer reach them
 * (docs/decisions/0042); a paid one up to its start, as its link's cancel, its payment refunded
 * by the policy as that cancel's (cancel-refund.ts: in full before the notice). The refund is
 * written down in the erasure's transaction and asked of Stripe after it; the payment's rows
 * (amounts, Stripe's ids, no name) stay for the refund and the clinic's books. One that has begun or passed is erased as it stands. The change is
 * recorded and sent to the clinic's webhooks as any cancellation; the psychologist and the
 * clinic get a notice without the visitor's name or contacts (and never any results), the
 * visitor no mail (their address goes). Afterwards the link answers 410 "you erased this
 * booking's data" for a while (closed-links.ts).
 */
export async function eraseOwnData(ctx: Pick<RequestContext, 'db' | 'env' | 'now' | 'billing' | 'log'>, { token }: { token: string }): Promise<{ ok: true }> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const ahead = seen.startUtc > now;
  // A paid booking's link cancels it until it starts, inside the notice keeping the policy's part
  // (cancel-own-booking.ts); its erasure follows the same rule.
  const paid = (await findBookingPaymentTerms(ctx.db, seen.id)) !== undefined;
  if (ahead && canMove(seen.status, 'cancelled') && now >= cancellableUntil(seen, paid)) {
    throw new AppError('CONFLICT', translationsFor(seen.client.language).booking.manageEraseInsideNotice());
  }
  const answer = await inTransaction(ctx.db, async (trx) => {
    const current = await lockAppointment(trx, seen.id);
    if (!current) throw new NotFoundError('appointment');
    const cancels = ahead && canMove(current.status, 'cancelled') && (await moveAppointment(trx, seen.id, 'cancelled', now));
    if (cancels) {
      await recordAppointmentChange(trx, { userId: seen.userId, appointmentId: seen.id, actor: 'visitor', from: current.status, to: 'cancelled', at: now });
      await writeDownEndingRefund(trx, { userId: seen.userId, appointment: seen, cause: 'visitor_cancelled', actor: 'visitor', accountId: null, at: now });
    }
    // A second erasure racing this one finds it done: the same answer as for an unknown link.
    if (!(await eraseVisitorData(trx, { userId: seen.userId, appointmentId: seen.id, actor: 'visitor', action: 'visitor.erased', now }))) {
      throw new NotFoundError('appointment');
    }
    await closeLinks(trx, { tokenHashes: [hashSecretToken(token)], kind: 'appointment', reason: 'visitor-erased' }, now);
    // Queued after the erasure withdrew the mails about it; a hold had not reached the clinic.
    if (cancels && current.status !== 'held') {
      const screener = (await findConfigurationOfOperator(trx, seen.userId))!;
      const { operatorEmail } = (await findBookingCounter(trx, seen.userId))!;
      const notice = visitorErasedEmail(seen, brandOfOperator(screener, operatorEmail, ctx.env));
      await enqueueEmails(
        trx,
        [
          { kind: 'visitor-erased', to: seen.psychologist.email, ...notice },
          { kind: 'visitor-erased', to: operatorEmail, ...notice },
        ],
        now,
      );
    }
    return { ok: true as const };
  });
  await finishEndingRefund(ctx, { userId: seen.userId, appointmentId: seen.id });
  return answer;
}
