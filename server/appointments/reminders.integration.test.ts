import { addHours, subDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../db/testing/test-databases';
import { deliverDueEmails } from '../mail/outbox-worker';
import { type BookableScreener, bookingRequest, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { type SmtpCapture, startSmtpCapture } from '../testing/smtp-capture';
import { type ServerProcess, spawnServer } from '../testing/spawn-server';
import { startTestApp, type TestApp } from '../testing/test-app';
import { leaseAppointmentsToRemind } from '../../db/repositories/appointments';
import { brandOfClinic } from './booking-notifications';
import { queueDueReminders } from './queue-reminders';

// Watched, not replaced: where the reminders read each clinic's brand.
vi.mock('./booking-notifications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./booking-notifications')>();
  return { ...actual, brandOfClinic: vi.fn(actual.brandOfClinic) };
});

// Watched, not replaced: a test makes one lease come back short, as one racing another process's does.
vi.mock('../../db/repositories/appointments', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../db/repositories/appointments')>();
  return { ...actual, leaseAppointmentsToRemind: vi.fn(actual.leaseAppointmentsToRemind) };
});

const inHours = (hours: number) => addHours(new Date(), hours);

/** Reminder rows of one appointment, with their mail's status. */
async function remindersOf(db: TestDatabase['db'], appointmentId: string) {
  return db
    .selectFrom('appointment_reminders as r')
    .innerJoin('email_outbox as o', 'o.id', 'r.email_id')
    .select(['r.lead_hours', 'r.revision', 'o.status', 'o.kind'])
    .where('r.appointment_id', '=', appointmentId)
    .orderBy('r.lead_hours', 'desc')
    .execute();
}

