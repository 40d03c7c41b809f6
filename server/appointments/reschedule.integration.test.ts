import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppointmentEvents } from '../../db/repositories/appointments';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { translationsFor } from '../translations';
import { readCalendar } from '../testing/read-calendar';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';

const english = translationsFor('en').booking;

describe.each(TEST_DIALECTS)('the visitor reschedules through their link on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const manage = (token: string, action: 'reschedule' | 'cancel', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${token}/${action}`, headers: { origin: t.services.env.publicUrl }, payload });
  const slotOf = async (appointmentId: string) =>
    (await t.services.db.selectFrom('appointments').select(['slot_id', 'active_slot_id']).where('id', '=', appointmentId).executeTakeFirstOrThrow());

  /** A booking `hours` ahead and its link, as the visitor's mail carries it. */
  async function booked(screener: BookableScreener, hours = 72) {
    const request = bookingRequest(screener, await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours)));
    const response = await postBooking(t, request);
    expect(response.status).toBe(201);
    const [mail] = await outboxEmailsTo(t.services.db, request.clientEmail);
    const token = /\/appointments\/manage\/([\w-]+)/.exec(mail!.text)![1]!;
    return { request, token, appointmentId: response.body.appointmentId as string, firstCalendar: readCalendar(mail!.attachments![0]!.content) };
  }

  it('moves it to another free slot of the psychologist, frees the old one, and tells everyone with the calendar updated', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const { request, token, appointmentId, firstCalendar } = await booked(screener);
    const before = await slotOf(appointmentId);
    const target = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(96));

    const moved = await manage(token, 'reschedule', { slotId: target });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'confirmed', startUtc: (await startOf(target)).toISOString() });
    expect(await slotOf(appointmentId)).toEqual({ slot_id: target, active_slot_id: target });
    // The old slot is bookable again.
    expect((await postBooking(t, bookingRequest(screener, before.slot_id))).status).toBe(201);

    const events = await listAppointmentEvents(t.services.db, appointmentId);
    expect(events.at(-1)).toMatchObject({ actor: 'visitor', from: 'confirmed', to: 'confirmed' });
    const visitorMails = await outboxEmailsTo(t.services.db, request.clientEmail);
    expect(visitorMails.map((mail) => mail.kind)).toEqual(['booking-client', 'visitor-rescheduled']);
    const update = readCalendar(visitorMails[1]!.attachments![0]!.content);
    expect(update.method).toBe('PUBLISH');
    expect(update.events).toEqual([
      expect.objectContaining({ uid: firstCalendar.events[0]!.uid, status: 'CONFIRMED', start: (await startOf(target)).toISOString() }),
    ]);
    expect(update.events[0]!.sequence).toBeGreaterThan(firstCalendar.events[0]!.sequence);
    expect((await outboxEmailsTo(t.services.db, screener.psychologistEmail)).map((mail) => mail.kind)).toContain('visitor-rescheduled');
  });

  const startOf = async (slotId: string) =>
    new Date((await t.services.db.selectFrom('availability_slots').select('start_utc').where('id', '=', slotId).executeTakeFirstOrThrow()).start_utc);

  it('refuses a taken slot, another psychologist’s slot, and any move inside the notice, changing nothing', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const { token, appointmentId } = await booked(screener);
    const before = await slotOf(appointmentId);

    const taken = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(100));
    expect((await postBooking(t, bookingRequest(screener, taken))).status).toBe(201);
    expect((await manage(token, 'reschedule', { slotId: taken })).json()).toEqual({ error: english.slotTaken() });

    const stranger = await insertBookableScreener(t.services.db);
    const elsewhere = await insertSlot(t.services.db, stranger.psychologistId, hoursFromNow(100));
    expect((await manage(token, 'reschedule', { slotId: elsewhere })).statusCode).toBe(404);
    expect((await manage('not-a-real-token', 'reschedule', { slotId: taken })).statusCode).toBe(404);
    expect(await slotOf(appointmentId)).toEqual(before);

    t.services.now = () => hoursFromNow(72 - 23);
    try {
      const late = await manage(token, 'reschedule', { slotId: await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(120)) });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: english.insideNotice() });
    } finally {
      t.services.now = () => new Date();
    }
    expect(await slotOf(appointmentId)).toEqual(before);
  });

  it('refuses to move a cancelled appointment, in the visitor’s language', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const { token } = await booked(screener);
    expect((await manage(token, 'cancel')).statusCode).toBe(200);
    const refused = await manage(token, 'reschedule', { slotId: await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(130)) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: english.cannotReschedule() });
  });

  it('lets exactly one of a move and many bookings racing for one slot win', async () => {
    const screener = await insertBookableScreener(t.services.db);
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    for (let round = 0; round < 3; round++) {
      const { token, appointmentId } = await booked(screener, 200 + round * 3);
      const target = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(140 + round));
      const results = await Promise.all([
        manage(token, 'reschedule', { slotId: target }).then((response) => response.statusCode),
        ...Array.from({ length: 10 }, () => postBooking(t, bookingRequest(screener, target)).then((response) => response.status)),
      ]);
      expect(results.filter((status) => status === 200 || status === 201), `round ${round}: ${results.join(',')}`).toHaveLength(1);
      expect(results.filter((status) => status === 409)).toHaveLength(10);
      const holders = await t.services.db.selectFrom('appointments').select('id').where('active_slot_id', '=', target).execute();
      expect(holders).toHaveLength(1);
      // A move that lost keeps the visitor's own slot.
      if (results[0] === 409) expect((await slotOf(appointmentId)).active_slot_id).not.toBe(target);
    }
  });
});
