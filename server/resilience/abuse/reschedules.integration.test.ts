import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebhookEndpoint } from '../../../db/repositories/webhooks';
import { insertSlot } from '../../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../../db/testing/test-databases';
import { MAX_VISITOR_MOVES, STAFF_MOVE_MAIL_DELAY_MINUTES } from '../../../domain/visitor-changes';
import { manageTokenOf } from '../../appointments/manage-token';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../../testing/booking-requests';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { translationsFor } from '../../translations';

/**
 * Issue 24: a visitor's private link cannot flood the clinic. 30 reschedules of one booking used
 * to send 30 mails each to the psychologist, the clinic and the visitor, and 30 webhook events.
 * Every flood here is bounded (30 requests at most) and runs on loopback through inject.
 */
describe.each(TEST_DIALECTS)('a flood through one visitor’s link on %s', (dialect) => {
  let t: TestApp;
  let hours = 48;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  type Action = 'reschedule' | 'cancel' | 'confirm-email' | 'erase';
  const manage = async (token: string, action: Action, payload: object = {}) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${token}/${action}`, headers: { origin: t.services.env.publicUrl }, payload });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const view = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/appointments/manage/${token}` })).json() as Record<string, unknown>;
  const nextSlot = (screener: BookableScreener) => insertSlot(t.services.db, screener.psychologistId, hoursFromNow((hours += 2)));

  /** The outbox rows to one recipient by kind and status, e.g. 'visitor-rescheduled:pending'. */
  async function mailsTo(recipient: string) {
    const rows = await t.services.db.selectFrom('email_outbox').select(['kind', 'status']).where('recipient', '=', recipient).execute();
    return rows.map((row) => `${row.kind}:${row.status}`).sort();
  }
  const webhookEvents = async (userId: string, type: string) =>
    (await t.services.db.selectFrom('webhook_deliveries').select('event_id').where('user_id', '=', userId).where('event_type', '=', type).execute()).length;

  /** A clinic with a webhook endpoint, no notice (every slot is movable), and one booking that reached it. */
  async function bookedAtClinic(language: 'en' | 'ms' = 'en') {
    const screener = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { autoConfirmRequests: true });
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'http://127.0.0.1:9/hook', now: new Date() });
    const request = bookingRequest(screener, await nextSlot(screener), { clientLanguage: language });
    const booked = await postBooking(t, request);
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.appointmentId as string;
    return { screener, request, appointmentId, token: manageTokenOf(t.services.env, appointmentId) };
  }

  it(`lets 30 reschedules at once move the booking ${MAX_VISITOR_MOVES} times at most, mail the staff once each, and send as many events as moves`, async () => {
    const { screener, request, token } = await bookedAtClinic();
    const targets = await Promise.all(Array.from({ length: 30 }, () => nextSlot(screener)));
    const answers = await Promise.all(targets.map((slotId) => manage(token, 'reschedule', { slotId })));

    const moved = answers.filter((answer) => answer.status === 200).length;
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(moved).toBeLessThanOrEqual(MAX_VISITOR_MOVES);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    // The staff's move mails replaced each other: one waits per person, whatever the number of moves.
    for (const staff of [screener.psychologistEmail, screener.operatorEmail]) {
      const pending = (await mailsTo(staff)).filter((mail) => mail === 'visitor-rescheduled:pending');
      expect(pending, staff).toHaveLength(1);
    }
    expect((await mailsTo(request.clientEmail)).filter((mail) => mail.startsWith('visitor-rescheduled'))).toHaveLength(moved);
    expect(await webhookEvents(screener.userId, 'appointment.rescheduled')).toBe(moved);
  });

  it(`refuses a move after ${MAX_VISITOR_MOVES}, in the visitor’s language, and the link then says to contact the clinic`, async () => {
    const { screener, request, token } = await bookedAtClinic('ms');
    for (let move = 0; move < MAX_VISITOR_MOVES; move++) {
      expect((await manage(token, 'reschedule', { slotId: await nextSlot(screener) })).status, `move ${move + 1}`).toBe(200);
      expect(await view(token)).toMatchObject({ movesLeft: MAX_VISITOR_MOVES - move - 1 });
    }
    const fourth = await manage(token, 'reschedule', { slotId: await nextSlot(screener) });
    expect(fourth).toEqual({ status: 409, body: { error: translationsFor('ms').booking.movesUsedUp({ max: MAX_VISITOR_MOVES }) } });
    expect(await view(token)).toMatchObject({ movesLeft: 0, clinicName: expect.any(String) });
    // Cancelling stays possible, and the staff hear of the cancel alone: the waiting move mail is replaced.
    expect((await manage(token, 'cancel')).status).toBe(200);
    const staffMails = await mailsTo(screener.psychologistEmail);
    expect(staffMails.filter((mail) => mail.endsWith(':pending'))).toEqual(['booking-psychologist:pending', 'visitor-cancelled:pending']);
    expect((await mailsTo(request.clientEmail)).filter((mail) => mail.startsWith('visitor-rescheduled'))).toHaveLength(MAX_VISITOR_MOVES);
  });

  it(`holds the staff’s mail of a move ${STAFF_MOVE_MAIL_DELAY_MINUTES} minutes, so that a later move can replace it`, async () => {
    const { screener, token } = await bookedAtClinic();
    const before = Date.now();
    expect((await manage(token, 'reschedule', { slotId: await nextSlot(screener) })).status).toBe(200);
    const row = await t.services.db
      .selectFrom('email_outbox')
      .select('next_attempt_at')
      .where('recipient', '=', screener.operatorEmail)
      .where('kind', '=', 'visitor-rescheduled')
      .executeTakeFirstOrThrow();
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThanOrEqual(before + STAFF_MOVE_MAIL_DELAY_MINUTES * 60_000);
  });

  it('sends each staff mail of a confirmation, a cancel or an erasure once, however often and however fast the link is used', async () => {
    const held = await insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { confirmVisitorEmail: true });
    const request = bookingRequest(held, await nextSlot(held));
    const booked = await postBooking(t, request);
    const token = manageTokenOf(t.services.env, booked.body.appointmentId as string);
    const flood = (action: Action) => Promise.all(Array.from({ length: 10 }, () => manage(token, action)));

    expect((await flood('confirm-email')).every((answer) => answer.status === 200)).toBe(true);
    expect(await mailsTo(held.psychologistEmail)).toEqual(['booking-psychologist:pending']);
    expect((await flood('cancel')).filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await mailsTo(held.operatorEmail)).toEqual(['booking-operator:pending', 'visitor-cancelled:pending']);

    const { screener, token: second } = await bookedAtClinic();
    const erasures = await Promise.all(Array.from({ length: 10 }, () => manage(second, 'erase')));
    expect(erasures.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The others find it erased: its link is closed (410), or was not yet when they looked (404).
    expect(erasures.every((answer) => [200, 404, 410].includes(answer.status))).toBe(true);
    expect((await mailsTo(screener.psychologistEmail)).filter((mail) => mail.startsWith('visitor-erased'))).toEqual(['visitor-erased:pending']);
    expect(await webhookEvents(screener.userId, 'appointment.cancelled')).toBe(1);
  });
});
