import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAppointmentTime } from '../../domain/appointment-time';
import { MAX_CANCEL_REASON_LENGTH } from '../../domain/visitor-changes';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { translationsFor } from '../translations';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';

const english = translationsFor('en').booking;

describe.each(TEST_DIALECTS)('the visitor’s appointment page on %s (decision 0050)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const manage = (token: string, action: 'reschedule' | 'cancel' | 'erase', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${token}/${action}`, headers: { origin: t.services.env.publicUrl }, payload });
  const reasonOf = async (appointmentId: string) =>
    (await t.services.db.selectFrom('appointments').select('cancel_reason').where('id', '=', appointmentId).executeTakeFirstOrThrow()).cancel_reason;

  async function booked(screener: BookableScreener, hours = 72) {
    const start = hoursFromNow(hours);
    const request = bookingRequest(screener, await insertSlot(t.services.db, screener.psychologistId, start));
    const response = await postBooking(t, request);
    expect(response.status).toBe(201);
    const [mail] = await outboxEmailsTo(t.services.db, request.clientEmail);
    const token = /\/appointments\/manage\/([\w-]+)/.exec(mail!.text)![1]!;
    return { request, token, appointmentId: response.body.appointmentId as string, oldTime: { startUtc: start, endUtc: new Date(start.getTime() + 3_600_000) } };
  }

  it('cancels with the visitor’s optional reason kept for the clinic, refuses one too long, and erases it with their data', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const { token, appointmentId } = await booked(screener);

    const tooLong = await manage(token, 'cancel', { reason: 'x'.repeat(MAX_CANCEL_REASON_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(await reasonOf(appointmentId)).toBeNull();

    const cancelled = await manage(token, 'cancel', { reason: '  I found a time closer to home.  ' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await reasonOf(appointmentId)).toBe('I found a time closer to home.');

    expect((await manage(token, 'erase')).statusCode).toBe(200);
    expect(await reasonOf(appointmentId)).toBeNull();
  });

  it('cancels without a reason as before', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const { token, appointmentId } = await booked(screener);
    expect((await manage(token, 'cancel')).statusCode).toBe(200);
    expect(await reasonOf(appointmentId)).toBeNull();
  });

  it('names the old time and the new one in the Moved mails, and refuses a time inside the cancellation notice', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
    const { request, token, oldTime } = await booked(screener, 72);
    const slotAt = async (hours: number) => insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));

    // The psychologist's notice is 24 hours: a move to 10 hours ahead could never be changed again.
    expect((await manage(token, 'reschedule', { slotId: await slotAt(10) })).json()).toEqual({ error: english.slotUnavailable() });

    const moved = await manage(token, 'reschedule', { slotId: await slotAt(96) });
    expect(moved.statusCode).toBe(200);
    const { startUtc, endUtc } = moved.json() as { startUtc: string; endUtc: string };
    const newTime = { startUtc: new Date(startUtc), endUtc: new Date(endUtc) };

    const visitorMail = (await outboxEmailsTo(t.services.db, request.clientEmail)).find((mail) => mail.kind === 'visitor-rescheduled')!;
    const zone = request.clientTimezone;
    const plain = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');
    expect(plain(visitorMail.text)).toContain(plain(formatAppointmentTime(newTime, zone, 'en')));
    expect(plain(visitorMail.text)).toContain(`It was moved from: ${plain(formatAppointmentTime(oldTime, zone, 'en'))}.`);
    const staffMail = (await outboxEmailsTo(t.services.db, screener.psychologistEmail)).find((mail) => mail.kind === 'visitor-rescheduled')!;
    expect(plain(staffMail.text)).toContain(`It was moved from: ${plain(formatAppointmentTime(oldTime, 'Asia/Kuala_Lumpur', 'en'))}.`);
  });
});
