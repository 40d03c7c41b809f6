import { findAppointmentByTokenHash, lockAppointment, rescheduleAppointment } from '../../db/repositories/appointments';
import { takeScheduleTime } from '../availability/schedule-times';
import { findSlotOf, lockSlot } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { findBookingCounter } from '../../db/repositories/users';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { holdsSlot } from '../../domain/appointment-status';
import { bookingWindow, isInBookingWindow } from '../../domain/booking';
import { MAX_VISITOR_MOVES, mayMoveAgain, mayMoveTo } from '../../domain/visitor-changes';
import { hashSecretToken } from '../auth/secret-tokens';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { translationsFor } from '../translations';
import { entityId } from '../zod-fields';
import { enqueueVisitorChangeEmails } from './booking-notifications';
import { changeableUntil, findOwnAppointment, type OwnAppointment, toOwnAppointment, ZManageTokenRequest } from './own-appointment';
import { recordAppointmentChange } from './record-appointment-change';
import { enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';

/** POST /api/public/appointments/manage/{token}/reschedule, body `{ slotId }`. */
export const ZRescheduleOwnBookingRequest = ZManageTokenRequest.extend({ slotId: entityId('slot') });

/**
 * The visitor moves their appointment to another free slot of the same psychologist, up to the
 * cancellation notice. One transaction takes the new slot and frees the old one, locking the new
 * slot's row first as a booking does, so a booking and a move racing for one slot wait for each
 * other and exactly one wins; the UNIQUE active_slot_id refuses the other even so. The
 * appointment keeps its status and its link. A visitor moves a booking at most MAX_VISITOR_MOVES
 * times, counted by the move's own statement, so moves racing cannot pass the bound; after that
 * the link says to contact the clinic (docs/decisions/0038).
 */
export async function rescheduleOwnBooking(
  ctx: Pick<RequestContext, 'db' | 'env' | 'now'>,
  { token, slotId }: { token: string; slotId: string },
): Promise<OwnAppointment> {
  const now = ctx.now();
  const seen = await findOwnAppointment(ctx.db, token);
  const refusal = translationsFor(seen.client.language).booking;
  if (!holdsSlot(seen.status)) throw new AppError('CONFLICT', refusal.cannotReschedule());
  if (now >= changeableUntil(seen)) throw new AppError('CONFLICT', refusal.insideNotice());
  if (slotId === seen.slotId) return toOwnAppointment(ctx.db, seen, now);

  return inTransaction(ctx.db, async (trx) => {
    const schedule = await takeScheduleTime(trx, { userId: seen.userId, psychologistId: seen.psychologist.id }, slotId, now);
    await lockSlot(trx, slotId);
    const slot = await findSlotOf(trx, seen.userId, slotId);
    const psychologist = await findPsychologistOf(trx, seen.userId, seen.psychologist.id);
    if (!psychologist) throw new NotFoundError('appointment');
    if (!slot || slot.psychologistId !== psychologist.id) throw new NotFoundError('timeSlot');
    if (slot.isBooked) throw new AppError('CONFLICT', refusal.slotTaken());
    if (schedule === 'gone') throw new NotFoundError('timeSlot');
    const policy = { now, noticeHours: psychologist.cancellationNoticeHours, currentStart: seen.startUtc };
    if (!isInBookingWindow(slot, bookingWindow(now, psychologist.minimumAdvanceHours)) || !mayMoveTo(slot.startUtc, policy)) {
      throw new AppError('CONFLICT', refusal.slotUnavailable());
    }
    let moved: boolean;
    try {
      moved = await rescheduleAppointment(trx, { appointmentId: seen.id, fromSlotId: seen.slotId, toSlotId: slot.id, now, maxVisitorMoves: MAX_VISITOR_MOVES });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', refusal.slotTaken(), { cause: error });
      throw error;
    }
    // Another move used the last one up, moved it first, or the clinic cancelled it meanwhile.
    if (!moved) {
      const current = (await lockAppointment(trx, seen.id))!;
      throw mayMoveAgain(current.visitorMoves)
        ? new AppError('CONFLICT', refusal.cannotReschedule())
        : new AppError('CONFLICT', refusal.movesUsedUp({ max: MAX_VISITOR_MOVES }));
    }
    const movedFrom = { startUtc: seen.startUtc, endUtc: seen.endUtc };
    await recordAppointmentChange(trx, { userId: seen.userId, appointmentId: seen.id, actor: 'visitor', from: seen.status, to: seen.status, at: now, movedFrom });
    const rescheduled = (await findAppointmentByTokenHash(trx, hashSecretToken(token)))!;
    const { operatorEmail } = (await findBookingCounter(trx, seen.userId))!;
    const clinicKnows = seen.status !== 'held';
    await enqueueVisitorChangeEmails(trx, { userId: seen.userId, facts: rescheduled, operatorEmail, clinicKnows, movedFrom }, { env: ctx.env, now });
    // A hold's number is a stranger's word until the e-mail is confirmed: no message to it before.
    if (clinicKnows) await enqueueWhatsappNotice(trx, 'booking_moved', { userId: seen.userId, appointment: rescheduled }, { env: ctx.env, now });
    return toOwnAppointment(trx, rescheduled, now);
  });
}
