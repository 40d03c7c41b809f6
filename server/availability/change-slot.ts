import type { Transaction } from 'kysely';
import { inTransaction } from '../../db/transaction';
import { type AppointmentDetails, reviseMovedAppointment, upcomingBookingsOf } from '../../db/repositories/appointments';
import { deleteSlot, findSlotOf, lockScheduleOf, lockSlot, moveSlot, type Slot, slotsOverlapping } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import type { SlotTimes } from '../../domain/slots';
import { enqueueCancellationEmails, enqueueClinicMoveEmail } from '../appointments/booking-notifications';
import { recordAppointmentChange } from '../appointments/record-appointment-change';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import type { UpdateSlotRequest } from './change-slot.types';
import { toSlotResponse } from './slot-response';
import { refuseOutsideProfile } from '../members/profile-scope';
import { enqueueWhatsappCancellations, enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';
import { finishEndingRefunds, writeDownClinicEndings } from '../payments/cancel-refund';

type Services = Pick<OperatorContext, 'db' | 'env' | 'now' | 'admin' | 'member' | 'billing' | 'log'>;

const bookedConflict = (change: 'move' | 'delete') =>
  new AppError('CONFLICT', (t) => (change === 'move' ? t.errors.slotBookedMove() : t.errors.slotBookedDelete()));

/**
 * Runs `change` on the operator's slot inside a transaction that holds the psychologist's
 * schedule lock, the slot's row (so it waits for a booking of the slot in flight, and a booking
 * waits for it) and then the psychologist's (so it cannot interleave with a generation or
 * another change of their slots). Slot before psychologist, as a booking takes them
 * (docs/decisions/0012); the schedule lock before both, as a booking of a weekly-hours time.
 */
async function withOwnSlot<T>(
  ctx: Services,
  userId: string,
  slotId: string,
  change: (trx: Transaction<Database>, slot: Slot) => Promise<T>,
): Promise<T> {
  const seen = await findSlotOf(ctx.db, userId, slotId);
  if (!seen) throw new NotFoundError('availabilitySlot');
  refuseOutsideProfile(ctx.member, seen.psychologistId, 'availabilitySlot');
  return inTransaction(ctx.db, async (trx) => {
    // The locks before any plain read, so the read below sees what a booking we waited for
    // committed; the schedule lock first, so a slot moved over a weekly-hours time being booked
    // waits for that booking, and the overlap check below finds it (docs/decisions/0047).
    await lockScheduleOf(trx, seen.psychologistId, ctx.now());
    await lockSlot(trx, slotId);
    await findPsychologistOf(trx, userId, seen.psychologistId, { lock: true });
    const slot = await findSlotOf(trx, userId, slotId);
    if (!slot) throw new NotFoundError('availabilitySlot');
    return change(trx, slot);
  });
}

/**
 * A booking whose slot the clinic moved: a new revision (its reminders queued again for the new
 * time), recorded as the clinic's move (its webhook names the times it left), and its visitor
 * told by e-mail with both times, and by WhatsApp where they asked. A hold's number gets no
 * message: it is a stranger's word until the e-mail is confirmed.
 */
async function tellOfClinicMove(
  trx: Transaction<Database>,
  moved: { userId: string; appointment: AppointmentDetails; to: SlotTimes },
  services: { env: OperatorContext['env']; now: Date },
) {
  const { userId, appointment } = moved;
  if (!(await reviseMovedAppointment(trx, appointment.id, services.now))) return;
  const movedFrom = { startUtc: appointment.startUtc, endUtc: appointment.endUtc };
  const facts = { ...appointment, ...moved.to, revision: appointment.revision + 1 };
  await recordAppointmentChange(trx, { userId, appointmentId: appointment.id, actor: 'clinic', from: appointment.status, to: appointment.status, at: services.now, movedFrom });
  await enqueueClinicMoveEmail(trx, { userId, facts, movedFrom }, services);
  if (appointment.status !== 'held') await enqueueWhatsappNotice(trx, 'booking_moved', { userId, appointment: facts }, services);
}

/** Moves a slot (the edit dialog: same date, new times). Booked slots move only when confirmed; their visitors are told. */
export async function updateOwnSlot(ctx: Services, input: UpdateSlotRequest) {
  const userId = ctx.admin.id;
  const times = { startUtc: new Date(input.startUtc), endUtc: new Date(input.endUtc) };
  return withOwnSlot(ctx, userId, input.slotId, async (trx, slot) => {
    if (slot.isBooked && !input.confirmBooked) throw bookedConflict('move');
    const clashes = await slotsOverlapping(trx, slot.psychologistId, times, slot.id);
    if (clashes.length > 0) {
      throw new AppError('CONFLICT', (t) => t.errors.slotOverlap());
    }
    // Read before the move, with the times it leaves; the visitor hears of it only if it commits.
    const now = ctx.now();
    const booked = slot.isBooked ? await upcomingBookingsOf(trx, { slotId: slot.id }, now) : [];
    // The guard in the statement catches a booking made since the slot was read.
    if (!(await moveSlot(trx, slot.id, times, { evenIfBooked: input.confirmBooked }))) {
      throw bookedConflict('move');
    }
    for (const appointment of booked) await tellOfClinicMove(trx, { userId, appointment, to: times }, { env: ctx.env, now });
    return toSlotResponse({ ...slot, ...times });
  });
}

/**
 * Deletes a slot. A booked one goes, with its appointment, only when confirmed; a payment for it
 * is refunded in full, as the clinic's cancel: written down before the appointment's rows go,
 * asked of Stripe after the commit.
 */
export async function deleteOwnSlot(ctx: Services, input: { slotId: string; confirmBooked: boolean }) {
  const userId = ctx.admin.id;
  const { answer, cancelled } = await withOwnSlot(ctx, userId, input.slotId, async (trx, slot) => {
    if (slot.isBooked && !input.confirmBooked) throw bookedConflict('delete');
    // Read before the delete takes the appointment along; the client hears of it only if it commits.
    const now = ctx.now();
    const cancelled = await upcomingBookingsOf(trx, { slotId: slot.id }, now);
    await writeDownClinicEndings(trx, { userId, appointments: cancelled, accountId: ctx.member.accountId, at: now });
    await enqueueCancellationEmails(trx, { userId, appointments: cancelled }, { env: ctx.env, now });
    if (!(await deleteSlot(trx, slot.id, { evenIfBooked: input.confirmBooked }))) throw bookedConflict('delete');
    await enqueueWhatsappCancellations(trx, { userId, appointments: cancelled }, { env: ctx.env, now });
    return { answer: { cancelledAppointment: slot.isBooked }, cancelled };
  });
  await finishEndingRefunds(ctx, { userId, appointmentIds: cancelled.map((appointment) => appointment.id) });
  return answer;
}
