import { randomUUID } from 'node:crypto';
import { addMinutes } from 'date-fns';
import { inTransaction } from '../../db/transaction';
import { countOpenBookings, insertAppointment } from '../../db/repositories/appointments';
import { findSlotOf, lockSlot } from '../../db/repositories/availability-slots';
import { enqueueEmails } from '../../db/repositories/email-outbox';
import { findVisitOf } from '../../db/repositories/session-places';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { incrementBookingsMade } from '../../db/repositories/users';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  HOLD_MINUTES,
  initialStatus,
  MAX_OPEN_HOLDS_PER_ADDRESS,
  MAX_OPEN_HOLDS_PER_EMAIL,
  MAX_OPEN_HOLDS_PER_NETWORK,
} from '../../domain/appointment-status';
import { bookingWindow, isInBookingWindow } from '../../domain/booking';
import type { RequestContext } from '../context';
import { AppError, FieldProblem, NotFoundError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { translationsFor } from '../translations';
import { readBookingAllowance } from './booking-allowance';
import { bookingEmails, holdEmail } from './booking-notifications';
import { hashSecretToken } from '../auth/secret-tokens';
import { manageTokenOf } from './manage-token';
import type { BookAppointmentRequest, BookAppointmentResponse } from './book-appointment.types';
import { insertBookingPaymentTerms } from '../../db/repositories/booking-payment-terms';
import { paidBookingTerms } from '../payments/paid-booking-terms';
import { paymentStepOf, paymentTokenOf } from '../payments/booking-payment-step';
import { findOwnedScreener } from '../configuration/screener-owner';
import { recordAppointmentChange } from './record-appointment-change';
import { recordConsents } from '../../db/repositories/consents';
import { givenConsents } from './consent-texts';
import { fieldMessage } from '../field-messages';
import { refusalOutcome } from '../metrics/metrics';
import { checkProofOfWork } from '../booking-challenge/proof-of-work';
import { markChallengeUsed } from '../../db/repositories/used-booking-challenges';
import { countHit, type CounterWindow, ensureCounter } from '../../db/repositories/rate-limit-counters';
import { clientKeysOf } from './client-keys';
import { isBookingBlocked } from './booking-blocks';
import { takeScheduleTime } from '../availability/schedule-times';
import { enqueueCrisisAlert } from '../whatsapp/crisis-alert';
import { enqueueWhatsappNotice } from '../whatsapp/whatsapp-notices';

const english = translationsFor('en').booking;
export const SLOT_TAKEN_MESSAGE = english.slotTaken();
export const SLOT_UNAVAILABLE_MESSAGE = english.slotUnavailable();
export const FREE_LIMIT_MESSAGE = english.freeLimit();

type Services = Pick<RequestContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip' | 'configurations' | 'metrics' | 'billing'>;

type Translations = ReturnType<typeof translationsFor>;

/**
 * Books a free slot of the screener owner's psychologist in one transaction, taking its locks
 * in one order: the slot's row (a second booking of it waits, then finds it taken; moving or
 * deleting the slot, clearing its day and deleting the psychologist take it too), then, by the
 * appointment insert's foreign key, the psychologist's row shared, and last the operator's row,
 * by the conditional count that enforces the free limit, so it is held only for the last
 * statements and the commit (docs/decisions/0012). Bookings of different slots do not wait for
 * each other. The e-mails are queued in the same transaction; nothing waits for SMTP.
 *
 * A booking counts toward the free allowance only once the clinic accepts it: here, when the
 * clinic confirms automatically; otherwise when it confirms the request (answer-appointment.ts,
 * docs/decisions/0038). A clinic whose free bookings are used up takes no new booking at all.
 *
 * While the clinic asks visitors to confirm their e-mail (the default), the booking is a hold:
 * it keeps the slot for HOLD_MINUTES, counts toward nothing and mails the visitor alone, so a
 * stranger's made-up bookings neither use up the free allowance nor reach the clinic
 * (confirm-booking-email.ts).
 *
 * Strangers cannot close a clinic (docs/decisions/0037): no bound counts the clinic as a whole.
 * One client's unanswered bookings at a clinic are bounded instead, per normalised e-mail
 * (MAX_OPEN_HOLDS_PER_EMAIL), per address (MAX_OPEN_HOLDS_PER_ADDRESS) and per /24 or /48
 * (MAX_OPEN_HOLDS_PER_NETWORK), and every booking carries a solved proof-of-work challenge, used
 * once. The bookings of one network take turns on a row lock between the count and the commit,
 * so a flood from it racing in parallel stays within the bound.
 */
export async function bookAppointment(services: Services, input: BookAppointmentRequest): Promise<BookAppointmentResponse> {
  let booked: Awaited<ReturnType<typeof bookOrRefuse>>;
  try {
    booked = await bookOrRefuse(services, input);
    services.metrics.bookings.inc({ outcome: booked.status });
  } catch (error) {
    services.metrics.bookings.inc({ outcome: refusalOutcome(error) });
    throw error;
  }
  const { terms, cancellationNoticeHours, ...answer } = booked;
  if (!terms) return { ...answer, paymentToken: null, payment: null };
  // The hold is committed whatever Stripe says: should it not answer now, the dialog asks for the
  // payment step again with the token (booking-payment-step.ts) while the hold lasts.
  const hold = { holdExpiresAt: answer.holdExpiresAt!, cancellationNoticeHours };
  const payment = await paymentStepOf(services, terms, hold).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') return null;
    throw error;
  });
  return { ...answer, paymentToken: paymentTokenOf(services.env, answer.appointmentId), payment };
}

