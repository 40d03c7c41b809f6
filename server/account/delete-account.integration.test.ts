import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../db/repositories/audit-log';
import { insertApiKey } from '../../db/repositories/api-keys';
import { insertMeasurePlan } from '../../db/repositories/measure-plans';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { hashPassword } from '../auth/passwords';
import { deleteLapsedClosedLinks } from '../../db/repositories/closed-links';
import { CLOSED_LINK_DAYS } from '../visitor-data/closed-links';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { CALENDAR_READERS } from '../testing/read-calendar';
import { signedInAs } from '../testing/signed-in-operator';
import { startStripeTestApp, type StripeTestApp } from '../testing/stripe-test-app';

/** Every owner's password in these tests: deleting the clinic asks for it. */
const PASSWORD = 'klinik-tutup-2026';

/**
 * Every row of every table, to show another clinic's rows untouched. Not the login throttles:
 * a wrong password is counted there, on purpose.
 */
async function rowsPerTable(db: Kysely<Database>): Promise<Record<string, string>> {
  const counts: Record<string, string> = {};
  for (const table of (await db.introspection.getTables()).filter(({ name }) => name !== 'login_throttles')) {
    counts[table.name] = JSON.stringify(await db.selectFrom(table.name as keyof Database).selectAll().execute());
  }
  return counts;
}

