import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { STAFF_ALERT_QUIET_MINUTES } from '../../domain/whatsapp-messages';

import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

const given = { givenAt: new Date().toISOString() };
/** Results shared with the crisis item answered: the request is flagged "contact promptly". */
const FLAGGED = {
  sharedResults: {
    testType: 'Combined',
    results: { whooley: { score: 2, level: 'positive' }, phq9: { score: 21, level: 'severe' }, gad7: { score: 14, level: 'moderate' } },
    crisisItemAnswered: true,
  },
  consents: { screener: given, privacyNotice: given, resultsSharing: given },
};
const VISITOR = 'Nur Aisyah binti Ahmad';

describe.each(TEST_DIALECTS)('the alert to a clinic’s crisis contact on %s', (dialect) => {
  let t: WhatsappTestApp;
  beforeAll(async () => {
    t = await startWhatsappTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic with a crisis contact (its numbers as the clinic typed them), WhatsApp on unless said. */
  async function clinic(contact: { phone?: string; whatsApp?: string } | null, options: { whatsappEnabled?: boolean; confirmVisitorEmail?: boolean } = {}) {
    const screener = await insertBookableScreener(t.services.db, {}, { companyName: 'Klinik Segera', confirmVisitorEmail: options.confirmVisitorEmail ?? false });
    await t.services.db
      .updateTable('screener_configurations')
      .set({ crisis_contact_name: contact && 'Klinik Segera', crisis_contact_phone: contact?.phone ?? null, crisis_contact_whatsapp: contact?.whatsApp ?? null })
      .where('user_id', '=', screener.userId)
      .execute();
    await t.services.db.updateTable('users').set({ whatsapp_enabled: options.whatsappEnabled ?? true }).where('id', '=', screener.userId).execute();
    return screener;
  }
  let hours = 48;
  async function book(screener: BookableScreener, overrides: Record<string, unknown>) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(++hours));
    const response = await postBooking(t, bookingRequest(screener, slotId, { clientName: VISITOR, ...overrides }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.appointmentId as string;
  }
  const alerts = (screener: BookableScreener) =>
    t.services.db.selectFrom('whatsapp_outbox').select(['appointment_id', 'recipient', 'body']).where('user_id', '=', screener.userId).where('kind', '=', 'crisis_alert').execute();

  it('sends the crisis contact’s WhatsApp number one alert for a flagged request: the clinic and the inbox, no name, no reason', async () => {
    const screener = await clinic({ phone: '03-7627 2929', whatsApp: '019-222 3344' });
    await book(screener, FLAGGED);
    const queued = await alerts(screener);
    expect(queued).toHaveLength(1);
    // Not the booking's: the visitor's STOP or erasure leaves it, a reply to it acts on no booking.
    expect(queued[0]).toMatchObject({ appointment_id: null, recipient: '+60192223344' });

    await t.deliverWhatsapp();
    const sent = t.whatsappApi.messages.filter((message) => message.template?.name === 'minda_crisis_alert' && message.to === '60192223344');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.template!.language.code).toBe('en');
    // Exactly these: nothing of the visitor (their name, the time, their results) goes.
    expect(sent[0]!.template!.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: 'Klinik Segera' }, { type: 'text', text: `${t.services.env.publicUrl}/admin/appointments` }] },
    ]);
  });

  it('sends one alert per quiet period however many flagged requests arrive at once, then one again in the next period', async () => {
    const screener = await clinic({ whatsApp: '019-222 3344' });
    const period = STAFF_ALERT_QUIET_MINUTES * 60_000;
    // A clock held a minute into the current period, so the flood cannot straddle two.
    const periodStart = Math.floor(Date.now() / period) * period;
    const realNow = t.services.now;
    t.services.now = () => new Date(periodStart + 60_000);
    try {
      // A stranger's flood: ten flagged requests at once, each from its own address.
      const flood = await Promise.all(Array.from({ length: 10 }, () => book(screener, FLAGGED)));
      expect(new Set(flood).size).toBe(10);
      expect(await alerts(screener)).toHaveLength(1);

      t.services.now = () => new Date(periodStart + period + 60_000);
      await book(screener, FLAGGED);
      await book(screener, FLAGGED);
      expect(await alerts(screener)).toHaveLength(2);
    } finally {
      t.services.now = realNow;
    }
  });

  it('alerts the crisis contact’s phone when it is a mobile and there is no WhatsApp number', async () => {
    const screener = await clinic({ phone: '012-333 4455' });
    await book(screener, FLAGGED);
    expect((await alerts(screener)).map((alert) => alert.recipient)).toEqual(['+60123334455']);
  });

  it('alerts nobody for a request not flagged', async () => {
    const screener = await clinic({ whatsApp: '019-222 3344' });
    await book(screener, {});
    await book(screener, { ...FLAGGED, sharedResults: { ...FLAGGED.sharedResults, crisisItemAnswered: false } });
    expect(await alerts(screener)).toEqual([]);
  });

  it('alerts nobody without a crisis contact, with only a landline, or with WhatsApp switched off', async () => {
    for (const screener of [await clinic(null), await clinic({ phone: '03-7627 2929' }), await clinic({ whatsApp: '019-222 3344' }, { whatsappEnabled: false })]) {
      await book(screener, FLAGGED);
      expect(await alerts(screener)).toEqual([]);
    }
  });

  it('alerts for a flagged hold only once its visitor confirmed the e-mail, when it reaches the clinic', async () => {
    const screener = await clinic({ whatsApp: '019-222 3344' }, { confirmVisitorEmail: true });
    const id = await book(screener, FLAGGED);
    expect(await alerts(screener)).toEqual([]);
    const confirm = () =>
      t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, id)}/confirm-email`, headers: { origin: t.services.env.publicUrl } });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
    expect(await alerts(screener)).toHaveLength(1);
  });
});