describe.each(TEST_DIALECTS)('reminders on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A confirmed appointment starting `startsIn` hours from now, booked two days ago. */
  async function confirmedAppointment(screener: BookableScreener, startsIn: number, overrides: Record<string, unknown> = {}) {
    const slotId = await insertSlot(t.services.db, screener.psychologistId, inHours(startsIn));
    t.services.now = () => subDays(new Date(), 2);
    try {
      const request = bookingRequest(screener, slotId, overrides);
      const response = await postBooking(t, request);
      expect(response.body).toMatchObject({ status: 'confirmed' });
      return { request, appointmentId: response.body.appointmentId as string };
    } finally {
      t.services.now = () => new Date();
    }
  }
  const clinic = (options: { secondReminder?: boolean; companyName?: string } = {}) =>
    insertBookableScreener(t.services.db, { cancellationNoticeHours: 0 }, { autoConfirmRequests: true, ...options });

  it('queues the 24-hour reminder once, however many runners race for it, in the visitor’s language, never to be sent after the start', async () => {
    const screener = await clinic();
    const { request, appointmentId } = await confirmedAppointment(screener, 23);
    const lagged = async () => (await t.services.metrics.reminderLagSeconds.get()).values.find((value) => value.metricName === 'minda_reminder_lag_seconds_count')?.value ?? 0;
    const laggedBefore = await lagged();
    vi.mocked(brandOfClinic).mockClear();
    const queued = await Promise.all([queueDueReminders(t.services), queueDueReminders(t.services), queueDueReminders(t.services)]);
    expect(queued.reduce((sum, count) => sum + count, 0)).toBe(1);
    // The clinic's brand is read before the transaction that locks the appointments, not while it holds them.
    const readers = vi.mocked(brandOfClinic).mock.calls.map(([db]) => db.isTransaction);
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.every((inTransaction) => !inTransaction)).toBe(true);
    // Due an hour ago (24 h before a start 23 h ahead): its lag is measured once.
    expect(await lagged()).toBe(laggedBefore + 1);
    expect(await queueDueReminders(t.services)).toBe(0);
    expect(await remindersOf(t.services.db, appointmentId)).toEqual([{ lead_hours: 24, revision: 0, status: 'pending', kind: 'reminder-24h' }]);
    const reminder = (await outboxEmailsTo(t.services.db, request.clientEmail)).find((mail) => mail.kind === 'reminder-24h')!;
    expect(reminder.subject).toBe('A reminder of your appointment');
    expect(reminder.text).toMatch(/\/appointments\/manage\/[\w-]+/);

    // An SMTP outage outlasted the session: once it began, the reminder is closed unsent.
    t.services.now = () => inHours(23.5);
    try {
      await deliverDueEmails(t.services);
    } finally {
      t.services.now = () => new Date();
    }
    expect(await remindersOf(t.services.db, appointmentId)).toEqual([{ lead_hours: 24, revision: 0, status: 'expired', kind: 'reminder-24h' }]);
  });

  it('adds the 2-hour reminder when the clinic asks for it, and nothing before its moment', async () => {
    const screener = await clinic({ secondReminder: true });
    const { appointmentId } = await confirmedAppointment(screener, 25);
    expect(await queueDueReminders(t.services)).toBe(0);
    t.services.now = () => inHours(2);
    try {
      expect(await queueDueReminders(t.services)).toBe(1);
      t.services.now = () => inHours(23.5);
      expect(await queueDueReminders(t.services)).toBe(1);
      expect(await queueDueReminders(t.services)).toBe(0);
    } finally {
      t.services.now = () => new Date();
    }
    expect((await remindersOf(t.services.db, appointmentId)).map((row) => row.lead_hours)).toEqual([24, 2]);
  });

  it('withdraws a queued reminder when the appointment is cancelled, and reminds again of a moved one', async () => {
    const screener = await clinic();
    const cancelled = await confirmedAppointment(screener, 20);
    const moved = await confirmedAppointment(screener, 21);
    expect(await queueDueReminders(t.services)).toBeGreaterThanOrEqual(2);

    const [cancelMail] = await outboxEmailsTo(t.services.db, cancelled.request.clientEmail);
    const cancelToken = /\/appointments\/manage\/([\w-]+)/.exec(cancelMail!.text)![1]!;
    const cancel = await t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${cancelToken}/cancel`, headers: { origin: t.services.env.publicUrl } });
    expect(cancel.statusCode).toBe(200);
    expect(await remindersOf(t.services.db, cancelled.appointmentId)).toEqual([{ lead_hours: 24, revision: 0, status: 'withdrawn', kind: 'reminder-24h' }]);

    const [moveMail] = await outboxEmailsTo(t.services.db, moved.request.clientEmail);
    const moveToken = /\/appointments\/manage\/([\w-]+)/.exec(moveMail!.text)![1]!;
    const target = await insertSlot(t.services.db, screener.psychologistId, inHours(22));
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/public/appointments/manage/${moveToken}/reschedule`,
      headers: { origin: t.services.env.publicUrl },
      payload: { slotId: target },
    });
    expect(move.statusCode).toBe(200);
    // Moved inside the day: its mail just told the visitor, so no reminder for the new time yet.
    expect(await queueDueReminders(t.services)).toBe(0);
    expect(await remindersOf(t.services.db, moved.appointmentId)).toEqual([{ lead_hours: 24, revision: 0, status: 'withdrawn', kind: 'reminder-24h' }]);
  });

  it('queues a batch spanning two clinics, each mail with its own clinic’s name and in its visitor’s language', async () => {
    const names = ['Klinik Sejahtera', 'Pusat Minda Tenang'];
    const visitors = [];
    for (const [index, clinicName] of names.entries()) {
      const screener = await clinic({ companyName: clinicName });
      for (const language of ['en', 'ms'] as const) {
        const { request } = await confirmedAppointment(screener, 20 + index, { clientLanguage: language });
        visitors.push({ email: request.clientEmail, clinicName, otherClinic: names[1 - index]!, language });
      }
    }
    expect(await queueDueReminders(t.services)).toBeGreaterThanOrEqual(visitors.length);
    for (const visitor of visitors) {
      const reminders = (await outboxEmailsTo(t.services.db, visitor.email)).filter((mail) => mail.kind === 'reminder-24h');
      expect(reminders).toHaveLength(1);
      const [reminder] = reminders;
      expect(reminder).toMatchObject({
        language: visitor.language,
        fromName: visitor.clinicName,
        subject: visitor.language === 'ms' ? 'Peringatan tentang janji temu anda' : 'A reminder of your appointment',
      });
      expect(reminder!.text).toContain(visitor.clinicName);
      expect(reminder!.text).not.toContain(visitor.otherClinic);
      expect(reminder!.text).toContain(`${t.services.env.publicUrl}${visitor.language === 'ms' ? '/ms' : ''}/appointments/manage/`);
    }
  });

  it('goes on after a short lease, as one that lost rows to another process gets: only an empty one ends the pass', async () => {
    const screener = await clinic();
    const due = [await confirmedAppointment(screener, 22), await confirmedAppointment(screener, 22.5)];
    const actual = (await vi.importActual<typeof import('../../db/repositories/appointments')>('../../db/repositories/appointments')).leaseAppointmentsToRemind;
    vi.mocked(leaseAppointmentsToRemind).mockImplementationOnce((db, leaseDialect, range, lease) => actual(db, leaseDialect, range, { ...lease, limit: 1 }));
    await queueDueReminders(t.services);
    for (const { appointmentId } of due) expect(await remindersOf(t.services.db, appointmentId)).toEqual([expect.objectContaining({ lead_hours: 24 })]);
  });

  it('lets a failed batch’s appointments go at once when the database was busy, and keeps them leased after any other failure', async () => {
    const { appointmentId } = await confirmedAppointment(await clinic(), 22);
    const leaseOf = () => t.services.db.selectFrom('appointments').select(['lease_owner', 'locked_until']).where('id', '=', appointmentId).executeTakeFirstOrThrow();
    // A busy database, as inTransaction passes it on when a batch was twice a deadlock's victim
    // under load (issue 31): the next pass, here or in another process, takes the appointment at
    // once instead of after the lease's minute.
    const deadlock = Object.assign(new Error('Deadlock found when trying to get lock'), { errno: 1213 });
    vi.mocked(brandOfClinic).mockRejectedValueOnce(deadlock);
    await expect(queueDueReminders(t.services)).rejects.toBe(deadlock);
    expect(await leaseOf()).toEqual({ lease_owner: null, locked_until: null });
    // A failure that would come back every time keeps its lease, so it cannot come first in
    // every pass's lease and hold back the reminders after it.
    const broken = new Error('the clinic has no configuration');
    vi.mocked(brandOfClinic).mockRejectedValueOnce(broken);
    await expect(queueDueReminders(t.services)).rejects.toBe(broken);
    expect(await leaseOf()).toMatchObject({ lease_owner: expect.any(String), locked_until: expect.anything() });
    await queueDueReminders(t.services);
    expect(await remindersOf(t.services.db, appointmentId)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('reminders with three server processes on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  const servers: ServerProcess[] = [];
  const env = () => ({
    DATABASE_URL: database.url,
    PUBLIC_URL: 'https://minda.test',
    SESSION_SECRET: 'reminder-test-secret-that-is-at-least-32-characters',
    SMTP_URL: smtp.url,
  });
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.stop();
    await database.drop();
  });

  it('sends each due reminder exactly once, with a process restarted in the middle', async () => {
    // The processes migrate the database; the first one alone, so the three do not race at it.
    servers.push(await spawnServer(env()));
    const screener = await insertBookableScreener(database.db, {}, { autoConfirmRequests: true });
    const emails = ['amin@example.com', 'mei@example.com', 'ravi@example.com'];
    for (const [index, clientEmail] of emails.entries()) {
      const slotId = await insertSlot(database.db, screener.psychologistId, inHours(20 + index));
      await database.db
        .insertInto('appointments')
        .values({
          id: crypto.randomUUID(),
          user_id: screener.userId,
          psychologist_id: screener.psychologistId,
          slot_id: slotId,
          active_slot_id: slotId,
          status: 'confirmed',
          manage_token_hash: null,
          hold_expires_at: null,
          client_name: 'Visitor',
          client_email: clientEmail,
          client_phone: '+60123456789',
          client_timezone: 'Asia/Kuala_Lumpur',
          client_language: 'en',
          created_at: subDays(new Date(), 2),
          cancelled_at: null,
          revised_at: subDays(new Date(), 2),
        })
        .execute();
    }
    servers.push(...(await Promise.all([spawnServer(env()), spawnServer(env())])));
    for (const clientEmail of emails) {
      await expect.poll(() => smtp.messages.filter((mail) => mail.to.includes(clientEmail)).length, { timeout: 20_000 }).toBe(1);
    }
    // A restart runs every job again at once: nothing is queued twice.
    await servers.shift()!.stop();
    servers.push(await spawnServer(env()));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const clientEmail of emails) expect(smtp.messages.filter((mail) => mail.to.includes(clientEmail))).toHaveLength(1);
    const rows = await database.db.selectFrom('appointment_reminders').select('lead_hours').execute();
    expect(rows).toHaveLength(3);
    // Four processes start one after another here: give them longer than one test usually takes.
  }, 120_000);
});
