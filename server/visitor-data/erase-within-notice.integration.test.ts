import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { hashSecretToken } from '../auth/secret-tokens';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Erasing one's data respects the cancellation notice as cancelling does (issue 24): inside it a
 * session still ahead cannot be erased away without a word, and the link shows the clinic's
 * contacts instead. Before the notice, and after the session, the erasure goes ahead; the link
 * then says that the visitor erased the booking's data.
 */
describe.each(TEST_DIALECTS)("the visitor's erasure and the cancellation notice on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A confirmed booking `hoursAhead` away, with a psychologist who asks 24 hours' notice, by a visitor who reads Malay. */
  async function confirmedBooking(hoursAhead: number) {
    const db = t.services.db;
    const screener = await insertBookableScreener(db, { cancellationNoticeHours: 24 }, { confirmVisitorEmail: false, autoConfirmRequests: true });
    await db.updateTable('screener_configurations').set({ crisis_contact_name: 'Klinik', crisis_contact_whatsapp: '012-345 6789' }).where('user_id', '=', screener.userId).execute();
    const booked = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(hoursAhead)), { clientLanguage: 'ms' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.appointmentId as string;
    return { screener, id, token: manageTokenOf(t.services.env, id) };
  }

  const call = (method: 'GET' | 'POST', url: string, locale = 'en') =>
    t.app.inject({ method, url, headers: { origin: t.services.env.publicUrl, 'x-minda-locale': locale } });
  const emailOf = async (id: string) => (await t.services.db.selectFrom('appointments').select('client_email').where('id', '=', id).executeTakeFirstOrThrow()).client_email;

  it('refuses inside the notice, in the visitor’s language, and the link shows how to reach the clinic', async () => {
    const { id, token } = await confirmedBooking(6);
    const refused = await call('POST', `/api/public/appointments/manage/${token}/erase`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.stringContaining('terlalu hampir untuk memadam data anda') });
    expect(await emailOf(id)).not.toBe('');
    const view = await call('GET', `/api/public/appointments/manage/${token}`);
    expect(view.json()).toMatchObject({ status: 'confirmed', clinicContact: { name: 'Klinik', phone: null, whatsApp: '012-345 6789' } });
  });

  it('erases before the notice; afterwards the link says that the visitor erased the booking’s data, and an unknown link still answers 404', async () => {
    const { id, token } = await confirmedBooking(72);
    expect((await call('POST', `/api/public/appointments/manage/${token}/erase`)).statusCode).toBe(200);
    expect(await emailOf(id)).toBe('');
    for (const [method, path] of [['GET', ''], ['GET', '/data'], ['POST', '/cancel']] as const) {
      const after = await call(method, `/api/public/appointments/manage/${token}${path}`);
      expect(after.statusCode, path).toBe(410);
      expect(after.json(), path).toEqual({ error: expect.stringContaining('You erased this booking’s data') });
    }
    const inMalay = await call('GET', `/api/public/appointments/manage/${token}`, 'ms');
    expect(inMalay.json()).toEqual({ error: expect.stringContaining('Anda telah memadam data tempahan ini') });
    expect((await call('GET', `/api/public/appointments/manage/${manageTokenOf(t.services.env, 'no-such-appointment')}`)).statusCode).toBe(404);
    // Over tRPC the same 410, with the sentence the page shows.
    const overTrpc = await call('GET', `/trpc/public.ownAppointment.view?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`);
    expect(overTrpc.statusCode).toBe(410);
  });

  it('erases a session that has already taken place, inside what was its notice', async () => {
    const db = t.services.db;
    const screener = await insertBookableScreener(db, { cancellationNoticeHours: 24 });
    const id = await bookSlot(db, { userId: screener.userId, psychologistId: screener.psychologistId, slotId: await insertSlot(db, screener.psychologistId, hoursFromNow(-3)) });
    const token = manageTokenOf(t.services.env, id);
    await db.updateTable('appointments').set({ status: 'confirmed', manage_token_hash: hashSecretToken(token) }).where('id', '=', id).execute();
    expect((await call('POST', `/api/public/appointments/manage/${token}/erase`)).statusCode).toBe(200);
    expect(await emailOf(id)).toBe('');
  });
});