async function bookOrRefuse(services: Services, input: BookAppointmentRequest) {
  await enforceRateLimits(services, [['bookingPerIp', services.ip]]);
  // The visitor reads refusals in the screener's language.
  const refusal = translationsFor(input.clientLanguage).booking;
  const screener = await findOwnedScreener(services, input.slug);
  if (!screener) throw new NotFoundError('psychologist');
  if (input.sharedResults && input.sharedResults.testType !== screener.testType) {
    throw new FieldProblem('sharedResults.testType', fieldMessage('testTypeOfScreener', { testType: screener.testType }));
  }
  const userId = screener.userId;
  const now = services.now();
  const clientKeys = clientKeysOf(services.env.sessionSecret, { clientEmail: input.clientEmail, client: services.ip });
  // The clinic marked this e-mail or address as spam: refused like a limit, in words that accuse nobody.
  if (await isBookingBlocked(services.db, { userId, keys: clientKeys, now })) throw new AppError('TOO_MANY_REQUESTS', refusal.notTakenOnline());
  // Most of a crowd racing for one slot arrives after it was taken: refuse them before any lock.
  const seen = await findSlotOf(services.db, userId, input.slotId);
  if (seen?.isBooked && seen.psychologistId === input.psychologistId) throw new AppError('CONFLICT', refusal.slotTaken());

  const proof = await checkProofOfWork(services.env.sessionSecret, input.proofOfWork, input.slug, now);
  if (!proof) throw new AppError('BAD_REQUEST', refusal.challengeFailed());

  const turn = networkTurn(clientKeys.networkKey, now);
  await ensureCounter(services.db, services.dialect, turn);
  // Read committed: each read sees what the lock holders we waited for committed, wherever it
  // comes (the open-booking counts after the network's turn too; a REPEATABLE READ snapshot
  // would start at the slot's read). So those who waited for the slot are refused by the read
  // after its lock, before they mark their challenge or queue for their network's turn.
  return inTransaction(services.db, async (trx) => {
    // A time of the weekly hours is checked under its psychologist's schedule lock, and its row written, first.
    const schedule = await takeScheduleTime(trx, { userId, psychologistId: input.psychologistId }, input.slotId, now);
    await lockSlot(trx, input.slotId);
    const slot = await findSlotOf(trx, userId, input.slotId);
    if (slot?.isBooked && slot.psychologistId === input.psychologistId) throw new AppError('CONFLICT', refusal.slotTaken());
    if (!(await markChallengeUsed(trx, proof))) throw new AppError('BAD_REQUEST', refusal.challengeUsed());
    await countHit(trx, services.dialect, turn);
    const psychologist = await findPsychologistOf(trx, userId, input.psychologistId);
    if (!psychologist) throw new NotFoundError('psychologist');
    if (!slot || slot.psychologistId !== psychologist.id || schedule === 'gone') throw new NotFoundError('timeSlot');
    if (!isInBookingWindow(slot, bookingWindow(now, psychologist.minimumAdvanceHours))) {
      throw new AppError('CONFLICT', refusal.slotUnavailable());
    }
    const allowance = await readBookingAllowance(trx, userId, services.env.freeBookings);
    if (allowance.subscriptionRequired) throw new AppError('CONFLICT', refusal.freeLimit());
    refuseBeyondClientBounds(await countOpenBookings(trx, userId, now, clientKeys), refusal);

    const client = {
      name: input.clientName,
      email: input.clientEmail,
      phone: input.clientPhone,
      timezone: input.clientTimezone,
      language: input.clientLanguage,
    };
    // A clinic that turned WhatsApp off since the form was shown (or a server without it): the booking stands, by e-mail only.
    const whatsappReminders = input.whatsappReminders && allowance.whatsappEnabled && services.env.whatsapp !== undefined;
    const id = randomUUID();
    // A paid booking is a hold until Stripe's webhook says it is paid, whatever the e-mail
    // setting: the payment is the visitor's proof, and counts as the e-mail confirmation.
    const terms = await paidBookingTerms(trx, services.billing, { appointmentId: id, userId, psychologist, startUtc: slot.startUtc, endUtc: slot.endUtc });
    const status = terms ? 'held' : initialStatus(allowance);
    // Only a booking the clinic accepts counts: here, one it chose to confirm automatically.
    const counts = status === 'confirmed';
    const shared = input.sharedResults;
    const care = { resultsShared: shared !== undefined, contactPromptly: shared?.crisisItemAnswered ?? false };
    const visit = await findVisitOf(trx, userId, psychologist.id);
    const facts = { id, status, revision: 0, client, psychologist, startUtc: slot.startUtc, endUtc: slot.endUtc, care, ...visit };
    const held = status === 'held';
    const manageToken = manageTokenOf(services.env, facts.id);
    // A paid hold mails nothing: the dialog shows its payment step, and the payment's acceptance
    // sends what a confirmed e-mail would (accept-hold.ts).
    const emails = terms
      ? []
      : held
      ? [holdEmail({ facts, screener, operatorEmail: allowance.operatorEmail, manageToken }, { env: services.env })]
      : bookingEmails({ facts, screener, operatorEmail: allowance.operatorEmail }, { env: services.env, now });

    // The operator's row from here to the commit: the count, then the inserts.
    if (counts && !(await incrementBookingsMade(trx, userId, allowance.limit))) throw new AppError('CONFLICT', refusal.freeLimit());
    const holdExpiresAt = held ? addMinutes(now, HOLD_MINUTES) : null;
    try {
      await insertAppointment(trx, {
        id: facts.id,
        userId,
        psychologistId: psychologist.id,
        slotId: slot.id,
        client,
        status,
        holdExpiresAt,
        manageTokenHash: hashSecretToken(manageToken),
        sharedResults: shared ? JSON.stringify(shared) : null,
        contactPromptly: care.contactPromptly,
        clientKeys,
        allowanceCounted: counts,
        whatsappReminders,
        now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', refusal.slotTaken(), { cause: error });
      throw error;
    }
    if (terms) await insertBookingPaymentTerms(trx, terms, now);
    await recordAppointmentChange(trx, { userId, appointmentId: facts.id, actor: 'visitor', from: null, to: status, at: now });
    if (input.consents) {
      const given = whatsappReminders ? input.consents : { ...input.consents, whatsappReminders: undefined };
      const consents = givenConsents(screener, input.clientLanguage, allowance.retentionDays, given);
      await recordConsents(trx, services.dialect, { userId, appointmentId: facts.id, language: input.clientLanguage, consents, now });
    }
    await enqueueEmails(trx, emails, now);
    // A hold's number is a stranger's word until the e-mail is confirmed: no message to it before.
    if (!held) {
      const appointment = { id: facts.id, startUtc: slot.startUtc, client, whatsApp: { consented: whatsappReminders, stoppedAt: null } };
      await enqueueWhatsappNotice(trx, 'booking_received', { userId, appointment }, { env: services.env, now });
      await enqueueCrisisAlert(trx, { userId, contactPromptly: care.contactPromptly }, { env: services.env, now });
    }
    return {
      appointmentId: facts.id,
      status,
      holdExpiresAt,
      startUtc: slot.startUtc,
      endUtc: slot.endUtc,
      psychologistName: psychologist.name,
      place: visit.place,
      terms,
      cancellationNoticeHours: psychologist.cancellationNoticeHours,
    };
  }, 'read committed');
}

function refuseBeyondClientBounds(open: { ofEmail: number; ofAddress: number; ofNetwork: number }, refusal: Translations['booking']) {
  if (open.ofEmail >= MAX_OPEN_HOLDS_PER_EMAIL) throw new AppError('TOO_MANY_REQUESTS', refusal.tooManyOpenForEmail());
  if (open.ofAddress >= MAX_OPEN_HOLDS_PER_ADDRESS || open.ofNetwork >= MAX_OPEN_HOLDS_PER_NETWORK) {
    throw new AppError('TOO_MANY_REQUESTS', refusal.tooManyOpenFromNetwork());
  }
}

/**
 * Makes the bookings of one network take turns from here to the commit: the upsert of its
 * counter row holds that row's lock, so the next booking from the network counts this one's
 * hold. (SQLite runs one transaction at a time anyway.) The counter itself is only a lock; its
 * row is written before the transaction (`ensureCounter`), so that a crowd from one network
 * queues on it instead of deadlocking over inserting it.
 */
export function networkTurn(networkKey: string, now: Date): CounterWindow {
  const windowMs = HOLD_MINUTES * 60_000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  return { bucket: `bookingNetworkTurn:${networkKey}`, windowStart: new Date(windowStart), expiresAt: new Date(windowStart + windowMs) };
}