describe.each(TEST_DIALECTS)('a clinic deletes its account on %s', (dialect) => {
  let t: StripeTestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await startStripeTestApp(dialect);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(() => t.close());

  /** A clinic with everything a clinic has: screener, psychologist, slots, a booking with its mails and events, a webhook, an API key, a consent, an audit entry, a measure plan and a Stripe subscription. */
  async function clinicWithData() {
    const db = t.services.db;
    const screener = await insertBookableScreener(db);
    await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', screener.userId).execute();
    await db.updateTable('screener_configurations').set({ company_slug: screener.slug }).where('user_id', '=', screener.userId).execute();
    await insertWebhookEndpoint(db, { userId: screener.userId, url: 'https://clinic.example/hook', now: new Date() });
    await insertApiKey(db, {
      clinicId: screener.userId,
      name: 'Sync',
      keyHash: screener.userId.replaceAll('-', '').padEnd(64, '0'),
      prefix: 'mk_sync',
      scopes: ['schedule'],
      createdBy: screener.userId,
      createdAt: new Date(),
      expiresAt: null,
    });
    await insertSlot(db, screener.psychologistId, hoursFromNow(96));
    const booking = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(72))));
    expect(booking.status).toBe(201);
    const appointmentId = booking.body.appointmentId as string;
    await db.insertInto('consent_texts').values({ version: `v-${screener.userId}`, kind: 'privacy-notice', language: 'en', text: 'Text', first_shown_at: new Date() }).execute();
    await db.insertInto('consent_records').values({ id: appointmentId, user_id: screener.userId, appointment_id: appointmentId, kind: 'privacy-notice', text_version: `v-${screener.userId}`, given_at: new Date() }).execute();
    await recordAudit(db, { userId: screener.userId, actor: 'clinic', action: 'results.viewed', subjectId: appointmentId, at: new Date() });
    await insertMeasurePlan(db, {
      userId: screener.userId,
      appointmentId,
      psychologistId: screener.psychologistId,
      instruments: 'dass21',
      schedule: 'every_2_weeks',
      consentVersion: `v-${screener.userId}`,
      enrolledAt: new Date(),
      enrolledBy: screener.userId,
    });
    const customer = `cus_${screener.userId.slice(0, 8)}`;
    const subscription = (await (await fetch(`${t.stripe.url}/v1/subscriptions`, { method: 'POST', body: `customer=${customer}` })).json()) as { id: string };
    await db
      .insertInto('subscriptions')
      .values({ user_id: screener.userId, stripe_customer_id: customer, stripe_subscription_id: subscription.id, status: 'active', updated_at: new Date() })
      .execute();
    return { ...(await signedInAs(t, screener)), appointmentId, subscriptionId: subscription.id };
  }

  it('refuses a wrong password, then cancels the subscription and leaves no row of the clinic, and none of another touched', async () => {
    const clinic = await clinicWithData();
    const other = await clinicWithData();
    // The clinic's only booking is a hold: it is cancelled and its visitor told, as any upcoming one.
    const before = await rowsPerTable(t.services.db);

    const wrong = await clinic.rest('POST', '/api/account/delete', { password: 'not-the-password', cancelUpcoming: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'That password is not right.' });
    expect(await rowsPerTable(t.services.db)).toEqual(before);
    expect(t.stripe.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    // A field the form does not have is refused, not ignored.
    const deleted = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true, userId: other.userId });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(400);
    const done = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    expect(t.stripe.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/v1/subscriptions/${clinic.subscriptionId}`]);
    expect(t.stripe.subscriptions.get(clinic.subscriptionId)?.status).toBe('canceled');
    expect(t.stripe.subscriptions.get(other.subscriptionId)?.status).not.toBe('canceled');

    const after = await rowsPerTable(t.services.db);
    // The farewell mail to the hold's visitor waits in the outbox (and names the clinic's contact
    // address until it is sent, when the outbox empties it); the rest of the clinic is gone.
    const everything = Object.entries(after)
      .filter(([table]) => table !== 'email_outbox')
      .map(([, rows]) => rows)
      .join('\n');
    for (const trace of [clinic.userId, clinic.username, clinic.operatorEmail, clinic.configurationId, clinic.slug, clinic.psychologistId, clinic.psychologistEmail, clinic.appointmentId]) {
      expect(everything, trace).not.toContain(trace);
    }
    for (const trace of [other.userId, other.configurationId, other.psychologistId, other.appointmentId, other.psychologistEmail]) {
      expect(everything, trace).toContain(trace);
    }
    for (const table of ['appointments', 'psychologists', 'availability_slots', 'webhook_endpoints', 'api_keys', 'consent_records', 'audit_log', 'subscriptions', 'measure_plans']) {
      expect(JSON.parse(after[table]!), table).toEqual(
        (JSON.parse(before[table]!) as Record<string, string>[]).filter((row) => !JSON.stringify(row).includes(clinic.userId) && !JSON.stringify(row).includes(clinic.psychologistId)),
      );
    }
    // The cookie names no session any more.
    expect((await clinic.rest('GET', '/api/me')).status).toBe(401);
  });

  it('keeps everything when Stripe cannot cancel the subscription, so the clinic can try again', async () => {
    const clinic = await clinicWithData();
    const before = await rowsPerTable(t.services.db);
    t.stripe.failNext('DELETE', `/v1/subscriptions/${clinic.subscriptionId}`, 400, 'card network down');
    const refused = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: expect.stringContaining('nothing was deleted') });
    expect(await rowsPerTable(t.services.db)).toEqual(before);
    expect((await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true })).status).toBe(200);
  });

  it('takes the password only in a POST body: the old DELETE with the username in the query string is gone', async () => {
    const clinic = await clinicWithData();
    expect((await clinic.rest('DELETE', `/api/account?confirmUsername=${clinic.username}`)).status).toBe(404);
    // The path takes GET and POST only: a DELETE is told so (405), and deletes nothing.
    expect((await clinic.rest('DELETE', `/api/account/delete?password=${PASSWORD}`)).status).toBe(405);
    expect((await clinic.rest('GET', '/api/me')).status).toBe(200);
  });

  it("counts wrong passwords against the account's sign-in throttle", async () => {
    const clinic = await clinicWithData();
    const { limit } = t.services.rateLimits.loginPerAccount;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await clinic.rest('POST', '/api/account/delete', { password: `wrong-${attempt}`, cancelUpcoming: true })).status).toBe(400);
    }
    // The run reached the limit: even the right password waits now, here and at sign-in alike.
    const waiting = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(waiting).toEqual({ status: 429, body: { error: expect.stringContaining('Too many attempts') } });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/login', headers: { origin: t.services.env.publicUrl }, payload: { username: clinic.username, password: PASSWORD } });
    expect(signIn.statusCode).toBe(429);
    expect((await clinic.rest('GET', '/api/me')).status).toBe(200);
  });

  /** A clinic that confirms requests itself, its psychologist with a calendar link, and a visitor booked in each language. */
  async function clinicWithVisitorsAhead() {
    const db = t.services.db;
    const screener = await insertBookableScreener(db, { name: 'Dr. Farah Aziz' }, { confirmVisitorEmail: false, autoConfirmRequests: true });
    await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', screener.userId).execute();
    await db
      .updateTable('screener_configurations')
      .set({ company_name: 'Klinik Tutup', crisis_contact_name: 'Klinik Tutup', crisis_contact_phone: '03-2345 6789' })
      .where('user_id', '=', screener.userId)
      .execute();
    const clinic = await signedInAs(t, screener);
    const book = async (hoursAhead: number, clientLanguage: 'en' | 'ms') => {
      const booked = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(hoursAhead)), { clientLanguage }));
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const id = booked.body.appointmentId as string;
      const { client_email: email } = await db.selectFrom('appointments').select('client_email').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, email, token: manageTokenOf(t.services.env, id) };
    };
    const english = await book(48, 'en');
    const malay = await book(96, 'ms');
    const link = await clinic.rest('POST', `/api/psychologists/${screener.psychologistId}/calendar-link`);
    const feedPath = new URL((link.body as { url: string }).url).pathname;
    return { clinic, visitors: [english, malay], feedPath };
  }

  const visitorGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-minda-locale': 'en' } });

  it('shows the upcoming appointments, cancels them only when confirmed, mails each visitor a METHOD:CANCEL in their language, and says what happened on their link and in the feed', async () => {
    const db = t.services.db;
    const { clinic, visitors, feedPath } = await clinicWithVisitorsAhead();
    const [english, malay] = visitors as [(typeof visitors)[number], (typeof visitors)[number]];

    // What the owner sees first: when, with whom, how far along; nothing of the visitors.
    const preview = await clinic.rest('GET', '/api/account/delete');
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ upcoming: [expect.objectContaining({ psychologistName: 'Dr. Farah Aziz', status: 'confirmed' }), expect.objectContaining({ status: 'confirmed' })] });
    expect(JSON.stringify(preview.body)).not.toMatch(/Nur Aisyah|@example\.com|\+60/);

    const unconfirmed = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD });
    expect(unconfirmed).toEqual({ status: 409, body: { error: 'This clinic has 2 upcoming appointments. Confirm that they will be cancelled: each visitor is told by e-mail.' } });
    expect((await clinic.rest('GET', '/api/me')).status).toBe(200);

    const feedBefore = await visitorGet(feedPath);
    expect(feedBefore.body).toContain('BEGIN:VEVENT');
    const sequenceBefore = (await db.selectFrom('appointments').select('revision').where('id', '=', english.id).executeTakeFirstOrThrow()).revision;

    const done = await clinic.rest('POST', '/api/account/delete', { password: PASSWORD, cancelUpcoming: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    // The mails wait in the outbox although every row of the clinic is gone.
    const farewells = await db
      .selectFrom('email_outbox')
      .select(['recipient', 'message', 'status'])
      .where('kind', '=', 'clinic-closed')
      .where('recipient', 'in', [english.email, malay.email])
      .execute();
    const mailTo = (email: string) => {
      const row = farewells.find((mail) => mail.recipient === email)!;
      expect(row.status).toBe('pending');
      return JSON.parse(row.message) as { subject: string; text: string; attachments: { content: string; contentType: string }[] };
    };
    expect(farewells).toHaveLength(2);
    const toEnglish = mailTo(english.email);
    expect(toEnglish.subject).toBe('Your appointment is cancelled: the clinic closed its account');
    for (const line of ['Klinik Tutup has closed its account', `E-mail: ${clinic.operatorEmail}`, 'Phone: 03-2345 6789', 'Talian HEAL: 15555', 'Befrienders Kuala Lumpur: 03-7627 2929']) {
      expect(toEnglish.text, line).toContain(line);
    }
    const [calendar] = toEnglish.attachments;
    expect(calendar!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(calendar!.content).toContain('METHOD:CANCEL');
    expect(calendar!.content).toContain(`UID:${english.id}@minda`);
    expect(calendar!.content).toContain(`SEQUENCE:${Number(sequenceBefore) + 1}`);
    expect(calendar!.content).toContain('STATUS:CANCELLED');
    const toMalay = mailTo(malay.email);
    expect(toMalay.subject).toBe('Janji temu anda dibatalkan: klinik telah menutup akaunnya');
    expect(toMalay.text).toContain('Talian HEAL: 15555');

    // The visitor's link says what happened, in the page's language; a link never made still answers 404.
    const closed = await visitorGet(`/api/public/appointments/manage/${english.token}`);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toEqual({ error: expect.stringContaining('cancelled because the clinic closed its account') });
    const closedInMalay = await t.app.inject({ method: 'GET', url: `/api/public/appointments/manage/${malay.token}`, headers: { 'x-minda-locale': 'ms' } });
    expect(closedInMalay.json()).toEqual({ error: expect.stringContaining('dibatalkan kerana klinik telah menutup akaunnya') });
    expect((await visitorGet(`/api/public/appointments/manage/${manageTokenOf(t.services.env, 'never-booked')}`)).statusCode).toBe(404);

    // The psychologist's calendar app replaces what it holds with nothing: the sessions leave it.
    const feedAfter = await visitorGet(feedPath);
    expect(feedAfter.statusCode).toBe(200);
    for (const [, read] of CALENDAR_READERS) expect(read(feedAfter.body)).toMatchObject({ method: null, events: [] });
    expect(feedAfter.body).not.toContain('BEGIN:VEVENT');

    // What a closed link says is kept CLOSED_LINK_DAYS, then forgotten.
    const purgedBefore = await deleteLapsedClosedLinks(db, new Date(Date.now() + (CLOSED_LINK_DAYS - 1) * 86_400_000));
    expect((await visitorGet(`/api/public/appointments/manage/${english.token}`)).statusCode).toBe(410);
    expect(purgedBefore).toBe(0);
    await deleteLapsedClosedLinks(db, new Date(Date.now() + (CLOSED_LINK_DAYS + 1) * 86_400_000));
    expect((await visitorGet(`/api/public/appointments/manage/${english.token}`)).statusCode).toBe(404);
    expect((await visitorGet(feedPath)).statusCode).toBe(404);
  });
});
