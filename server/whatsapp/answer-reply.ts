import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { findAppointmentOf } from '../../db/repositories/appointments';
import { confirmAttendance } from '../../db/repositories/attendance';
import { enqueueWhatsapp, findWhatsappByMessageId } from '../../db/repositories/whatsapp-outbox';
import { markReplyActedOn } from '../../db/repositories/whatsapp-replies';
import { bookingsMessagingNumber } from '../../db/repositories/whatsapp-settings';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isStopReply, MEASURE_WHATSAPP_KINDS, QUICK_REPLIES } from '../../domain/whatsapp-messages';
import { manageUrl } from '../appointments/booking-notifications';
import { manageTokenOf } from '../appointments/manage-token';
import type { Env } from '../env';
import { queueAppointmentWebhook } from '../webhooks/queue-webhook-events';
import { translationsFor } from '../translations';
import { stopWhatsappFor } from './stop-whatsapp';
import type { InboundMessage } from './webhook-payload';
import { whatsappClinicOf } from './whatsapp-notices';

/** What answering a reply takes of the app's services (server/whatsapp is one that context.ts is built from, so it names its own). */
export interface ReplyServices {
  db: Kysely<Database>;
  env: Env;
  now: () => Date;
}

/**
 * A visitor's reply, matched to the booking of the message it answers (its context): "I'll be
 * there" records their attendance for the clinic and tells its webhooks; "I need to change" answers with their manage
 * link; "STOP" ends WhatsApp for the booking. The answers are service messages, free text within
 * the 24 hours the reply opened; they go through the outbox like the rest. A reply about a booking
 * no longer active is answered so, politely. Replies matched to nothing are left alone. Meta
 * redelivers webhooks: the reply's id is marked in the action's transaction, so it acts once.
 */
export async function answerReply(services: ReplyServices & { log: FastifyBaseLogger }, message: InboundMessage): Promise<void> {
  const now = services.now();
  const answered = message.context && (await findWhatsappByMessageId(services.db, message.context.id));
  if (!answered?.appointmentId) {
    if (isStopReply(message.text?.body ?? '')) await stopEverything(services, message);
    return;
  }
  const appointmentId = answered.appointmentId;
  await inTransaction(services.db, async (trx) => {
    if (!(await markReplyActedOn(trx, message.id, now))) return;
    const appointment = await findAppointmentOf(trx, answered.userId, appointmentId);
    const clinic = await whatsappClinicOf(trx, answered.userId, services.env);
    if (!appointment || !clinic || appointment.client.phone === '') return;
    const booking = translationsFor(appointment.client.language).booking;
    const reply = (text: string) =>
      enqueueWhatsapp(trx, [{ kind: 'reply', userId: answered.userId, appointmentId, to: appointment.client.phone, sender: answered.sender, body: { type: 'text', text } }], now);
    const payload = message.button?.payload;
    const text = message.text?.body ?? '';
    if (isStopReply(text) || isStopReply(payload ?? '')) {
      if (await stopWhatsappFor(trx, appointmentId, now)) await reply(booking.whatsappStoppedReply({ clinic: clinic.name }));
      return;
    }
    // A questionnaire's message (issue 30) asks for nothing by reply: its booking may long be over.
    if (appointment.whatsApp.stoppedAt || (MEASURE_WHATSAPP_KINDS as readonly string[]).includes(answered.kind)) return;
    if (appointment.status !== 'confirmed' && appointment.status !== 'requested') {
      await reply(booking.whatsappInactiveReply({ clinic: clinic.name }));
      return;
    }
    if (payload === QUICK_REPLIES.attending) {
      if (!(await confirmAttendance(trx, appointmentId, now))) return;
      // The clinic's systems hear of it with the recording, once: a second "I'll be there" records nothing.
      await queueAppointmentWebhook(trx, { userId: answered.userId, appointmentId, type: 'appointment.attendance_confirmed', now });
      services.log.info({ appointmentId, waMessageId: message.id }, 'attendance confirmed by WhatsApp');
      return;
    }
    if (payload === QUICK_REPLIES.change) {
      const link = manageUrl(services.env, appointment.client.language, manageTokenOf(services.env, appointmentId));
      await reply(booking.whatsappChangeReply({ clinic: clinic.name, link }));
    }
  });
}

/** A "STOP" that quotes no message: every booking still messaging that number ends, each told once by its clinic, in one transaction with the reply's mark. */
async function stopEverything(services: ReplyServices, message: InboundMessage): Promise<void> {
  const now = services.now();
  const phone = `+${message.from}`;
  await inTransaction(services.db, async (trx) => {
    if (!(await markReplyActedOn(trx, message.id, now))) return;
    for (const booking of await bookingsMessagingNumber(trx, phone)) {
      const appointment = await findAppointmentOf(trx, booking.userId, booking.id);
      const clinic = await whatsappClinicOf(trx, booking.userId, services.env);
      if (!appointment || !clinic || !(await stopWhatsappFor(trx, booking.id, now))) continue;
      const text = translationsFor(appointment.client.language).booking.whatsappStoppedReply({ clinic: clinic.name });
      await enqueueWhatsapp(trx, [{ kind: 'reply', userId: booking.userId, appointmentId: booking.id, to: phone, sender: clinic.sender, body: { type: 'text', text } }], now);
    }
  });
}
