import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { callerFor } from '../testing/caller';
import { startTestApp, type TestApp } from '../testing/test-app';

const DAY_HOURS = 24;

describe.each(TEST_DIALECTS)('the operator’s appointments on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A screener whose operator is signed in, with a subscription so tests book freely. */
  async function signedInScreener(psychologist: Parameters<typeof insertBookableScreener>[1] = {}) {
    const screener = await insertBookableScreener(t.services.db, psychologist);
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    return signedInAs(t, screener);
  }

  /** A booking through the public API, as a visitor makes it. */
  async function book(screener: BookableScreener, hours: number, overrides: Record<string, unknown> = {}) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
    const request = bookingRequest(screener, slotId, overrides);
    const { status, body } = await postBooking(t, request);
    expect(status, JSON.stringify(body)).toBe(201);
    return { slotId, request, appointmentId: body.appointmentId as string };
  }

  /** Bookings whose slot has passed: made while the slot was ahead, then the clock moved. */
  async function pastBooking(screener: BookableScreener, hoursAgo: number) {
    const booking = await book(screener, 20 * DAY_HOURS + hoursAgo);
    const start = hoursFromNow(-hoursAgo);
    await t.services.db
      .updateTable('availability_slots')
      .set({ start_utc: start, end_utc: new Date(start.getTime() + 3_600_000) })
      .where('id', '=', booking.slotId)
      .execute();
    return booking;
  }

  const freeSlotIds = async (screener: BookableScreener) => {
    const slots = await callerFor(t.services).public.availability({ slug: screener.slug, psychologistId: screener.psychologistId });
    return slots.map((slot) => slot.id);
  };

  describe('admin.appointments.list', () => {
    it('lists upcoming bookings soonest first, then past ones latest first, with the client’s contact', async () => {
      const operator = await signedInScreener({ name: 'Dr. Aisyah', timezone: 'Asia/Singapore' });
      const later = await book(operator, 3 * DAY_HOURS);
      const sooner = await book(operator, DAY_HOURS, { clientName: 'Ahmad', clientPhone: '0123456789', clientTimezone: 'Europe/London' });
      const longAgo = await pastBooking(operator, 10 * DAY_HOURS);
      const recently = await pastBooking(operator, 5);

      const list = await operator.caller.admin.appointments.list({});
      expect(list.map((a) => a.id)).toEqual([sooner, later, recently, longAgo].map((b) => b.appointmentId));
      expect(list[0]).toEqual({
        id: sooner.appointmentId,
        status: 'requested',
        clientName: 'Ahmad',
        clientEmail: sooner.request.clientEmail,
        clientPhone: '+60123456789',
        clientTimezone: 'Europe/London',
        psychologist: { id: operator.psychologistId, name: 'Dr. Aisyah', timezone: 'Asia/Singapore' },
        startUtc: expect.any(Date),
        endUtc: expect.any(Date),
        createdAt: expect.any(Date),
        updatedAt: list[0]!.createdAt,
        cancelledAt: null,
        // No place set for this clinic (docs/decisions/0049).
        place: null,
        resultsShared: false,
        contactPromptly: false,
        cursor: expect.any(String),
        cancelReason: null,
        // No WhatsApp asked for, and no attendance confirmed (issue 29).
        attendanceConfirmedAt: null,
        whatsApp: 'off',
      });
      const viaRest = await operator.rest('GET', '/api/appointments');
      expect(viaRest.status).toBe(200);
      expect((viaRest.body as { id: string; startUtc: string }[]).map((a) => a.id)).toEqual(list.map((a) => a.id));
      expect((viaRest.body as { startUtc: string }[])[0]!.startUtc).toBe((list[0] as unknown as { startUtc: Date }).startUtc.toISOString());
    });

    it('answers 401 to a visitor who is not signed in', async () => {
      expect((await t.app.inject({ url: '/api/appointments' })).statusCode).toBe(401);
    });
  });

  describe('admin.appointments.cancel', () => {
    it('cancels a booking, frees the slot for another visitor and tells the client in their language', async () => {
      const operator = await signedInScreener({ name: 'Dr. Aisyah' });
      const booking = await book(operator, DAY_HOURS, { clientLanguage: 'ms' });
      expect(await freeSlotIds(operator)).toEqual([]);

      const cancelled = await operator.rest('POST', `/api/appointments/${booking.appointmentId}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: booking.appointmentId, status: 'cancelled', cancelledAt: expect.any(String) });
      const row = await t.services.db.selectFrom('appointments').selectAll().where('id', '=', booking.appointmentId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'cancelled', active_slot_id: null, slot_id: booking.slotId });
      expect(await freeSlotIds(operator)).toEqual([booking.slotId]);

      const mails = await outboxEmailsTo(t.services.db, booking.request.clientEmail);
      expect(mails.map((m) => m.kind)).toEqual(['booking-client', 'appointment-cancelled']);
      expect(mails[1]).toMatchObject({ subject: 'Janji temu anda telah dibatalkan' });
      expect(mails[1]!.html).toContain(`href="https://minda.test/ms/screener/${operator.slug}"`);

      // The freed slot takes a new booking.
      const again = await postBooking(t, bookingRequest(operator, booking.slotId));
      expect(again.status).toBe(201);
    });

    it('cancels through the procedure too; a second cancel changes nothing and sends no second mail', async () => {
      const operator = await signedInScreener();
      const booking = await book(operator, DAY_HOURS);
      const first = await operator.caller.admin.appointments.cancel({ appointmentId: booking.appointmentId });
      const second = await operator.caller.admin.appointments.cancel({ appointmentId: booking.appointmentId });
      expect(first).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });
      expect(second).toEqual(first);
      const mails = await outboxEmailsTo(t.services.db, booking.request.clientEmail);
      expect(mails.filter((m) => m.kind === 'appointment-cancelled')).toHaveLength(1);
    });

    it('does not mail a client whose appointment is already over', async () => {
      const operator = await signedInScreener();
      const booking = await pastBooking(operator, 5);
      expect(await operator.caller.admin.appointments.cancel({ appointmentId: booking.appointmentId })).toMatchObject({ status: 'cancelled' });
      expect((await outboxEmailsTo(t.services.db, booking.request.clientEmail)).map((m) => m.kind)).toEqual(['booking-client']);
    });

    it('answers 404 for an unknown appointment', async () => {
      const operator = await signedInScreener();
      const response = await operator.rest('POST', '/api/appointments/00000000-0000-4000-8000-000000000000/cancel', {});
      expect(response).toEqual({ status: 404, body: { error: 'Appointment not found' } });
    });
  });

  describe('deleting what a booking stands on', () => {
    it('tells the client when the operator deletes their booked slot', async () => {
      const operator = await signedInScreener();
      const booking = await book(operator, DAY_HOURS);
      const deleted = await operator.rest('DELETE', `/api/availability/${booking.slotId}?confirmBooked=true`);
      expect(deleted).toEqual({ status: 200, body: { cancelledAppointment: true } });
      expect((await outboxEmailsTo(t.services.db, booking.request.clientEmail)).map((m) => m.kind)).toEqual([
        'booking-client',
        'appointment-cancelled',
      ]);
    });

    it('sends nothing while the operator has not confirmed, and nothing for a slot nobody booked', async () => {
      const operator = await signedInScreener();
      const booking = await book(operator, DAY_HOURS);
      expect((await operator.rest('DELETE', `/api/availability/${booking.slotId}`)).status).toBe(409);
      const free = await insertSlot(t.services.db, operator.psychologistId, hoursFromNow(50));
      expect((await operator.rest('DELETE', `/api/availability/${free}`)).status).toBe(200);
      expect((await outboxEmailsTo(t.services.db, booking.request.clientEmail)).map((m) => m.kind)).toEqual(['booking-client']);
    });

    it('tells each upcoming client when the operator deletes their psychologist, and no past one', async () => {
      const operator = await signedInScreener();
      const upcoming = [await book(operator, DAY_HOURS), await book(operator, 2 * DAY_HOURS, { clientLanguage: 'ms' })];
      const past = await pastBooking(operator, 5);

      const deleted = await operator.rest('DELETE', `/api/psychologists/${operator.psychologistId}?confirmCancelBookings=true`);
      expect(deleted).toEqual({ status: 200, body: { cancelledAppointments: 2 } });
      for (const booking of upcoming) {
        const kinds = (await outboxEmailsTo(t.services.db, booking.request.clientEmail)).map((m) => m.kind);
        expect(kinds).toEqual(['booking-client', 'appointment-cancelled']);
      }
      expect((await outboxEmailsTo(t.services.db, past.request.clientEmail)).map((m) => m.kind)).toEqual(['booking-client']);
    });
  });
});
