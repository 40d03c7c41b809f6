import { randomUUID } from 'node:crypto';
import { insertAppointment } from '../../db/repositories/appointments';
import { findSlotOf } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { countBooking } from '../../db/repositories/users';
import { isUniqueViolation } from '../../db/unique-violation';
import { bookingWindow, isInBookingWindow } from '../../domain/booking';
import type { RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { translationsFor } from '../translations';
import { readBookingAllowance } from './booking-allowance';
import { enqueueBookingEmails } from './booking-notifications';
import type { BookAppointmentRequest } from './booking.schema';
import { findOwnedScreener } from './screener-owner';

const english = translationsFor('en').booking;
export const SLOT_TAKEN_MESSAGE = english.slotTaken();
export const SLOT_UNAVAILABLE_MESSAGE = english.slotUnavailable();
export const FREE_LIMIT_MESSAGE = english.freeLimit();

type Services = Pick<RequestContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip'>;

/**
 * Books a free slot of the screener owner's psychologist in one transaction that holds the
 * operator's row: bookings for one operator run one at a time, so the free limit counted
 * here cannot be overtaken, and the unique active_slot_id settles two bookings of one slot
 * in any case.
 * The three e-mails are queued in the same transaction; nothing waits for SMTP.
 */
export async function bookAppointment(services: Services, input: BookAppointmentRequest) {
  await enforceRateLimits(services, [['bookingPerIp', services.ip]]);
  // The visitor reads refusals in the screener's language.
  const refusal = translationsFor(input.clientLanguage).booking;
  const screener = await findOwnedScreener(services.db, input.slug);
  if (!screener) throw new NotFoundError('Psychologist');
  const userId = screener.userId;
  const now = services.now();

  return services.db.transaction().execute(async (trx) => {
    // Locks before any plain read: MySQL's snapshot starts at the first plain read, and it must
    // include whatever the transactions we waited for committed. The psychologist's row first
    // (changes of their slots hold it too, so a slot is not moved or deleted under us), then
    // the operator's (every booking of theirs, so the count below is the latest).
    const psychologist = await findPsychologistOf(trx, userId, input.psychologistId, { lock: true });
    if (!psychologist) throw new NotFoundError('Psychologist');
    const allowance = await readBookingAllowance(trx, userId, services.env.freeBookings, { lock: true });
    if (allowance.subscriptionRequired) throw new AppError('CONFLICT', refusal.freeLimit());

    const slot = await findSlotOf(trx, userId, input.slotId);
    if (!slot || slot.psychologistId !== psychologist.id) throw new NotFoundError('Time slot');
    if (slot.isBooked) throw new AppError('CONFLICT', refusal.slotTaken());
    if (!isInBookingWindow(slot, bookingWindow(now, psychologist.minimumAdvanceHours))) {
      throw new AppError('CONFLICT', refusal.slotUnavailable());
    }

    const client = {
      name: input.clientName,
      email: input.clientEmail,
      phone: input.clientPhone,
      timezone: input.clientTimezone,
      language: input.clientLanguage,
    };
    const appointmentId = randomUUID();
    try {
      await insertAppointment(trx, { id: appointmentId, userId, psychologistId: psychologist.id, slotId: slot.id, client, now });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', refusal.slotTaken(), { cause: error });
      throw error;
    }
    await countBooking(trx, userId);
    const facts = { id: appointmentId, client, psychologist, startUtc: slot.startUtc, endUtc: slot.endUtc };
    await enqueueBookingEmails(trx, { facts, screener, operatorEmail: allowance.operatorEmail }, { env: services.env, now });
    return { appointmentId, startUtc: slot.startUtc, endUtc: slot.endUtc, psychologistName: psychologist.name };
  });
}
