import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from 'date-fns';
import { findBookingCounter } from '../../db/repositories/users';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { translationsFor } from '../translations';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { manageTokenOf } from './manage-token';
import { SPAM_BLOCK_DAYS } from './booking-blocks';

const english = translationsFor('en');

/**
 * Issue 24: the free allowance is the clinic's, not a stranger's. A booking counts once the
 * clinic accepts it (by hand, or automatically where it chose that); a decline or a spam mark
 * gives it back; a spam mark refuses the e-mail and the address at that clinic for 30 days.
 */
describe.each(TEST_DIALECTS)('the clinic’s free allowance on %s', (dialect) => {
  let t: TestApp;
  let hours = 48;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const nextSlot = (screener: BookableScreener) => insertSlot(t.services.db, screener.psychologistId, hoursFromNow((hours += 2)));
  const bookingsMade = async (userId: string) => (await findBookingCounter(t.services.db, userId))!.bookingsMade;
  const book = async (screener: BookableScreener, overrides: Record<string, unknown> = {}, address?: string) => {
    const booked = await postBooking(t, bookingRequest(screener, await nextSlot(screener), overrides), address);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return booked.body.appointmentId as string;
  };
  const confirmEmail = (appointmentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/confirm-email`,
      headers: { origin: t.services.env.publicUrl },
    });

  it('counts nothing for three bookings confirmed through three throwaway mailboxes, until the clinic confirms them', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
    const ids = [await book(screener), await book(screener), await book(screener)];
    for (const id of ids) expect((await confirmEmail(id)).json()).toMatchObject({ status: 'requested' });
    expect(await bookingsMade(screener.userId)).toBe(0);
    // A fourth visitor can still book: the stranger's requests used up nothing.
    await book(screener);
    const clinic = await signedInAs(t, screener);
    await clinic.caller.admin.appointments.confirm({ appointmentId: ids[0]! });
    expect(await bookingsMade(screener.userId)).toBe(1);
  });

  it('refuses the clinic’s confirmation once the free bookings ran out after the request, leaving it to decline; new bookings are refused up front', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const clinic = await signedInAs(t, screener);
    const requests: string[] = [];
    for (let i = 0; i < 4; i++) requests.push(await book(screener));
    for (const appointmentId of requests.slice(0, 3)) await clinic.caller.admin.appointments.confirm({ appointmentId });
    expect(await bookingsMade(screener.userId)).toBe(3);

    const refused = await clinic.rest('POST', `/api/appointments/${requests[3]}/confirm`, {});
    expect(refused).toEqual({ status: 409, body: { error: english.errors.freeBookingsUsedToConfirm() } });
    expect(await bookingsMade(screener.userId)).toBe(3);
    expect((await clinic.caller.admin.appointments.list({})).find((a) => a.id === requests[3])).toMatchObject({ status: 'requested' });
    expect(await clinic.caller.admin.appointments.decline({ appointmentId: requests[3]! })).toMatchObject({ status: 'declined' });
    expect(await bookingsMade(screener.userId)).toBe(3);
    expect(await postBooking(t, bookingRequest(screener, await nextSlot(screener)))).toMatchObject({ status: 409, body: { error: english.booking.freeLimit() } });
  });

  it('leaves a confirmed hold as a request for the clinic when automatic confirmation finds the free bookings used up', async () => {
    const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true, autoConfirmRequests: true });
    const first = await book(screener);
    const late = await book(screener);
    await t.services.db.updateTable('users').set({ bookings_made: 2 }).where('id', '=', screener.userId).execute();
    expect((await confirmEmail(first)).json()).toMatchObject({ status: 'confirmed' });
    expect(await bookingsMade(screener.userId)).toBe(3);
    expect((await confirmEmail(late)).json()).toMatchObject({ status: 'requested' });
    expect(await bookingsMade(screener.userId)).toBe(3);
  });

  it('gives back what a declined request had counted (counted when requested, before issue 24), once', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const appointmentId = await book(screener);
    // As the migration leaves a request counted under decision 0021.
    await t.services.db.updateTable('appointments').set({ allowance_counted: 1 }).where('id', '=', appointmentId).execute();
    await t.services.db.updateTable('users').set({ bookings_made: 3 }).where('id', '=', screener.userId).execute();
    const clinic = await signedInAs(t, screener);
    await expect(clinic.caller.admin.appointments.decline({ appointmentId })).resolves.toMatchObject({ status: 'declined' });
    expect(await bookingsMade(screener.userId)).toBe(2);
    await expect(clinic.caller.admin.appointments.decline({ appointmentId })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bookingsMade(screener.userId)).toBe(2);
  });

  describe('Decline as spam', () => {
    const spammer = '2001:db8:5a:1::1';

    it('declines an automatically confirmed booking over REST, gives its free booking back and mails nobody', async () => {
      const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
      const email = 'Nur.Aisyah+one@Gmail.com';
      const appointmentId = await book(screener, { clientEmail: email }, spammer);
      expect(await bookingsMade(screener.userId)).toBe(1);
      const clinic = await signedInAs(t, screener);

      const marked = await clinic.rest('POST', `/api/appointments/${appointmentId}/spam`, {});
      expect(marked).toMatchObject({ status: 200, body: { status: 'declined' } });
      expect(await bookingsMade(screener.userId)).toBe(0);
      expect((await outboxEmailsTo(t.services.db, email)).map((mail) => mail.kind)).toEqual(['booking-client']);
      expect(await clinic.rest('POST', `/api/appointments/${appointmentId}/spam`, {})).toMatchObject({ status: 409 });
      expect(await bookingsMade(screener.userId)).toBe(0);
    });

    it(`refuses the same mailbox however spelled, and the same address, at that clinic for ${SPAM_BLOCK_DAYS} days, in words that accuse nobody`, async () => {
      const screener = await insertBookableScreener(t.services.db);
      const appointmentId = await book(screener, { clientEmail: 'nur.aisyah@gmail.com' }, spammer);
      const clinic = await signedInAs(t, screener);
      await clinic.caller.admin.appointments.declineAsSpam({ appointmentId });

      for (const language of ['en', 'ms'] as const) {
        const sameMailbox = await postBooking(t, bookingRequest(screener, await nextSlot(screener), { clientEmail: 'NurAisyah+again@googlemail.com', clientLanguage: language }));
        expect(sameMailbox).toEqual({ status: 429, body: { error: translationsFor(language).booking.notTakenOnline() } });
        expect(sameMailbox.body.error).not.toMatch(/spam/i);
      }
      // Another e-mail from the same /64.
      expect((await postBooking(t, bookingRequest(screener, await nextSlot(screener)), '2001:db8:5a:1::2')).status).toBe(429);
      // Anyone else books, and the same visitor books at another clinic.
      await book(screener);
      await book(await insertBookableScreener(t.services.db), { clientEmail: 'nur.aisyah@gmail.com' }, spammer);
      // Nothing stored names the address or the mailbox.
      const blocks = await t.services.db.selectFrom('booking_blocks').select('subject_digest').where('user_id', '=', screener.userId).execute();
      expect(blocks).toHaveLength(2);
      expect(JSON.stringify(blocks)).not.toMatch(/aisyah|2001:db8/i);

      const monthLater = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow((SPAM_BLOCK_DAYS + 3) * 24));
      t.services.now = () => addDays(new Date(), SPAM_BLOCK_DAYS + 1);
      try {
        expect((await postBooking(t, bookingRequest(screener, monthLater, { clientEmail: 'nur.aisyah@gmail.com' }), spammer)).status).toBe(201);
      } finally {
        t.services.now = () => new Date();
      }
    });

    it('is refused for a session that has begun, which keeps the free booking it used', async () => {
      const screener = await insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });
      const appointmentId = await book(screener);
      const clinic = await signedInAs(t, screener);
      // The session began an hour ago.
      const { slot_id: slotId } = await t.services.db.selectFrom('appointments').select('slot_id').where('id', '=', appointmentId).executeTakeFirstOrThrow();
      await t.services.db.updateTable('availability_slots').set({ start_utc: hoursFromNow(-1) }).where('id', '=', slotId).execute();
      const marked = await clinic.rest('POST', `/api/appointments/${appointmentId}/spam`, {});
      expect(marked).toEqual({ status: 409, body: { error: english.errors.spamAfterStart() } });
      expect(await bookingsMade(screener.userId)).toBe(1);
      expect(await t.services.db.selectFrom('booking_blocks').select('subject_digest').where('user_id', '=', screener.userId).execute()).toEqual([]);
    });

    it('is refused for a hold, which is not in the inbox, and for another clinic’s booking', async () => {
      const screener = await insertBookableScreener(t.services.db, {}, { confirmVisitorEmail: true });
      const hold = await book(screener);
      const clinic = await signedInAs(t, screener);
      await expect(clinic.caller.admin.appointments.declineAsSpam({ appointmentId: hold })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const other = await signedInAs(t, await insertBookableScreener(t.services.db));
      await expect(other.caller.admin.appointments.declineAsSpam({ appointmentId: hold })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
