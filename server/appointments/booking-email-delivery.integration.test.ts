import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { deliverDueEmails } from '../mail/outbox-worker';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { readCalendarEvents } from '../testing/read-calendar';
import { decodeQuotedPrintable, headerOf } from '../testing/smtp-capture';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';

describe.each(TEST_DIALECTS)('delivering booking e-mails on %s', (dialect) => {
  let t: SmtpTestApp;
  beforeAll(async () => {
    t = await startSmtpTestApp(dialect);
  });
  afterAll(() => t.close());

  const deliveredTo = (to: string) => t.smtp.messages.filter((m) => m.to.includes(to));

  /** A booking of a new screener's slot a day ahead; answers who should hear of it. */
  async function bookNewSlot(overrides: Record<string, unknown> = {}) {
    const screener = await insertBookableScreener(t.services.db);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(24));
    const request = bookingRequest(screener, slotId, overrides);
    const started = performance.now();
    const response = await postBooking(t, request);
    return { response, tookMs: performance.now() - started, recipients: [request.clientEmail, screener.psychologistEmail, screener.operatorEmail] };
  }

  it('delivers the three mails once each, the visitor’s with its calendar file', async () => {
    const { response, recipients } = await bookNewSlot();
    expect(response.status).toBe(201);
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 3, failed: 0 });
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 0 });
    for (const to of recipients) expect(deliveredTo(to), to).toHaveLength(1);

    const raw = deliveredTo(recipients[0]!)[0]!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(raw).toMatch(/filename=appointment\.ics/);
    const calendarPart = raw.split(/\r\n--/).find((part) => /text\/calendar/i.test(part))!;
    const body = calendarPart.split('\r\n\r\n').slice(1).join('\r\n\r\n');
    const ics = /Content-Transfer-Encoding: base64/i.test(calendarPart)
      ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
      : decodeQuotedPrintable(body);
    expect(readCalendarEvents(ics)).toEqual([expect.objectContaining({ uid: `${response.body.appointmentId as string}@minda` })]);
    expect(ics).toContain('METHOD:PUBLISH');
  });

  // Issue 24: a visitor's reply went to the no-reply sender, and nothing said the mail was automatic.
  it('marks each mail automatic and in its language, and sends the visitor’s replies to the clinic', async () => {
    const { response, recipients } = await bookNewSlot({ clientLanguage: 'ms' });
    expect(response.status).toBe(201);
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 3, failed: 0 });
    const [visitor, psychologist, clinic] = recipients.map((to) => deliveredTo(to)[0]!.raw);
    const clinicAddress = recipients[2]!;
    for (const raw of [visitor!, psychologist!, clinic!]) expect(headerOf(raw, 'Auto-Submitted')).toBe('auto-generated');
    expect(headerOf(visitor!, 'Content-Language')).toBe('ms');
    expect(headerOf(visitor!, 'Reply-To')).toBe(clinicAddress);
    // Staff read English; a psychologist's reply reaches the clinic's desk too.
    expect(headerOf(psychologist!, 'Content-Language')).toBe('en');
    expect(headerOf(psychologist!, 'Reply-To')).toBe(clinicAddress);
    // The clinic's own copy needs no Reply-To naming itself.
    expect(headerOf(clinic!, 'Content-Language')).toBe('en');
    expect(headerOf(clinic!, 'Reply-To')).toBeUndefined();
  });

  it('books at once while SMTP is down, and delivers each mail once after it returns', async () => {
    await t.smtp.stop();
    let booking: Awaited<ReturnType<typeof bookNewSlot>>;
    try {
      booking = await bookNewSlot();
      expect(booking.response.status).toBe(201);
      expect(booking.tookMs).toBeLessThan(1000);
      expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 3 });
    } finally {
      await t.smtp.start();
    }
    // The retry is due 30 seconds after the failure.
    t.services.now = () => new Date(Date.now() + 31_000);
    try {
      expect(await deliverDueEmails(t.services)).toEqual({ sent: 3, failed: 0 });
      expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 0 });
    } finally {
      t.services.now = () => new Date();
    }
    for (const to of booking.recipients) expect(deliveredTo(to), to).toHaveLength(1);
  });
});
