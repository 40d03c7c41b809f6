import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import type { Database } from '../../db/schema';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { loggerOptions } from '../logger';
import { deliverDueEmails } from '../mail/outbox-worker';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking, visitorAddress } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { decodeQuotedPrintable } from '../testing/smtp-capture';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';
import { eraseExpiredVisitorData } from './erase-expired-visitor-data';
import { enqueueWhatsapp } from '../../db/repositories/whatsapp-outbox';

const DAY_MS = 86_400_000;
/** Results as stored, marked so each visit's can be searched for on its own. */
const sharedResultsOf = (appointmentId: string) => ({ testType: 'Combined', results: { phq9: { score: 21, level: 'severe' } }, crisisItemAnswered: true, marker: `results-${appointmentId}` });

/** Every row of every table, as text: where an erased visitor must not be found. */
async function everyTableAsText(db: Kysely<Database>): Promise<string> {
  const tables = await db.introspection.getTables();
  const dumps: string[] = [];
  for (const table of tables) {
    const rows = await db.selectFrom(table.name as keyof Database).selectAll().execute();
    dumps.push(`${table.name}: ${JSON.stringify(rows)}`);
  }
  return dumps.join('\n');
}

describe.each(TEST_DIALECTS)("retention and the visitor's rights on %s", (dialect) => {
  let t: SmtpTestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // Its log captured and its mail caught, as personal-data-in-logs does.
    t = await startSmtpTestApp(dialect, { log: pino(loggerOptions('debug'), { write: (line: string) => lines.push(line) }) });
  });
  afterAll(() => t.close());

  const visitorCall = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, remoteAddress: visitorAddress(), headers: { origin: t.services.env.publicUrl } });

  /** A visitor books through the API, with results shared, a consent and a webhook endpoint listening. */
  async function bookedVisit(screener: BookableScreener, visitor: { clientName: string; clientEmail: string; clientPhone: string }, hoursAhead = 72) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(hoursAhead));
    const response = await postBooking(t, bookingRequest(screener, slotId, visitor));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const appointmentId = response.body.appointmentId as string;
    await t.services.db.updateTable('appointments').set({ shared_results: JSON.stringify(sharedResultsOf(appointmentId)), contact_promptly: 1 }).where('id', '=', appointmentId).execute();
    await t.services.db.insertInto('consent_texts').values({ version: `v-${appointmentId}`, kind: 'privacy-notice', language: 'en', text: 'We keep your booking for 180 days.', first_shown_at: new Date() }).execute();
    await t.services.db
      .insertInto('consent_records')
      .values({ id: appointmentId, user_id: screener.userId, appointment_id: appointmentId, kind: 'privacy-notice', text_version: `v-${appointmentId}`, given_at: new Date() })
      .execute();
    return { appointmentId, token: manageTokenOf(t.services.env, appointmentId) };
  }

  async function appointmentRow(id: string) {
    return t.services.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it('erases a visitor exactly when the clinic’s period after the appointment has passed, once, whatever the number of processes', async () => {
    const screener = await insertBookableScreener(t.services.db);
    await t.services.db.updateTable('users').set({ visitor_data_retention_days: 30 }).where('id', '=', screener.userId).execute();
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'https://clinic.example/hook', now: new Date() });
    const old = await bookedVisit(screener, { clientName: 'Retention Visitor', clientEmail: 'retention.visitor@example.com', clientPhone: '012-111 2233' });
    const recent = await bookedVisit(screener, { clientName: 'Recent Visitor', clientEmail: 'recent.visitor@example.com', clientPhone: '012-444 5566' }, 24 * 20);
    const before = await appointmentRow(old.appointmentId);
    const end = (await t.services.db.selectFrom('availability_slots').select('end_utc').where('id', '=', before.slot_id).executeTakeFirstOrThrow()).end_utc;
    const clock = { now: new Date(new Date(end).getTime() + 30 * DAY_MS - 60_000) };
    const job = { db: t.services.db, now: () => clock.now };

    // A minute inside the period: nothing goes.
    expect(await eraseExpiredVisitorData(job)).toBe(0);
    expect(await appointmentRow(old.appointmentId)).toEqual(before);

    clock.now = new Date(new Date(end).getTime() + 30 * DAY_MS + 60_000);
    const [first, second] = await Promise.all([eraseExpiredVisitorData(job), eraseExpiredVisitorData(job)]);
    expect(first + second).toBe(1);
    expect(await eraseExpiredVisitorData(job)).toBe(0);

    const after = await appointmentRow(old.appointmentId);
    expect(after).toMatchObject({
      client_name: '',
      client_email: '',
      client_phone: '',
      shared_results: null,
      contact_promptly: 0,
      manage_token_hash: null,
      // What stays is the anonymous count: status, times, psychologist.
      status: before.status,
      slot_id: before.slot_id,
      psychologist_id: before.psychologist_id,
      client_timezone: before.client_timezone,
    });
    expect(new Date(after.personal_data_erased_at!)).toEqual(clock.now);
    // The visit still ahead keeps its visitor.
    expect(await appointmentRow(recent.appointmentId)).toMatchObject({ client_name: 'Recent Visitor', personal_data_erased_at: null });

    const outbox = await t.services.db.selectFrom('email_outbox').select(['status', 'recipient', 'message']).where('appointment_id', '=', old.appointmentId).execute();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((mail) => mail.status === 'withdrawn' && mail.recipient === '' && mail.message === '')).toBe(true);
    const deliveries = await t.services.db.selectFrom('webhook_deliveries').select('payload').where('user_id', '=', screener.userId).execute();
    const aboutOld = deliveries.map((d) => JSON.parse(d.payload) as { data: { appointment: { id: string; client: unknown } } }).filter((e) => e.data.appointment.id === old.appointmentId);
    expect(aboutOld.length).toBeGreaterThan(0);
    expect(aboutOld.every((event) => event.data.appointment.client === null)).toBe(true);
    expect(JSON.stringify(deliveries)).toContain('Recent Visitor');

    const audit = await t.services.db.selectFrom('audit_log').select(['actor', 'action', 'subject_id']).where('user_id', '=', screener.userId).execute();
    expect(audit).toEqual([{ actor: 'system', action: 'retention.erased', subject_id: old.appointmentId }]);
    expect((await visitorCall('GET', `/api/public/appointments/manage/${old.token}`)).statusCode).toBe(404);
  });

  it('lets a visitor download everything held about them, then erase it: the clinic is told, and they are found nowhere', async () => {
    const visitor = { clientName: 'Farah Nabilah binti Yusof', clientEmail: 'farah.nabilah.yusof@gmail.com', clientPhone: '013-765 4321' };
    const storedPhone = '+60137654321';
    const screener = await insertBookableScreener(t.services.db);
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'https://clinic.example/hook', now: new Date() });
    const { appointmentId, token } = await bookedVisit(screener, visitor);

    const download = await visitorCall('GET', `/api/public/appointments/manage/${token}/data`);
    expect(download.statusCode).toBe(200);
    expect(download.json()).toMatchObject({
      appointment: { id: appointmentId, status: 'requested', psychologistName: 'Dr. Test' },
      contact: { clientName: visitor.clientName, clientEmail: visitor.clientEmail, clientPhone: storedPhone },
      sharedResults: sharedResultsOf(appointmentId),
      contactPromptly: true,
      consents: [{ kind: 'privacy-notice', version: `v-${appointmentId}`, language: 'en', text: 'We keep your booking for 180 days.' }],
      statusHistory: [{ actor: 'visitor', from: null, to: 'requested' }],
    });

    // A WhatsApp message about the booking still waiting, with their number and name.
    const waiting = { kind: 'reminder_24h', userId: screener.userId, appointmentId, to: storedPhone, sender: '106540352242922', body: { type: 'text', text: `Hi ${visitor.clientName}` } } as const;
    await enqueueWhatsapp(t.services.db, [waiting], new Date());

    const erase = await visitorCall('POST', `/api/public/appointments/manage/${token}/erase`);
    expect(erase.statusCode, erase.body).toBe(200);
    // The link says what became of it (docs/decisions/0042), and names nothing.
    for (const [method, path] of [['GET', ''], ['GET', '/data'], ['POST', '/erase']] as const) {
      const after = await visitorCall(method, `/api/public/appointments/manage/${token}${path}`);
      expect(after.statusCode, path).toBe(410);
      expect(after.json(), path).toEqual({ error: expect.stringContaining('You erased this booking’s data') });
    }

    // Cancelled first, as the visitor would have, and recorded; the clinic's systems hear of it without them.
    const row = await appointmentRow(appointmentId);
    expect(row).toMatchObject({ status: 'cancelled', active_slot_id: null, client_name: '', shared_results: null });
    const history = await t.services.db.selectFrom('appointment_events').select(['actor', 'to_status']).where('appointment_id', '=', appointmentId).orderBy('at').execute();
    expect(history.at(-1)).toEqual({ actor: 'visitor', to_status: 'cancelled' });
    const events = (await t.services.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('user_id', '=', screener.userId).execute()).map((d) => ({
      type: d.event_type,
      client: (JSON.parse(d.payload) as { data: { appointment: { client: unknown } } }).data.appointment.client,
    }));
    expect(events).toContainEqual({ type: 'appointment.cancelled', client: null });
    expect(events.every((event) => event.client === null)).toBe(true);
    expect(await t.services.db.selectFrom('audit_log').select(['actor', 'action', 'subject_id']).where('user_id', '=', screener.userId).execute()).toEqual([
      { actor: 'visitor', action: 'visitor.erased', subject_id: appointmentId },
    ]);

    // Every mail still waiting goes out now: the psychologist's and the clinic's notices, none naming the visitor or carrying results.
    t.smtp.messages.length = 0;
    await deliverDueEmails(t.services, 100);
    const notices = t.smtp.messages.filter((mail) => mail.to.includes(screener.psychologistEmail) || mail.to.includes(screener.operatorEmail));
    expect(notices).toHaveLength(2);
    expect(decodeQuotedPrintable(notices[0]!.raw)).toContain('erased their personal data');
    const mails = t.smtp.messages.map((mail) => decodeQuotedPrintable(mail.raw)).join('\n');

    const tables = await everyTableAsText(t.services.db);
    const log = lines.join('');
    for (const personal of [visitor.clientName, 'Farah', 'Nabilah', visitor.clientEmail, 'farah.nabilah', visitor.clientPhone, storedPhone, '7654321', `results-${appointmentId}`]) {
      expect(tables, personal).not.toContain(personal);
      expect(mails, personal).not.toContain(personal);
      expect(log, personal).not.toContain(personal);
    }
  });

  it('keeps a cancel reason out of every log, mail and webhook, gives it in the visitor’s download, and lets retention erase it', async () => {
    const reason = 'Cancel-reason-marker: my panic attacks are worse this week';
    const screener = await insertBookableScreener(t.services.db);
    await t.services.db.updateTable('users').set({ visitor_data_retention_days: 30 }).where('id', '=', screener.userId).execute();
    await insertWebhookEndpoint(t.services.db, { userId: screener.userId, url: 'https://clinic.example/hook', now: new Date() });
    const { appointmentId, token } = await bookedVisit(screener, { clientName: 'Reason Visitor', clientEmail: 'reason.visitor@example.com', clientPhone: '012-333 4455' });
    t.smtp.messages.length = 0;
    lines.length = 0;

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/public/appointments/manage/${token}/cancel`,
      remoteAddress: visitorAddress(),
      headers: { origin: t.services.env.publicUrl },
      payload: { reason },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The clinic reads it (docs/decisions/0054), and the visitor gets it back with the rest of their data.
    const owner = await signedInAs(t, screener);
    const listed = (await owner.rest('GET', '/api/appointments')).body as { id: string; cancelReason?: string }[];
    expect(listed.find((appointment) => appointment.id === appointmentId)?.cancelReason).toBe(reason);
    const download = await visitorCall('GET', `/api/public/appointments/manage/${token}/data`);
    expect(download.json()).toMatchObject({ appointment: { status: 'cancelled' }, cancelReason: reason });

    // The cancellation was told: mails to the visitor and the clinic, an event to its webhook; none carries the words.
    await deliverDueEmails(t.services, 100);
    const mails = t.smtp.messages.map((mail) => decodeQuotedPrintable(mail.raw));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    const queued = await t.services.db.selectFrom('email_outbox').selectAll().where('appointment_id', '=', appointmentId).execute();
    const hooks = await t.services.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('user_id', '=', screener.userId).execute();
    expect(hooks.map((hook) => hook.event_type)).toContain('appointment.cancelled');
    for (const [where, text] of [['mails', mails.join('\n')], ['outbox', JSON.stringify(queued)], ['webhooks', JSON.stringify(hooks)], ['log', lines.join('')]] as const) {
      expect(text, where).not.toContain('Cancel-reason-marker');
      expect(text, where).not.toContain('panic');
    }
    expect(lines.length).toBeGreaterThan(0);

    // Past the clinic's period, retention erases it with the visitor's other data.
    const end = (await t.services.db.selectFrom('availability_slots').select('end_utc').where('id', '=', (await appointmentRow(appointmentId)).slot_id).executeTakeFirstOrThrow()).end_utc;
    expect(await eraseExpiredVisitorData({ db: t.services.db, now: () => new Date(new Date(end).getTime() + 31 * DAY_MS) })).toBeGreaterThanOrEqual(1);
    expect(await appointmentRow(appointmentId)).toMatchObject({ cancel_reason: null, client_name: '' });
    expect(await everyTableAsText(t.services.db)).not.toContain('Cancel-reason-marker');
  });

  it('exports the clinic’s appointments as CSV with formulas neutralised and no results, and audits the export', async () => {
    const screener = await insertBookableScreener(t.services.db);
    const operator = await signedInAs(t, screener);
    const { appointmentId } = await bookedVisit(screener, { clientName: '=HYPERLINK("http://evil.example","x")', clientEmail: 'csv.visitor@example.com', clientPhone: '012-222 3344' });

    const response = await t.app.inject({ method: 'GET', url: '/api/appointments/export.csv', headers: { cookie: operator.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="appointments.csv"');
    const [header, line, ...rest] = response.body.split('\r\n');
    // Times on the clinic's wall clock (its psychologists work in Kuala Lumpur), the zone named in each header.
    expect(header).toBe(
      '"appointment_id","status","start (Asia/Kuala_Lumpur)","end (Asia/Kuala_Lumpur)","psychologist","client_name","client_email","client_phone","client_timezone","client_language","booked_at (Asia/Kuala_Lumpur)","cancelled_at (Asia/Kuala_Lumpur)","personal_data_erased_at (Asia/Kuala_Lumpur)","paid_myr","refunded_myr","kept_myr"',
    );
    const slot = await t.services.db
      .selectFrom('appointments as a')
      .innerJoin('availability_slots as s', 's.id', 'a.slot_id')
      .select(['s.start_utc', 's.end_utc'])
      .where('a.id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    const klTime = (at: Date | string) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(line).toContain(`"${appointmentId}","requested","${klTime(slot.start_utc)}","${klTime(slot.end_utc)}"`);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","csv.visitor@example.com","'+60122223344"`);
    expect(rest).toEqual(['']);
    expect(response.body).not.toContain(`results-${appointmentId}`);
    expect(response.body).not.toContain('severe');

    const audit = await operator.rest('GET', '/api/audit-log');
    expect(audit.status).toBe(200);
    // The member who exported is named: the clinic's owner, who signed in.
    expect(audit.body).toEqual([
      { id: expect.any(String), at: expect.any(String), actor: 'clinic', member: screener.username, apiKey: null, operation: null, action: 'appointments.exported', subjectId: null, detail: null },
    ]);
  });

  it('keeps the retention period within 30 to 730 days in the booking settings', async () => {
    const operator = await signedInAs(t, await insertBookableScreener(t.services.db));
    const settings = { confirmVisitorEmail: false, autoConfirmRequests: false, secondReminder: false };
    expect((await operator.rest('GET', '/api/booking-settings')).body).toMatchObject({ retentionDays: 180 });
    expect((await operator.rest('PUT', '/api/booking-settings', { ...settings, retentionDays: 29 })).status).toBe(400);
    expect((await operator.rest('PUT', '/api/booking-settings', { ...settings, retentionDays: 731 })).status).toBe(400);
    expect((await operator.rest('PUT', '/api/booking-settings', { ...settings, retentionDays: 30.5 })).status).toBe(400);
    expect((await operator.rest('PUT', '/api/booking-settings', { ...settings, retentionDays: 730 })).body).toMatchObject({ retentionDays: 730 });
  });
});
