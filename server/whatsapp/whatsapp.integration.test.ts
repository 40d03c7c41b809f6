import { markWhatsappFailed, markWhatsappRetry, markWhatsappSent } from '../../db/repositories/whatsapp-outbox';
import { addDays, addHours, subDays } from 'date-fns';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import { deleteExpiredReplyMarks } from '../../db/repositories/whatsapp-replies';
import { asDate } from '../../db/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { queueDueReminders } from '../appointments/queue-reminders';
import { type BookableScreener, bookingRequest, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { META_ERRORS } from '../testing/fake-whatsapp';
import { signedInAs } from '../testing/signed-in-operator';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

const inHours = (hours: number) => addHours(new Date(), hours);
const given = { givenAt: new Date().toISOString() };

describe.each(TEST_DIALECTS)('WhatsApp messages on %s', (dialect) => {
  let t: WhatsappTestApp;
  beforeAll(async () => {
    t = await startWhatsappTestApp(dialect);
  });
  afterAll(() => t.close());

  const webhook = (payload: unknown, signature?: string) => {
    const signed = t.whatsappApi.signed(payload);
    return t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? signed.signature }, payload: signed.body });
  };
  const appointmentRow = (id: string) =>
    t.services.db.selectFrom('appointments').select(['whatsapp_reminders', 'whatsapp_stopped_at', 'attendance_confirmed_at']).where('id', '=', id).executeTakeFirstOrThrow();

  /** A booking starting `startsIn` hours from now, made two days ago, with or without WhatsApp: confirmed, or a request where the clinic answers itself. */
  async function booked(screener: BookableScreener, startsIn: number, overrides: Record<string, unknown>, status: 'confirmed' | 'requested' = 'confirmed') {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, inHours(startsIn));
    t.services.now = () => subDays(new Date(), 2);
    try {
      const response = await postBooking(t, bookingRequest(screener, slotId, overrides));
      expect(response.body).toMatchObject({ status });
      return response.body.appointmentId as string;
    } finally {
      t.services.now = () => new Date();
    }
  }
  const clinic = (companyName: string) => insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { autoConfirmRequests: true, companyName });
  /** A clinic that answers its requests itself. */
  const answeringClinic = (companyName: string, extra: { confirmVisitorEmail?: boolean } = {}) =>
    insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { companyName, ...extra });
  /** The visitor's calls through their private link. */
  const manage = (id: string, action: 'confirm-email' | 'reschedule' | 'cancel' | 'stop-whatsapp', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, id)}/${action}`, headers: { origin: t.services.env.publicUrl }, payload });
  const queuedKinds = async (id: string) =>
    (await t.services.db.selectFrom('whatsapp_outbox').select(['kind', 'created_at']).where('appointment_id', '=', id).execute())
      .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((row) => row.kind);
  /** The templates the fake took for a number ("012-…"), as Meta read them: name, language, body parameters. */
  const templatesTo = (phone: string) =>
    t.whatsappApi.messages
      .filter((message) => message.to === `60${phone.replace(/\D/g, '').slice(1)}` && message.template)
      .map(({ template }) => ({
        name: template!.name,
        language: template!.language.code,
        parameters: (template!.components ?? []).filter((component) => component.type === 'body').flatMap((component) => component.parameters.map((parameter) => parameter.text)),
      }));
  let numbers = 0;
  /** A new visitor's mobile number. */
  const newPhone = () => `012-345 ${1000 + ++numbers}`;
  const withWhatsapp = (extra: Record<string, unknown> = {}) => ({
    whatsappReminders: true,
    consents: { screener: given, privacyNotice: given, whatsappReminders: given },
    ...extra,
  });

  it('sends nothing by WhatsApp without the consent, and records the consent text with it', async () => {
    const screener = await clinic('Klinik Tiada');
    const without = await booked(screener, 40, {});
    const withConsent = await booked(screener, 41, withWhatsapp({ clientPhone: '019-876 5432' }));
    expect(await appointmentRow(without)).toMatchObject({ whatsapp_reminders: 0 });
    expect(await appointmentRow(withConsent)).toMatchObject({ whatsapp_reminders: 1 });
    const consent = await t.services.db.selectFrom('consent_records as r').innerJoin('consent_texts as x', 'x.version', 'r.text_version').select('x.text').where('r.appointment_id', '=', withConsent).where('r.kind', '=', 'whatsappReminders').executeTakeFirstOrThrow();
    expect(consent.text).toContain('Send me reminders on WhatsApp');
    const queued = await t.services.db.selectFrom('whatsapp_outbox').select(['appointment_id', 'kind']).where('appointment_id', 'in', [without, withConsent]).execute();
    expect(queued).toEqual([{ appointment_id: withConsent, kind: 'booking_received' }]);
  });

  it('sends "received" to a held booking’s number only once its visitor confirmed the e-mail', async () => {
    const screener = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { confirmVisitorEmail: true, companyName: 'Klinik Tunggu' });
    const slotId = await insertSlot(t.services.db, screener.psychologistId, inHours(30));
    const response = await postBooking(t, bookingRequest(screener, slotId, withWhatsapp({ clientPhone: '012-555 0303' })));
    expect(response.body).toMatchObject({ status: 'held' });
    const id = response.body.appointmentId as string;
    const queued = () => t.services.db.selectFrom('whatsapp_outbox').select('kind').where('appointment_id', '=', id).execute();
    expect(await queued()).toEqual([]);
    expect((await manage(id, 'confirm-email')).statusCode).toBe(200);
    expect(await queued()).toEqual([{ kind: 'booking_received' }]);
  });

  it('reminds in the visitor’s language with the clinic’s name only, records "I’ll be there", answers "I need to change" and ends at STOP', async () => {
    const screener = await clinic('Klinik Sejahtera');
    const id = await booked(screener, 23, withWhatsapp({ clientPhone: '012-777 8899', clientLanguage: 'ms' }));
    await queueDueReminders(t.services);
    await t.deliverWhatsapp();
    const reminder = t.whatsappApi.messages.find((message) => message.to === '60127778899' && message.template?.name === 'minda_reminder_24h')!;
    expect(reminder.template!.language.code).toBe('ms');
    const words = JSON.stringify(reminder.template!.components);
    expect(words).toContain('Klinik Sejahtera');
    expect(words).not.toMatch(/psycholog|screening|mental|saringan|keputusan/i);
    // The body and the number are gone once sent.
    expect(await t.services.db.selectFrom('whatsapp_outbox').select(['recipient', 'body', 'status']).where('wa_message_id', '=', reminder.id).executeTakeFirstOrThrow()).toEqual({ recipient: null, body: null, status: 'sent' });

    expect((await webhook(t.whatsappApi.replyWebhook(reminder, { buttonPayload: 'ATTENDING' }))).statusCode).toBe(200);
    expect((await appointmentRow(id)).attendance_confirmed_at).not.toBeNull();

    expect((await webhook(t.whatsappApi.replyWebhook(reminder, { buttonPayload: 'CHANGE' }))).statusCode).toBe(200);
    await t.deliverWhatsapp();
    const change = t.whatsappApi.messages.at(-1)!;
    expect(change).toMatchObject({ to: '60127778899', type: 'text' });
    expect(change.text!.body).toMatch(/^Untuk menukar .*\/ms\/appointments\/manage\//);

    await webhook(t.whatsappApi.replyWebhook(reminder, { text: 'STOP' }));
    expect((await appointmentRow(id)).whatsapp_stopped_at).not.toBeNull();
  });

  it('acts once on a reply Meta delivers twice, and forgets its id after Meta’s redelivery window', async () => {
    const screener = await clinic('Klinik Dua Kali');
    await booked(screener, 23, withWhatsapp({ clientPhone: '012-555 0404' }));
    await queueDueReminders(t.services);
    await t.deliverWhatsapp();
    const reminder = t.whatsappApi.messages.find((message) => message.to === '60125550404' && message.template?.name === 'minda_reminder_24h')!;
    const change = t.whatsappApi.replyWebhook(reminder, { buttonPayload: 'CHANGE' });
    for (let delivery = 0; delivery < 2; delivery++) expect((await webhook(change)).statusCode).toBe(200);
    await t.deliverWhatsapp();
    expect(t.whatsappApi.messages.filter((message) => message.to === '60125550404' && message.type === 'text')).toHaveLength(1);

    expect(await deleteExpiredReplyMarks(t.services.db, addDays(new Date(), 6))).toBe(0);
    expect(await deleteExpiredReplyMarks(t.services.db, addDays(new Date(), 8))).toBeGreaterThan(0);
  });

  it('tells the clinic’s webhooks of "I’ll be there" once, however often it is answered or delivered', async () => {
    const screener = await clinic('Klinik Hadir');
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'https://clinic.example.my/events', eventTypes: ['appointment.attendance_confirmed'], now: new Date() });
    const id = await booked(screener, 23, withWhatsapp({ clientPhone: '012-555 0505' }));
    await queueDueReminders(t.services);
    await t.deliverWhatsapp();
    const reminder = t.whatsappApi.messages.find((message) => message.to === '60125550505' && message.template?.name === 'minda_reminder_24h')!;
    const attending = t.whatsappApi.replyWebhook(reminder, { buttonPayload: 'ATTENDING' });
    expect((await webhook(attending)).statusCode).toBe(200);
    expect((await webhook(attending)).statusCode).toBe(200);
    expect((await webhook(t.whatsappApi.replyWebhook(reminder, { buttonPayload: 'ATTENDING' }))).statusCode).toBe(200);
    const events = await t.services.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('user_id', '=', screener.userId).execute();
    expect(events.map((event) => event.event_type)).toEqual(['appointment.attendance_confirmed']);
    const confirmedAt = asDate((await appointmentRow(id)).attendance_confirmed_at!);
    expect(JSON.parse(events[0]!.payload)).toMatchObject({ type: 'appointment.attendance_confirmed', occurredAt: confirmedAt.toISOString(), data: { appointment: { id, status: 'confirmed' } } });
  });

  it('leaves a message withdrawn while its send was under way withdrawn, whatever the send’s outcome', async () => {
    const screener = await clinic('Klinik Tarik');
    const id = await booked(screener, 30, withWhatsapp({ clientPhone: '012-555 0202' }));
    const row = () => t.services.db.selectFrom('whatsapp_outbox').select(['id', 'status']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    const { id: messageId } = await row();
    // The visitor's STOP lands between the worker's lease and its answer from Meta.
    await t.services.db.updateTable('whatsapp_outbox').set({ status: 'withdrawn' }).where('id', '=', messageId).execute();
    await markWhatsappSent(t.services.db, messageId, { waMessageId: 'wamid.LATE', now: new Date() });
    await markWhatsappRetry(t.services.db, messageId, { error: 'rate limit', nextAttemptAt: new Date() });
    expect(await markWhatsappFailed(t.services.db, messageId, { error: 'refused', now: new Date() })).toBe(false);
    expect(await row()).toEqual({ id: messageId, status: 'withdrawn' });
  });

  it('ends WhatsApp for every booking of the number at a STOP typed without quoting a message, and says so once each', async () => {
    const screener = await clinic('Klinik Henti');
    const first = await booked(screener, 23, withWhatsapp({ clientPhone: '012-555 0101' }));
    const second = await booked(screener, 47, withWhatsapp({ clientPhone: '012-555 0101' }));
    await t.deliverWhatsapp();
    const received = t.whatsappApi.messages.find((message) => message.to === '60125550101')!;
    expect((await webhook(t.whatsappApi.replyWebhook(received, { text: 'stop', typed: true }))).statusCode).toBe(200);
    for (const id of [first, second]) expect((await appointmentRow(id)).whatsapp_stopped_at).not.toBeNull();
    await t.deliverWhatsapp();
    expect(t.whatsappApi.messages.filter((message) => message.to === '60125550101' && message.type === 'text')).toHaveLength(2);
  });

  it('falls back to e-mail at once when Meta refuses the number, and retries a rate limit', async () => {
    const screener = await clinic('Klinik Gagal');
    t.whatsappApi.failFor('+60133334444', META_ERRORS.invalidNumber);
    const id = await booked(screener, 22, withWhatsapp({ clientPhone: '013-333 4444' }));
    await queueDueReminders(t.services);
    t.whatsappApi.failNext(META_ERRORS.rateLimit);
    await t.deliverWhatsapp();
    const rows = await t.services.db.selectFrom('whatsapp_outbox').select(['kind', 'status', 'fallback_email_id', 'last_error']).where('appointment_id', '=', id).orderBy('kind').execute();
    expect(rows.map((row) => [row.kind, row.status])).toEqual([['booking_received', 'pending'], ['reminder_24h', 'failed']].sort());
    const mail = await t.services.db.selectFrom('email_outbox').select(['status', 'next_attempt_at']).where('appointment_id', '=', id).where('kind', '=', 'reminder-24h').executeTakeFirstOrThrow();
    expect(new Date(mail.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  describe.each(['en', 'ms'] as const)('in %s', (language) => {
    /** How the visitor reads a time: "Friday, 27 November 2026 at 3:00 pm", "Jumaat, 27 November 2026 pada 3:00 PTG". */
    const timeInLanguage = language === 'ms' ? / pada \d{1,2}:\d{2} (PG|PTG)$/ : / at \d{1,2}:\d{2} (am|pm)$/;

    it('sends "received", "confirmed", "moved" and "cancelled" once each as the clinic confirms and the visitor moves and cancels', async () => {
      const screener = await answeringClinic(`Klinik Ubah ${language}`);
      const phone = newPhone();
      const id = await booked(screener, 50, withWhatsapp({ clientPhone: phone, clientLanguage: language }), 'requested');
      const operator = await signedInAs(t, screener);
      expect((await operator.caller.admin.appointments.confirm({ appointmentId: id })).status).toBe('confirmed');
      const later = await insertSlot(t.services.db, screener.psychologistId, inHours(74));
      expect((await manage(id, 'reschedule', { slotId: later })).statusCode).toBe(200);
      expect((await manage(id, 'cancel')).statusCode).toBe(200);
      expect(await queuedKinds(id)).toEqual(['booking_received', 'booking_confirmed', 'booking_moved', 'booking_cancelled']);
      await t.deliverWhatsapp();

      const sent = templatesTo(phone);
      expect(sent.map((message) => message.name).sort()).toEqual(['minda_booking_cancelled', 'minda_booking_confirmed', 'minda_booking_moved', 'minda_booking_received']);
      const byName = new Map(sent.map((message) => [message.name, message]));
      for (const message of sent) {
        expect(message.language).toBe(language);
        expect(message.parameters).toEqual([`Klinik Ubah ${language}`, expect.stringMatching(timeInLanguage)]);
      }
      // The move's and the cancel's time is the new one.
      expect(byName.get('minda_booking_confirmed')!.parameters).toEqual(byName.get('minda_booking_received')!.parameters);
      expect(byName.get('minda_booking_moved')!.parameters).not.toEqual(byName.get('minda_booking_received')!.parameters);
      expect(byName.get('minda_booking_cancelled')!.parameters).toEqual(byName.get('minda_booking_moved')!.parameters);
    });

    it('sends "cancelled" when the clinic declines, cancels or deletes the slot, and nothing for a decline as spam, as with the e-mails', async () => {
      const screener = await answeringClinic(`Klinik Batal ${language}`);
      const phones = { declined: newPhone(), cancelled: newPhone(), slotDeleted: newPhone(), spam: newPhone() };
      const ids = {
        declined: await booked(screener, 50, withWhatsapp({ clientPhone: phones.declined, clientLanguage: language }), 'requested'),
        cancelled: await booked(screener, 52, withWhatsapp({ clientPhone: phones.cancelled, clientLanguage: language }), 'requested'),
        slotDeleted: await booked(screener, 54, withWhatsapp({ clientPhone: phones.slotDeleted, clientLanguage: language }), 'requested'),
        spam: await booked(screener, 56, withWhatsapp({ clientPhone: phones.spam, clientLanguage: language }), 'requested'),
      };
      const { caller } = await signedInAs(t, screener);
      await caller.admin.appointments.decline({ appointmentId: ids.declined });
      await caller.admin.appointments.cancel({ appointmentId: ids.cancelled });
      const { slot_id: slotId } = await t.services.db.selectFrom('appointments').select('slot_id').where('id', '=', ids.slotDeleted).executeTakeFirstOrThrow();
      await caller.admin.availability.delete({ slotId, confirmBooked: true });
      await caller.admin.appointments.declineAsSpam({ appointmentId: ids.spam });
      await t.deliverWhatsapp();

      for (const booking of ['declined', 'cancelled', 'slotDeleted'] as const) {
        expect(templatesTo(phones[booking]).map((message) => [message.name, message.language])).toEqual([
          ['minda_booking_received', language],
          ['minda_booking_cancelled', language],
        ]);
        expect(templatesTo(phones[booking])[1]!.parameters).toEqual([`Klinik Batal ${language}`, expect.stringMatching(timeInLanguage)]);
      }
      expect(templatesTo(phones.spam).map((message) => message.name)).toEqual(['minda_booking_received']);
    });

    it('sends "moved" with the new time when the clinic moves the booked slot', async () => {
      const screener = await answeringClinic(`Klinik Pindah ${language}`);
      const phone = newPhone();
      const id = await booked(screener, 58, withWhatsapp({ clientPhone: phone, clientLanguage: language }), 'requested');
      const { caller } = await signedInAs(t, screener);
      const slot = await t.services.db
        .selectFrom('appointments as a')
        .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
        .select(['s.id', 's.start_utc', 's.end_utc'])
        .where('a.id', '=', id)
        .executeTakeFirstOrThrow();
      const later = (at: Date | string) => addHours(new Date(at), 1).toISOString();
      await caller.admin.availability.update({ slotId: slot.id, startUtc: later(slot.start_utc), endUtc: later(slot.end_utc), confirmBooked: true });
      await t.deliverWhatsapp();

      const sent = templatesTo(phone);
      expect(sent.map((message) => [message.name, message.language])).toEqual([
        ['minda_booking_received', language],
        ['minda_booking_moved', language],
      ]);
      expect(sent[1]!.parameters[0]).toBe(`Klinik Pindah ${language}`);
      expect(sent[1]!.parameters[1]).not.toBe(sent[0]!.parameters[1]);
    });
  });

  it('withdraws a reminder still waiting when the visitor moves the booking: only "moved" names a time after it', async () => {
    const screener = await clinic('Klinik Alih');
    const phone = newPhone();
    const id = await booked(screener, 23, withWhatsapp({ clientPhone: phone }));
    await queueDueReminders(t.services);
    expect(await queuedKinds(id)).toEqual(['booking_received', 'reminder_24h']);
    expect((await manage(id, 'reschedule', { slotId: await insertSlot(t.services.db, screener.psychologistId, inHours(30)) })).statusCode).toBe(200);
    await t.deliverWhatsapp();
    expect(templatesTo(phone).map((message) => message.name)).toEqual(['minda_booking_received', 'minda_booking_moved']);
    const reminder = await t.services.db.selectFrom('whatsapp_outbox').select(['status', 'recipient', 'body']).where('appointment_id', '=', id).where('kind', '=', 'reminder_24h').executeTakeFirstOrThrow();
    expect(reminder).toEqual({ status: 'withdrawn', recipient: null, body: null });
  });

  it('queues nothing more without the consent, after a STOP, or to a hold’s number', async () => {
    const screener = await answeringClinic('Klinik Senyap');
    const { caller } = await signedInAs(t, screener);
    const without = await booked(screener, 50, { clientPhone: newPhone() }, 'requested');
    const stopped = await booked(screener, 52, withWhatsapp({ clientPhone: newPhone() }), 'requested');
    expect((await manage(stopped, 'stop-whatsapp')).statusCode).toBe(200);
    for (const id of [without, stopped]) {
      await caller.admin.appointments.confirm({ appointmentId: id });
      expect((await manage(id, 'reschedule', { slotId: await insertSlot(t.services.db, screener.psychologistId, inHours(80 + numbers)) })).statusCode).toBe(200);
    }
    expect((await manage(without, 'cancel')).statusCode).toBe(200);
    await caller.admin.appointments.cancel({ appointmentId: stopped });
    expect(await queuedKinds(without)).toEqual([]);
    expect(await queuedKinds(stopped)).toEqual(['booking_received']);

    const holding = await answeringClinic('Klinik Tahan', { confirmVisitorEmail: true });
    const response = await postBooking(t, bookingRequest(holding, await insertSlot(t.services.db, holding.psychologistId, inHours(50)), withWhatsapp({ clientPhone: newPhone() })));
    expect(response.body).toMatchObject({ status: 'held' });
    const hold = response.body.appointmentId as string;
    expect((await manage(hold, 'reschedule', { slotId: await insertSlot(t.services.db, holding.psychologistId, inHours(60)) })).statusCode).toBe(200);
    expect((await manage(hold, 'cancel')).statusCode).toBe(200);
    expect(await queuedKinds(hold)).toEqual([]);
  });

  it('sends nothing more once the clinic switches WhatsApp off, to bookings that consented too, and still honours a STOP', async () => {
    const screener = await clinic('Klinik Tutup');
    // Subscribed: its four bookings stay clear of the free limit.
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    const { caller } = await signedInAs(t, screener);
    const stays = await booked(screener, 40, withWhatsapp({ clientPhone: newPhone() }));
    const cancelled = await booked(screener, 60, withWhatsapp({ clientPhone: '012-555 0909' }));
    await t.deliverWhatsapp();
    const received = t.whatsappApi.messages.find((message) => message.to === '60125550909' && message.template?.name === 'minda_booking_received')!;
    // A reminder queued while it was on, still waiting when it goes off, with its e-mail standing by.
    const waiting = await booked(screener, 23, withWhatsapp({ clientPhone: newPhone() }));
    await queueDueReminders(t.services);

    expect(await caller.admin.whatsapp.update({ enabled: false, shortName: null })).toMatchObject({ enabled: false });
    const withdrawn = await t.services.db.selectFrom('whatsapp_outbox').select(['kind', 'status']).where('appointment_id', '=', waiting).execute();
    expect(withdrawn.map((row) => [row.kind, row.status]).sort()).toEqual([['booking_received', 'withdrawn'], ['reminder_24h', 'withdrawn']]);
    const released = await t.services.db.selectFrom('email_outbox').select('next_attempt_at').where('appointment_id', '=', waiting).where('kind', '=', 'reminder-24h').executeTakeFirstOrThrow();
    expect(new Date(released.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
    const later = await booked(screener, 22, withWhatsapp({ clientPhone: newPhone() }));
    await caller.admin.appointments.cancel({ appointmentId: cancelled });
    t.services.now = () => addDays(new Date(), 1);
    try {
      await queueDueReminders(t.services);
    } finally {
      t.services.now = () => new Date();
    }
    // Only what was queued while it was on: "received"; no reminder, no "cancelled" after.
    expect(await queuedKinds(stays)).toEqual(['booking_received']);
    expect(await queuedKinds(cancelled)).toEqual(['booking_received']);
    expect(await queuedKinds(later)).toEqual([]);
    expect(await appointmentRow(later)).toMatchObject({ whatsapp_reminders: 0 });
    // Their e-mails go as before: the reminder's at once, not standing by for a message.
    const reminderMail = await t.services.db.selectFrom('email_outbox').select(['status', 'next_attempt_at']).where('appointment_id', '=', stays).where('kind', '=', 'reminder-24h').executeTakeFirstOrThrow();
    expect(new Date(reminderMail.next_attempt_at).getTime()).toBeLessThanOrEqual(addDays(new Date(), 1).getTime());
    const cancelMail = await t.services.db.selectFrom('email_outbox').select('kind').where('appointment_id', '=', cancelled).where('kind', 'like', '%cancel%').execute();
    expect(cancelMail).toHaveLength(1);

    await webhook(t.whatsappApi.replyWebhook(received, { text: 'STOP' }));
    expect((await appointmentRow(cancelled)).whatsapp_stopped_at).not.toBeNull();
  });

  it('refuses a forged webhook and answers the subscription handshake only with the verify token', async () => {
    const forged = await webhook({ object: 'whatsapp_business_account', entry: [] }, 'sha256=' + '0'.repeat(64));
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(401);
    const handshake = await t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${t.whatsappApi.verifyToken}&hub.challenge=1158201444` });
    expect(handshake).toMatchObject({ statusCode: 200, body: '1158201444' });
    const wrong = await t.app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
  });
});
