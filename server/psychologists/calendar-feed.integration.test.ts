import { addDays, addHours } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertPsychologist, insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { readCalendar, readCalendarWithNodeIcal } from '../testing/read-calendar';
import { signedInAs, signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const CALENDAR_URL = /^https:\/\/minda\.test\/api\/calendar\/([\w-]{43})\.ics$/;

describe.each(TEST_DIALECTS)("a psychologist's calendar feed on %s", (dialect) => {
  let t: TestApp;
  let hours = 48;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** GET as a calendar app fetches it: no cookie, no Origin. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: new URL(url, t.services.env.publicUrl).pathname, headers });

  const renew = async (operator: SignedInOperator, psychologistId: string) => {
    const response = await operator.rest('POST', `/api/psychologists/${psychologistId}/calendar-link`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { url } = response.body as { url: string };
    expect(url).toMatch(CALENDAR_URL);
    return url;
  };

  /** A visitor's booking through the screener, and the calendar file of the last mail they got. */
  async function book(screener: BookableScreener) {
    const request = bookingRequest(screener, await insertSlot(t.services.db, screener.psychologistId, hoursFromNow((hours += 2))));
    const response = await postBooking(t, request);
    expect(response.status).toBe(201);
    const appointmentId = response.body.appointmentId as string;
    const visitorsCalendar = async () => {
      const mails = (await outboxEmailsTo(t.services.db, request.clientEmail)).filter((mail) => mail.attachments?.length);
      return readCalendar(mails.at(-1)!.attachments![0]!.content).events[0]!;
    };
    return { appointmentId, request, visitorsCalendar };
  }

  /** A booking made straight in the database, moved to `status`, starting at `start`. */
  async function stored(screener: BookableScreener, psychologistId: string, status: AppointmentStatus, start: Date) {
    const slotId = await insertSlot(t.services.db, psychologistId, start);
    const id = await bookSlot(t.services.db, { userId: screener.userId, psychologistId, slotId });
    await t.services.db
      .updateTable('appointments')
      .set({ status, ...(status !== 'requested' && status !== 'confirmed' && status !== 'held' && { active_slot_id: null }) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it("lists exactly the psychologist's requested and confirmed sessions, as the visitor's events, without sign-in and without client details", async () => {
    const screener = await insertBookableScreener(t.services.db, { name: 'Dr. Farah Lim' });
    const operator = await signedInAs(t, screener);
    // Four bookings: past the free allowance, only a subscription books.
    await t.services.db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
    const requested = await book(screener);
    const confirmed = await book(screener);
    await operator.caller.admin.appointments.confirm({ appointmentId: confirmed.appointmentId });
    const declined = await book(screener);
    await operator.caller.admin.appointments.decline({ appointmentId: declined.appointmentId });
    const cancelled = await book(screener);
    await operator.caller.admin.appointments.cancel({ appointmentId: cancelled.appointmentId });
    const held = await stored(screener, screener.psychologistId, 'held', hoursFromNow((hours += 2)));
    const completedLastWeek = await stored(screener, screener.psychologistId, 'completed', addDays(new Date(), -7));
    // An hour apart: a psychologist has one slot per start time.
    const confirmedLastWeek = await stored(screener, screener.psychologistId, 'confirmed', addHours(addDays(new Date(), -7), 1));
    const confirmedTwoMonthsAgo = await stored(screener, screener.psychologistId, 'confirmed', addDays(new Date(), -60));
    const colleague = await insertPsychologist(t.services.db, screener.userId, { name: 'Dr. Colleague' });
    const colleagues = await stored(screener, colleague, 'confirmed', hoursFromNow((hours += 2)));

    const response = await fetchFeed(await renew(operator, screener.psychologistId));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const feed = readCalendar(response.body);
    expect(readCalendarWithNodeIcal(response.body)).toEqual(feed);
    expect(feed.method).toBeNull();
    expect(feed.name).toBe('Sessions of Dr. Farah Lim');
    const uids = feed.events.map((event) => event.uid);
    expect(uids.sort()).toEqual([requested.appointmentId, confirmed.appointmentId, confirmedLastWeek].map((id) => `${id}@minda`).sort());
    for (const left of [declined, cancelled].map((booking) => booking.appointmentId).concat(held, completedLastWeek, confirmedTwoMonthsAgo, colleagues)) {
      expect(uids).not.toContain(`${left}@minda`);
    }

    // The same event as the visitor's calendar file: UID, SEQUENCE, status and UTC times.
    for (const booking of [requested, confirmed]) {
      const { uid, sequence, status, start, end } = await booking.visitorsCalendar();
      expect(feed.events.find((event) => event.uid === uid)).toMatchObject({ uid, sequence, status, start, end });
    }
    expect(feed.events.find((event) => event.uid === `${requested.appointmentId}@minda`)).toMatchObject({ status: 'TENTATIVE', summary: 'Session (requested)', sequence: 0 });
    expect(feed.events.find((event) => event.uid === `${confirmed.appointmentId}@minda`)).toMatchObject({ status: 'CONFIRMED', summary: 'Session', sequence: 1 });
    expect(response.body).toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);

    // Nothing of who booked: no name, e-mail or phone, neither the psychologist's nor the clinic's e-mail.
    for (const { request } of [requested, confirmed]) {
      for (const detail of [request.clientName, 'Aisyah', request.clientEmail, '+60123456789', '012-345 6789', '123456789']) {
        expect(response.body).not.toContain(detail);
      }
    }
    for (const detail of ['Siti', 'siti@example.com', screener.psychologistEmail, screener.operatorEmail]) expect(response.body).not.toContain(detail);
  });

  it('reads in Malay when the caller asks for it', async () => {
    const screener = await insertBookableScreener(t.services.db, { name: 'Dr. Farah Lim' });
    const operator = await signedInAs(t, screener);
    await book(screener);
    const feed = readCalendar((await fetchFeed(await renew(operator, screener.psychologistId), { 'accept-language': 'ms' })).body);
    expect(feed.name).toBe('Sesi Dr. Farah Lim');
    expect(feed.events.map((event) => event.summary)).toEqual(['Sesi (diminta)']);
  });

  it("names the feed after a psychologist whose name holds iCalendar's separators, escaped, with nothing injected", async () => {
    // Written straight to the database: a form drops the line break, the separators stay.
    const name = 'Tan, Daniel; kaunselor\\coach\r\nMETHOD:CANCEL';
    const screener = await insertBookableScreener(t.services.db, { name });
    const response = await fetchFeed(await renew(await signedInAs(t, screener), screener.psychologistId));
    expect(response.statusCode, response.body).toBe(200);
    expect(readCalendar(response.body)).toMatchObject({ method: null, name: 'Sessions of Tan, Daniel; kaunselor\\coach\nMETHOD:CANCEL' });
    expect(response.body).toContain('X-WR-CALNAME:Sessions of Tan\\, Daniel\\; kaunselor\\\\coach\\nMETHOD:CANCEL\r\n');
    expect(response.body).not.toMatch(/^METHOD/m);
  });

  it('stops the old link at once when the clinic renews it, over REST and tRPC alike', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const operator = await signedInAs(t, screener);
    const first = await renew(operator, screener.psychologistId);
    expect((await fetchFeed(first)).statusCode).toBe(200);

    const { url: second } = await operator.caller.admin.psychologists.renewCalendarLink({ id: screener.psychologistId });
    expect(second).toMatch(CALENDAR_URL);
    expect(second).not.toBe(first);
    const old = await fetchFeed(first);
    expect(old.statusCode).toBe(404);
    expect(old.headers['content-type']).toMatch(/^application\/json/);
    expect(old.json()).toEqual({ error: 'Calendar not found: the link is mistyped, or the clinic renewed it.' });
    expect((await fetchFeed(second)).statusCode).toBe(200);

    // Only the hash is stored.
    const row = await t.services.db.selectFrom('psychologists').select('calendar_token_hash').where('id', '=', screener.psychologistId).executeTakeFirstOrThrow();
    expect(row.calendar_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toContain(row.calendar_token_hash);
  });

  it("refuses another clinic's psychologist with 404 and leaves their link working", async () => {
    const victim = await insertBookableScreener(t.services.db);
    const victimOperator = await signedInAs(t, victim);
    const url = await renew(victimOperator, victim.psychologistId);
    const attacker = await signInNewOperator(t);

    const rest = await attacker.rest('POST', `/api/psychologists/${victim.psychologistId}/calendar-link`, {});
    expect(rest).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    await expect(attacker.caller.admin.psychologists.renewCalendarLink({ id: victim.psychologistId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('answers every token that is not a current one with the same 404, malformed ones too', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const url = await renew(await signedInAs(t, screener), screener.psychologistId);
    const token = CALENDAR_URL.exec(url)![1]!;
    const notFound = { error: 'Calendar not found: the link is mistyped, or the clinic renewed it.' };
    for (const wrong of ['', 'x', `${token}x`, token.slice(1), token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(), 'a'.repeat(43), '%27%20OR%201%3D1', 'x'.repeat(1_500)]) {
      const response = await t.app.inject(`/api/calendar/${wrong}.ics`);
      expect(response.statusCode, wrong).toBe(404);
      expect(response.json(), wrong).toEqual(notFound);
    }
    // Signed out, a psychologist's id is no token either.
    expect((await t.app.inject(`/api/calendar/${screener.psychologistId}.ics`)).statusCode).toBe(404);
  });
});
