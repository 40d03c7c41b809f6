import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertOperator, insertPsychologist, insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import {
  type BookableScreener,
  bookingRequest,
  hoursFromNow,
  insertBookableScreener,
  postBooking,
  visitorAddress,
  withProofOfWork,
} from '../testing/booking-requests';
import { callerFor } from '../testing/caller';
import { readCalendarEvents } from '../testing/read-calendar';
import { startTestApp, type TestApp, trpcQuery } from '../testing/test-app';
import { FREE_LIMIT_MESSAGE, SLOT_TAKEN_MESSAGE, SLOT_UNAVAILABLE_MESSAGE } from './book-appointment';

const DAY_HOURS = 24;

describe.each(TEST_DIALECTS)('booking on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
    t.services.rateLimits = DEFAULT_RATE_LIMITS;
  });

  const rest = async (url: string) => {
    const response = await t.app.inject({ url });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  /** The procedures as a visitor calls them; `ip` sets the visitor's address. */
  const visitor = (ip?: string) => callerFor(t.services, ip === undefined ? {} : { ip });
  const freeSlotIds = async (screener: BookableScreener, range: { from?: string; to?: string } = {}) => {
    const slots = await visitor().public.availability({ slug: screener.slug, psychologistId: screener.psychologistId, ...range });
    return slots.map((slot) => slot.id);
  };
  const subscribe = (userId: string, status: string) =>
    t.services.db.insertInto('subscriptions').values({ user_id: userId, status, updated_at: new Date() }).execute();

  describe('public.psychologists', () => {
    it('lists the screener owner’s psychologists by slug, old slug or configuration id, without their e-mail', async () => {
      const screener = await insertBookableScreener(t.services.db, { name: 'Dr. Aisyah' });
      await insertPsychologist(t.services.db, (await insertOperator(t.services.db)).userId, { name: 'Someone else’s' });
      await t.services.db
        .insertInto('slug_redirects')
        .values({ slug: `${screener.slug}-old`, configuration_id: screener.configurationId, created_at: new Date() })
        .execute();
      const expected = [
        {
          id: screener.psychologistId,
          name: 'Dr. Aisyah',
          jobTitle: 'Clinical Psychologist',
          description: 'Test',
          jobTitleMs: '',
          descriptionMs: '',
          imageUrl: null,
          pricePerHour: '120.50',
          slotDurationMinutes: 60,
          timezone: 'Asia/Kuala_Lumpur',
          // The clinic has not said where sessions happen (docs/decisions/0049).
          place: null,
        },
      ];
      for (const slug of [screener.slug, `${screener.slug}-old`, screener.configurationId]) {
        expect(await visitor().public.psychologists({ slug }), slug).toEqual(expected);
      }
      expect(await rest(`/api/public/psychologists?slug=${screener.slug}`)).toEqual({ status: 200, body: expected });
    });

    it('answers an empty list for an unknown screener and for the sample screener', async () => {
      for (const slug of ['no-such-clinic', 'default', '00000000-0000-4000-8000-000000000000']) {
        expect(await visitor().public.psychologists({ slug }), slug).toEqual([]);
      }
    });
  });

  describe('public.availability', () => {
    it('offers free slots only, from the minimum advance to 30 days ahead, in time order', async () => {
      const screener = await insertBookableScreener(t.services.db, { minimumAdvanceHours: 2 });
      const slot = (hours: number) => insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
      await slot(1);
      const later = await slot(5);
      const first = await slot(3);
      const booked = await slot(7);
      await bookSlot(t.services.db, { userId: screener.userId, psychologistId: screener.psychologistId, slotId: booked });
      const lastDay = await slot(29 * DAY_HOURS);
      await slot(31 * DAY_HOURS);

      expect(await freeSlotIds(screener)).toEqual([first, later, lastDay]);
      // Two hours on, the 3-hour slot is inside the minimum advance.
      t.services.now = () => new Date(Date.now() + 2 * 3_600_000);
      expect(await freeSlotIds(screener)).toEqual([later, lastDay]);
    });

    it('narrows to the requested range, never beyond the window, and answers instants over both transports', async () => {
      const screener = await insertBookableScreener(t.services.db, { minimumAdvanceHours: 0 });
      const start = hoursFromNow(10);
      const inRange = await insertSlot(t.services.db, screener.psychologistId, start);
      await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(30));
      const range = { from: new Date(Date.now() - DAY_HOURS * 3_600_000).toISOString(), to: hoursFromNow(20).toISOString() };
      // Both transports' answers, compared over HTTP: superjson brings the instants back as Dates.
      const tRPC = await trpcQuery(t.app, 'public.availability', { slug: screener.slug, psychologistId: screener.psychologistId, ...range });
      expect(tRPC.data).toEqual([{ id: inRange, startUtc: start, endUtc: new Date(start.getTime() + 3_600_000) }]);
      const query = new URLSearchParams({ slug: screener.slug, psychologistId: screener.psychologistId, ...range });
      expect(await rest(`/api/public/availability?${query}`)).toEqual({
        status: 200,
        body: [{ id: inRange, startUtc: start.toISOString(), endUtc: new Date(start.getTime() + 3_600_000).toISOString() }],
      });
      const beyond = { from: hoursFromNow(40 * DAY_HOURS).toISOString(), to: hoursFromNow(50 * DAY_HOURS).toISOString() };
      expect(await freeSlotIds(screener, beyond)).toEqual([]);
    });

    it('answers 404 for a psychologist who is not the screener owner’s', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const other = await insertBookableScreener(t.services.db);
      const query = new URLSearchParams({ slug: screener.slug, psychologistId: other.psychologistId });
      expect(await rest(`/api/public/availability?${query}`)).toEqual({ status: 404, body: { error: 'Psychologist not found' } });
    });
  });

  describe('public.bookAppointment', () => {
    it('books a free slot over REST with 201, storing the phone as +60… and the canonical timezone', async () => {
      const screener = await insertBookableScreener(t.services.db, { name: 'Dr. Aisyah' });
      const start = hoursFromNow(DAY_HOURS);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, start);
      const request = bookingRequest(screener, slotId, { clientName: '  Siti  ', clientPhone: '03-7627 2929', clientTimezone: 'europe/london' });
      const { status, body } = await postBooking(t, request);
      expect(status).toBe(201);
      expect(body).toEqual({
        appointmentId: expect.any(String),
        startUtc: start.toISOString(),
        endUtc: new Date(start.getTime() + 3_600_000).toISOString(),
        psychologistName: 'Dr. Aisyah',
        // This clinic does not ask for e-mail confirmation (booking-lifecycle.integration.test.ts).
        status: 'requested',
        holdExpiresAt: null,
        place: null,
        // A clinic that takes no payment at booking (paid-booking.integration.test.ts).
        paymentToken: null,
        payment: null,
      });
      const stored = await t.services.db.selectFrom('appointments').selectAll().where('id', '=', body.appointmentId as string).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        user_id: screener.userId,
        slot_id: slotId,
        active_slot_id: slotId,
        status: 'requested',
        client_name: 'Siti',
        client_phone: '+60376272929',
        client_timezone: 'Europe/London',
        client_language: 'en',
      });
      expect(await freeSlotIds(screener)).toEqual([]);
    });

    it('books over tRPC with the same answer, as Dates', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const start = hoursFromNow(DAY_HOURS);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, start);
      const address = visitorAddress();
      const result = await visitor(address).public.bookAppointment(await withProofOfWork(t, bookingRequest(screener, slotId), address));
      expect(result).toEqual({
        appointmentId: expect.any(String),
        startUtc: start,
        endUtc: new Date(start.getTime() + 3_600_000),
        psychologistName: 'Dr. Test',
        status: 'requested',
        holdExpiresAt: null,
        place: null,
        paymentToken: null,
        payment: null,
      });
    });

    it('refuses an invalid phone number with its message under the field, and books nothing', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(DAY_HOURS));
      const { status, body } = await postBooking(t, bookingRequest(screener, slotId, { clientPhone: '12345' }));
      expect(status).toBe(400);
      expect(body).toEqual({
        error: 'Please check the highlighted fields.',
        fields: { clientPhone: ['Please enter a valid Malaysian phone number'] },
      });
      expect(await freeSlotIds(screener)).toEqual([slotId]);
    });

    it("answers a Malay visitor's problems in Malay, a sentence in error and each field's under its name", async () => {
      const screener = await insertBookableScreener(t.services.db);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(DAY_HOURS));
      const invalid = { clientEmail: 'siti@', clientLanguage: 'ms' };
      expect(await postBooking(t, bookingRequest(screener, slotId, invalid))).toEqual({
        status: 400,
        body: { error: 'Sila semak ruangan yang ditandakan.', fields: { clientEmail: ['mestilah alamat e-mel yang sah'] } },
      });
      const unknownPsychologist = { psychologistId: randomUUID(), clientLanguage: 'ms' };
      expect(await postBooking(t, bookingRequest(screener, slotId, unknownPsychologist))).toEqual({
        status: 404,
        body: { error: 'Ahli psikologi tidak ditemui' },
      });
    });

    it('answers 409 with a readable message when the slot was just booked by someone else', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(DAY_HOURS));
      expect((await postBooking(t, bookingRequest(screener, slotId))).status).toBe(201);
      expect(await postBooking(t, bookingRequest(screener, slotId))).toEqual({ status: 409, body: { error: SLOT_TAKEN_MESSAGE } });
      expect(SLOT_TAKEN_MESSAGE).toBe('Sorry, that time slot has just been booked. Please choose another time.');
      // A visitor on the Malay screener reads the refusal in Malay.
      expect(await postBooking(t, { ...bookingRequest(screener, slotId), clientLanguage: 'ms' })).toEqual({
        status: 409,
        body: { error: 'Maaf, slot masa itu baru sahaja ditempah. Sila pilih masa lain.' },
      });
    });

    it('refuses a slot inside the minimum advance or 30 days ahead or more, also once time has moved on', async () => {
      const screener = await insertBookableScreener(t.services.db, { minimumAdvanceHours: 2 });
      const soon = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(1));
      const far = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(31 * DAY_HOURS));
      const inThreeHours = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(3));
      for (const slotId of [soon, far]) {
        expect(await postBooking(t, bookingRequest(screener, slotId))).toEqual({ status: 409, body: { error: SLOT_UNAVAILABLE_MESSAGE } });
      }
      t.services.now = () => new Date(Date.now() + 2 * 3_600_000);
      expect((await postBooking(t, bookingRequest(screener, inThreeHours))).status).toBe(409);
      t.services.now = () => new Date();
      expect((await postBooking(t, bookingRequest(screener, inThreeHours))).status).toBe(201);
    });

    it('answers 404 for a slot of another psychologist or another screener, and books nothing', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const colleague = await insertPsychologist(t.services.db, screener.userId, { name: 'Dr. Colleague' });
      const colleaguesSlot = await insertSlot(t.services.db, colleague, hoursFromNow(DAY_HOURS));
      const other = await insertBookableScreener(t.services.db);
      const otherSlot = await insertSlot(t.services.db, other.psychologistId, hoursFromNow(DAY_HOURS));
      expect(await postBooking(t, bookingRequest(screener, colleaguesSlot))).toEqual({ status: 404, body: { error: 'Time slot not found' } });
      expect(await postBooking(t, bookingRequest(screener, otherSlot))).toEqual({ status: 404, body: { error: 'Time slot not found' } });
      expect(await postBooking(t, { ...bookingRequest(other, otherSlot), slug: screener.slug })).toEqual({
        status: 404,
        body: { error: 'Psychologist not found' },
      });
      const stored = await t.services.db.selectFrom('appointments').select('id').where('slot_id', 'in', [colleaguesSlot, otherSlot]).execute();
      expect(stored).toEqual([]);
    });

    it('limits one address to 20 bookings in 10 minutes', async () => {
      t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, bookingPerIp: { limit: 2, windowMinutes: 10 } };
      const screener = await insertBookableScreener(t.services.db);
      const address = visitorAddress();
      const statuses = [];
      for (const hours of [24, 25, 26]) {
        const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hours));
        statuses.push((await postBooking(t, bookingRequest(screener, slotId), address)).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(DEFAULT_RATE_LIMITS.bookingPerIp).toEqual({ limit: 20, windowMinutes: 10 });
    });
  });

  describe('the free-booking limit', () => {
    async function bookInTurn(screener: BookableScreener, count: number, firstHour = DAY_HOURS) {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(firstHour + i));
        statuses.push((await postBooking(t, bookingRequest(screener, slotId))).status);
      }
      return statuses;
    }
    const check = (slug: string) => visitor().billing.checkSubscription({ slug });
    /** A clinic that confirms automatically: each booking counts as it is made. */
    const automaticClinic = () => insertBookableScreener(t.services.db, {}, { autoConfirmRequests: true });

    it('lets an unsubscribed operator take 3 bookings and refuses the 4th with the limit named', async () => {
      const screener = await automaticClinic();
      expect(await check(screener.slug)).toEqual({ subscriptionRequired: false, bookingCount: 0 });
      expect(await bookInTurn(screener, 3)).toEqual([201, 201, 201]);
      expect(await rest(`/api/public/check-subscription/${screener.slug}`)).toEqual({
        status: 200,
        body: { subscriptionRequired: true, bookingCount: 3 },
      });
      const fourth = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(40));
      expect(await postBooking(t, bookingRequest(screener, fourth))).toEqual({ status: 409, body: { error: FREE_LIMIT_MESSAGE } });
      expect(FREE_LIMIT_MESSAGE).toContain('free booking limit');
      expect(await freeSlotIds(screener)).toEqual([fourth]);
    });

    it('does not give a free booking back when one is cancelled or its slot deleted', async () => {
      const screener = await automaticClinic();
      await bookInTurn(screener, 3);
      const [first, second] = await t.services.db.selectFrom('appointments').select(['id', 'slot_id']).where('user_id', '=', screener.userId).execute();
      await t.services.db.updateTable('appointments').set({ status: 'cancelled', active_slot_id: null }).where('id', '=', first!.id).execute();
      await t.services.db.deleteFrom('availability_slots').where('id', '=', second!.slot_id).execute();
      expect(await check(screener.slug)).toEqual({ subscriptionRequired: true, bookingCount: 3 });
      expect(await bookInTurn(screener, 1, 50)).toEqual([409]);
    });

    it('lifts the limit while the subscription is active or trialing, and not otherwise', async () => {
      const screener = await automaticClinic();
      await bookInTurn(screener, 3);
      await subscribe(screener.userId, 'active');
      expect(await check(screener.configurationId)).toEqual({ subscriptionRequired: false, bookingCount: 3 });
      expect(await bookInTurn(screener, 2, 60)).toEqual([201, 201]);
      for (const [status, required] of [['trialing', false], ['past_due', true], ['canceled', true]] as const) {
        await t.services.db.updateTable('subscriptions').set({ status }).where('user_id', '=', screener.userId).execute();
        expect(await check(screener.slug), status).toEqual({ subscriptionRequired: required, bookingCount: 5 });
      }
    });

    it('answers 404 for a screener nobody owns', async () => {
      expect(await rest('/api/public/check-subscription/no-such-clinic')).toEqual({ status: 404, body: { error: 'Screener not found' } });
    });
  });

  describe('booking e-mails', () => {
    it('queues the visitor’s mail in their language with a calendar file, and the psychologist’s and operator’s', async () => {
      const screener = await insertBookableScreener(t.services.db, { name: 'Dr. Aisyah' });
      const start = new Date(Math.ceil(hoursFromNow(DAY_HOURS * 2).getTime() / 86_400_000) * 86_400_000 + 2 * 3_600_000);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, start);
      const request = bookingRequest(screener, slotId, { clientName: '<b>Siti</b>', clientLanguage: 'ms', clientTimezone: 'Europe/London' });
      const { body } = await postBooking(t, request);

      const [client, ...moreToClient] = await outboxEmailsTo(t.services.db, request.clientEmail);
      expect(moreToClient).toEqual([]);
      expect(client).toMatchObject({ kind: 'booking-client', status: 'pending', subject: 'Tempahan anda telah diterima' });
      expect(client!.html).toContain('<html lang="ms">');
      // Named by the clinic, not by its screener's title (issue 26).
      expect(client!.html).toContain('Klinik Test</p>');
      expect(client!.html).not.toContain('Klinik Test Screener');
      expect(client!.html).toContain('src="https://clinic.example/logo.png"');
      expect(client!.html).toContain('&lt;b&gt;Siti&lt;/b&gt;');
      expect(client!.html).not.toContain('<b>Siti</b>');
      // 02:00 UTC is 2:00 in London in winter, 3:00 in summer; the zone is named either way.
      expect(client!.text).toMatch(/[23]:00.*PG, London \(GMT(\+1)?\)/);
      const [ics] = client!.attachments!;
      expect(ics).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
      const lines = ics!.content.split('\r\n');
      expect(lines).toContain('METHOD:PUBLISH');
      expect(lines).toContain(`UID:${body.appointmentId as string}@minda`);
      expect(lines).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
      expect(readCalendarEvents(ics!.content)).toEqual([
        expect.objectContaining({ uid: `${body.appointmentId as string}@minda`, summary: 'Janji temu dengan Dr. Aisyah' }),
      ]);

      const [psychologist] = await outboxEmailsTo(t.services.db, screener.psychologistEmail);
      expect(psychologist).toMatchObject({ kind: 'booking-psychologist', subject: 'New booking: <b>Siti</b>' });
      expect(psychologist!.text).toContain('Phone: +60123456789');
      expect(psychologist!.text).toContain(`E-mail: ${request.clientEmail}`);
      expect(psychologist!.text).toContain('Kuala Lumpur (GMT+8)');
      const [operator] = await outboxEmailsTo(t.services.db, screener.operatorEmail);
      expect(operator).toMatchObject({ kind: 'booking-operator', subject: 'New booking for Dr. Aisyah' });
      expect(operator!.html).toContain('href="https://minda.test/admin-setup"');
    });

    it('makes a logo on this site absolute, since a mail has no page to resolve it against', async () => {
      const screener = await insertBookableScreener(t.services.db);
      await t.services.db.updateTable('screener_configurations').set({ logo_url: '/demo-logo.svg' }).where('id', '=', screener.configurationId).execute();
      const request = bookingRequest(screener, await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(DAY_HOURS)));
      await postBooking(t, request);
      const [client] = await outboxEmailsTo(t.services.db, request.clientEmail);
      expect(client!.html).toContain('src="https://minda.test/demo-logo.svg"');
    });

    it('queues nothing when the booking is refused', async () => {
      const screener = await insertBookableScreener(t.services.db);
      const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(DAY_HOURS));
      await postBooking(t, bookingRequest(screener, slotId));
      const loser = bookingRequest(screener, slotId);
      expect((await postBooking(t, loser)).status).toBe(409);
      expect(await outboxEmailsTo(t.services.db, loser.clientEmail)).toEqual([]);
      expect(await outboxEmailsTo(t.services.db, screener.psychologistEmail)).toHaveLength(1);
    });
  });
});
