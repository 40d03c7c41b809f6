import { addHours, addMinutes } from 'date-fns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAppointmentEvents } from '../../db/repositories/appointments';
import { findBookingCounter } from '../../db/repositories/users';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { HOLD_MINUTES, MAX_OPEN_HOLDS_PER_EMAIL } from '../../domain/appointment-status';
import { translationsFor } from '../translations';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { callerFor, CookieJar } from '../testing/caller';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcQuery } from '../testing/test-app';
import { expireLapsedHolds } from './expire-holds';

describe.each(TEST_DIALECTS)('the booking lifecycle on %s', (dialect) => {
  let t: TestApp;
  let hours = 48;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });

  const nextSlot = (psychologistId: string) => insertSlot(t.services.db, psychologistId, hoursFromNow((hours += 2)));
  const bookingsMade = async (userId: string) => (await findBookingCounter(t.services.db, userId))!.bookingsMade;
  const freeSlotIds = async (screener: { slug: string; psychologistId: string }) =>
    ((await trpcQuery(t.app, 'public.availability', { slug: screener.slug, psychologistId: screener.psychologistId })).data as { id: string }[]).map((s) => s.id);
  /** The private link's token, as the hold e-mail carries it. */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await outboxEmailsTo(t.services.db, email);
    return /\/appointments\/manage\/([\w-]+)/.exec(mail!.text)![1]!;
  };
  const manage = (token: string, action?: 'confirm-email' | 'cancel') =>
    t.app.inject({
      method: action ? 'POST' : 'GET',
      url: `/api/public/appointments/manage/${token}${action ? `/${action}` : ''}`,
      headers: { origin: t.services.env.publicUrl },
    });

  it('asks a new clinic’s visitors to confirm their e-mail', async () => {
    const { userId } = await insertBookableScreener(t.services.db);
    await t.services.db.updateTable('users').set({ confirm_visitor_email: 1 }).where('id', '=', userId).execute();
    const row = await t.services.db.selectFrom('users').select('confirm_visitor_email').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(Boolean(row.confirm_visitor_email)).toBe(true);
    // A clinic that signs up gets the column's default.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: t.services.env.publicUrl },
      payload: { username: `klinik-${hours}`, email: `klinik-${hours}@clinic.example`, password: 'a long passphrase kept' },
    });
    expect(registered.statusCode).toBe(201);
    const created = await t.services.db.selectFrom('users').select('confirm_visitor_email').where('username', '=', `klinik-${hours}`).executeTakeFirstOrThrow();
    expect(Boolean(created.confirm_visitor_email)).toBe(true);
  });

  it('holds the slot and tells only the visitor until they confirm with a POST; the request counts nothing until the clinic accepts it', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const slotId = await nextSlot(screener.psychologistId);
    const request = bookingRequest(screener, slotId);
    const booked = await postBooking(t, request);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'held' });
    expect(await freeSlotIds(screener)).not.toContain(slotId);
    expect(await bookingsMade(screener.userId)).toBe(0);
    expect(await outboxEmailsTo(t.services.db, screener.psychologistEmail)).toEqual([]);
    expect(await outboxEmailsTo(t.services.db, screener.operatorEmail)).toEqual([]);
    const mails = await outboxEmailsTo(t.services.db, request.clientEmail);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking-hold']);

    const token = await tokenMailedTo(request.clientEmail);
    // Opening the link, as a mail scanner does, confirms nothing.
    const viewed = await manage(token);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ status: 'held', psychologistName: expect.any(String) });
    expect(await bookingsMade(screener.userId)).toBe(0);

    const confirmed = await manage(token, 'confirm-email');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'requested', holdExpiresAt: null });
    expect(await bookingsMade(screener.userId)).toBe(0);
    expect((await outboxEmailsTo(t.services.db, screener.psychologistEmail)).map((m) => m.kind)).toEqual(['booking-psychologist']);
    expect((await outboxEmailsTo(t.services.db, screener.operatorEmail)).map((m) => m.kind)).toEqual(['booking-operator']);

    // A second click changes nothing and sends nothing again.
    expect((await manage(token, 'confirm-email')).json()).toMatchObject({ status: 'requested' });
    expect(await bookingsMade(screener.userId)).toBe(0);
    expect((await outboxEmailsTo(t.services.db, request.clientEmail)).map((m) => m.kind)).toEqual(['booking-hold', 'booking-client']);

    const appointmentId = booked.body.appointmentId as string;
    expect((await listAppointmentEvents(t.services.db, appointmentId)).map(({ actor, from, to }) => ({ actor, from, to }))).toEqual([
      { actor: 'visitor', from: null, to: 'held' },
      { actor: 'visitor', from: 'held', to: 'requested' },
    ]);
  });

  it('lets a hold lapse: the confirmation is refused in the visitor’s language, the slot is freed and nothing was counted', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const slotId = await nextSlot(screener.psychologistId);
    const request = bookingRequest(screener, slotId, { clientLanguage: 'ms' });
    const booked = await postBooking(t, request);
    const token = await tokenMailedTo(request.clientEmail);
    t.services.now = () => addMinutes(new Date(), HOLD_MINUTES + 1);

    const late = await manage(token, 'confirm-email');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: translationsFor('ms').booking.holdExpired() });

    expect(await expireLapsedHolds(t.services)).toBeGreaterThanOrEqual(1);
    expect(await expireLapsedHolds(t.services)).toBe(0);
    t.services.now = () => new Date();
    expect(await freeSlotIds(screener)).toContain(slotId);
    expect((await manage(token)).json()).toMatchObject({ status: 'expired' });
    expect((await manage(token, 'confirm-email')).statusCode).toBe(409);
    expect(await bookingsMade(screener.userId)).toBe(0);
    const events = await listAppointmentEvents(t.services.db, booked.body.appointmentId as string);
    expect(events.at(-1)).toMatchObject({ actor: 'system', from: 'held', to: 'expired' });
  });

  it(`refuses a third open request of one address (${MAX_OPEN_HOLDS_PER_EMAIL} at most), readably, in both languages`, async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const clientEmail = `flood-${hours}@example.com`;
    for (let i = 0; i < MAX_OPEN_HOLDS_PER_EMAIL; i++) {
      expect((await postBooking(t, bookingRequest(screener, await nextSlot(screener.psychologistId), { clientEmail }))).status).toBe(201);
    }
    for (const language of ['en', 'ms'] as const) {
      const refused = await postBooking(t, bookingRequest(screener, await nextSlot(screener.psychologistId), { clientEmail, clientLanguage: language }));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: translationsFor(language).booking.tooManyOpenForEmail() });
    }
    expect((await outboxEmailsTo(t.services.db, clientEmail)).length).toBe(MAX_OPEN_HOLDS_PER_EMAIL);
  });

  it('tells everyone at once when the clinic has e-mail confirmation off, and counts at once only when it confirms automatically', async () => {
    const byHand = await insertBookableScreener(t.services.db);
    const request = bookingRequest(byHand, await nextSlot(byHand.psychologistId));
    expect((await postBooking(t, request)).body).toMatchObject({ status: 'requested', holdExpiresAt: null });
    expect(await bookingsMade(byHand.userId)).toBe(0);
    expect((await outboxEmailsTo(t.services.db, request.clientEmail)).map((m) => m.kind)).toEqual(['booking-client']);

    const automatic = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    expect((await postBooking(t, bookingRequest(automatic, await nextSlot(automatic.psychologistId)))).body).toMatchObject({ status: 'confirmed' });
    expect(await bookingsMade(automatic.userId)).toBe(1);
  });

  describe('the clinic answers', () => {
    const requested = async (language: 'en' | 'ms' = 'en') => {
      const screener = await insertBookableScreener(t.services.db);
      const slotId = await nextSlot(screener.psychologistId);
      const request = bookingRequest(screener, slotId, { clientLanguage: language });
      const booked = await postBooking(t, request);
      const operator = await signedInAs(t, screener);
      return { screener, slotId, request, appointmentId: booked.body.appointmentId as string, caller: operator.caller };
    };
    const kindsTo = async (email: string) => (await outboxEmailsTo(t.services.db, email)).map((mail) => mail.kind);

    it('confirms a request and tells the visitor in their language, with the clinic’s message and their link', async () => {
      const { request, appointmentId, caller } = await requested('ms');
      const answered = await caller.admin.appointments.confirm({ appointmentId, message: 'Sila datang 10 minit awal.' });
      expect(answered.status).toBe('confirmed');
      expect(await kindsTo(request.clientEmail)).toEqual(['booking-client', 'appointment-confirmed']);
      const [, mail] = await outboxEmailsTo(t.services.db, request.clientEmail);
      expect(mail!.subject).toBe('Janji temu anda telah disahkan');
      expect(mail!.text).toContain('Mesej daripada klinik: Sila datang 10 minit awal.');
      const link = /\/ms\/appointments\/manage\/([\w-]+)/.exec(mail!.text)![1]!;
      expect((await manage(link)).json()).toMatchObject({ status: 'confirmed' });
      expect((await listAppointmentEvents(t.services.db, appointmentId)).at(-1)).toMatchObject({ actor: 'clinic', from: 'requested', to: 'confirmed' });
    });

    it('declines a request, which frees the slot, over REST as over tRPC', async () => {
      const { screener, slotId, request, appointmentId, caller } = await requested();
      const operator = await signedInAs(t, screener);
      const declined = await operator.rest('POST', `/api/appointments/${appointmentId}/decline`, {});
      expect(declined.status).toBe(200);
      expect(declined.body).toMatchObject({ status: 'declined' });
      expect(await freeSlotIds(screener)).toContain(slotId);
      expect(await kindsTo(request.clientEmail)).toEqual(['booking-client', 'appointment-declined']);
      await expect(caller.admin.appointments.confirm({ appointmentId })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'This appointment is now “Declined”, so it cannot be confirmed. The list shows it as it is.',
      });
      const inMalay = callerFor(t.services, { jar: CookieJar.holding(operator.cookie), locale: 'ms' });
      await expect(inMalay.admin.appointments.complete({ appointmentId })).rejects.toMatchObject({
        message: 'Janji temu ini kini berstatus “Ditolak”, jadi ia tidak boleh ditanda selesai. Senarai menunjukkannya seperti sekarang.',
      });
    });

    it('marks only a confirmed session completed or a no-show', async () => {
      const { appointmentId, caller } = await requested();
      await expect(caller.admin.appointments.complete({ appointmentId })).rejects.toMatchObject({ code: 'CONFLICT' });
      await caller.admin.appointments.confirm({ appointmentId });
      expect((await caller.admin.appointments.noShow({ appointmentId })).status).toBe('no_show');
      await expect(caller.admin.appointments.complete({ appointmentId })).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('lets one of a confirm and a decline racing win, and tells the visitor once', async () => {
      const { request, appointmentId, caller } = await requested();
      const outcomes = await Promise.allSettled([
        caller.admin.appointments.confirm({ appointmentId }),
        caller.admin.appointments.decline({ appointmentId }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
      expect((await kindsTo(request.clientEmail)).filter((kind) => kind !== 'booking-client')).toHaveLength(1);
      expect(await listAppointmentEvents(t.services.db, appointmentId)).toHaveLength(2);
    });

    it('does not answer a hold the visitor has not confirmed', async () => {
      const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
      const booked = await postBooking(t, bookingRequest(screener, await nextSlot(screener.psychologistId)));
      const { caller } = await signedInAs(t, screener);
      await expect(caller.admin.appointments.confirm({ appointmentId: booked.body.appointmentId as string })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  it('lets the clinic choose: its settings decide how the next booking starts and where a confirmed hold goes', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const { caller } = await signedInAs(t, screener);
    expect(await caller.admin.bookingSettings.get()).toEqual({ confirmVisitorEmail: false, autoConfirmRequests: false, secondReminder: false, retentionDays: 180 });
    // Left out, the retention period stays as it is.
    expect(await caller.admin.bookingSettings.update({ confirmVisitorEmail: true, autoConfirmRequests: true, secondReminder: true })).toEqual({
      confirmVisitorEmail: true,
      autoConfirmRequests: true,
      secondReminder: true,
      retentionDays: 180,
    });
    const request = bookingRequest(screener, await nextSlot(screener.psychologistId));
    expect((await postBooking(t, request)).body).toMatchObject({ status: 'held' });
    expect((await manage(await tokenMailedTo(request.clientEmail), 'confirm-email')).json()).toMatchObject({ status: 'confirmed' });
  });

  describe('the visitor cancels through their link', () => {
    const bookedWithLink = async (startHoursFromNow: number) => {
      const screener = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 24 });
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(startHoursFromNow));
      const request = bookingRequest(screener, slotId);
      const booked = await postBooking(t, request);
      const token = await tokenMailedTo(request.clientEmail);
      return { screener, slotId, token, appointmentId: booked.body.appointmentId as string };
    };

    it('frees the slot and tells the psychologist and the clinic, up to the cancellation notice', async () => {
      const { screener, slotId, token, appointmentId } = await bookedWithLink(72);
      expect((await manage(token)).json()).toMatchObject({ clinicName: 'Klinik Test', status: 'requested' });
      const cancelled = await manage(token, 'cancel');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
      expect(await freeSlotIds(screener)).toContain(slotId);
      expect((await outboxEmailsTo(t.services.db, screener.psychologistEmail)).map((m) => m.kind)).toEqual(['booking-psychologist', 'visitor-cancelled']);
      expect((await outboxEmailsTo(t.services.db, screener.operatorEmail)).map((m) => m.kind)).toEqual(['booking-operator', 'visitor-cancelled']);
      expect((await listAppointmentEvents(t.services.db, appointmentId)).at(-1)).toMatchObject({ actor: 'visitor', from: 'requested', to: 'cancelled' });
      expect((await manage(token, 'cancel')).statusCode).toBe(409);
    });

    it('refuses inside the notice, in the visitor’s words, and changes nothing', async () => {
      const { screener, slotId, token } = await bookedWithLink(48);
      // An unpaid booking's cancel stops at the notice, as its page says.
      const page = (await manage(token)).json();
      expect(page.cancellableUntil).toBe(page.changeableUntil);
      t.services.now = () => addHours(new Date(), 25);
      const refused = await manage(token, 'cancel');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: translationsFor('en').booking.insideNotice() });
      t.services.now = () => new Date();
      expect(await freeSlotIds(screener)).not.toContain(slotId);
    });

    it('orders the visitor’s cancel and the clinic’s confirm racing: the visitor’s cancel always stands, and the history chains', async () => {
      for (let round = 0; round < 5; round++) {
        const { screener, token, appointmentId } = await bookedWithLink(72 + round);
        const { caller } = await signedInAs(t, screener);
        const [visitor, clinic] = await Promise.allSettled([manage(token, 'cancel'), caller.admin.appointments.confirm({ appointmentId })]);
        expect(visitor.status === 'fulfilled' && visitor.value.statusCode).toBe(200);
        const events = await listAppointmentEvents(t.services.db, appointmentId);
        // Confirmed first, then cancelled from confirmed; or cancelled first, and the confirmation refused.
        expect(events.map((event) => event.to)).toEqual(clinic.status === 'fulfilled' ? ['requested', 'confirmed', 'cancelled'] : ['requested', 'cancelled']);
        events.slice(1).forEach((event, index) => expect(event.from).toBe(events[index]!.to));
      }
    });
  });

  it('answers an unknown token 404, never another appointment', async () => {
    const missing = await manage('not-a-token-anyone-was-given');
    expect(missing.statusCode).toBe(404);
    expect((await manage('not-a-token-anyone-was-given', 'confirm-email')).statusCode).toBe(404);
  });
});
