import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { claimDueEmails, enqueueEmail, type OutboxEmail } from '../../db/repositories/email-outbox';
import * as eraseSentMail from '../../db/migrations/2026-11-23T2200-erase-sent-mail';
import { outboxEmailsTo, outboxRow } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { queueRequestedResetLinks } from '../auth/queue-reset-links';
import { decodeQuotedPrintable, headerOf } from '../testing/smtp-capture';
import { type SmtpTestApp, startSmtpTestApp } from '../testing/smtp-test-app';
import { passwordResetEmail } from './account-emails';
import { deliverDueEmails, OUTBOX_LEASE_MS, startOutboxWorker } from './outbox-worker';
import { emlFileTransport, LONGEST_ATTEMPT_MS, SMTP_CONNECTIONS } from './transport';

let serial = 0;
const newEmail = (kind = 'test'): OutboxEmail => {
  serial += 1;
  return { kind, to: `client-${serial}@klinik.example`, subject: `Message ${serial}`, text: `Hello ${serial}`, html: `<p>Hello ${serial}</p>` };
};

describe.each(TEST_DIALECTS)('the e-mail outbox on %s', (dialect) => {
  let t: SmtpTestApp;
  beforeAll(async () => {
    t = await startSmtpTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });

  const deliveredTo = (to: string) => t.smtp.messages.filter((m) => m.to.includes(to));

  it('delivers a queued mail through SMTP exactly once, from MAIL_FROM with a stable Message-ID', async () => {
    const email = newEmail();
    const id = await enqueueEmail(t.services.db, email, t.services.now());
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 0 });
    const received = deliveredTo(email.to);
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toContain(`Subject: ${email.subject}`);
    expect(received[0]!.raw).toContain('From: Minda <no-reply@minda.local>');
    expect(received[0]!.raw).toContain(`Message-ID: <${id}@minda.test>`);
    expect(await outboxRow(t.services.db, id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: expect.anything() });
  });

  it('sends an account mail as automatic, in its language, with no Reply-To: no clinic speaks in it', async () => {
    const email = { kind: 'password-reset', to: 'pemilik@klinik.example', ...passwordResetEmail('ms', { username: 'pemilik', resetUrl: 'https://minda.test/reset-password?token=x' }) };
    await enqueueEmail(t.services.db, email, t.services.now());
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
    const raw = deliveredTo(email.to)[0]!.raw;
    expect(headerOf(raw, 'Auto-Submitted')).toBe('auto-generated');
    expect(headerOf(raw, 'Content-Language')).toBe('ms');
    expect(headerOf(raw, 'Reply-To')).toBeUndefined();
  });

  it('erases a mail’s message and recipient once it is sent, keeping its kind, times and attempts', async () => {
    const email = { ...newEmail('password-reset'), attachments: [{ filename: 'a.ics', content: 'SUMMARY:Siti', contentType: 'text/calendar' }] };
    const id = await enqueueEmail(t.services.db, email, t.services.now());
    expect(await outboxRow(t.services.db, id)).toMatchObject({ recipient: email.to, message: expect.stringContaining(email.text) });
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
    expect(await outboxRow(t.services.db, id)).toMatchObject({
      id,
      kind: 'password-reset',
      recipient: '',
      message: '',
      status: 'sent',
      attempts: 1,
      created_at: expect.anything(),
      sent_at: expect.anything(),
    });
  });

  it('erases the mails sent before erasing on delivery existed (migration 2026-11-23T2200)', async () => {
    const email = newEmail();
    const id = await enqueueEmail(t.services.db, email, t.services.now());
    const pending = await enqueueEmail(t.services.db, newEmail(), t.services.now());
    // As the outbox left sent mails until then: status sent, message and recipient kept.
    await t.services.db.updateTable('email_outbox').set({ status: 'sent' }).where('id', '=', id).execute();
    await eraseSentMail.up(t.services.db);
    expect(await outboxRow(t.services.db, id)).toMatchObject({ recipient: '', message: '', status: 'sent' });
    expect(await outboxRow(t.services.db, pending)).toMatchObject({ status: 'pending', message: expect.stringContaining('Hello') });
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
  });

  it('queues nothing when the transaction that enqueued the mail rolls back', async () => {
    const email = newEmail();
    await expect(
      t.services.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, email, t.services.now());
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    expect(await outboxEmailsTo(t.services.db, email.to)).toEqual([]);
  });

  it('keeps a mail pending while SMTP is down and delivers it once after the server is back', async () => {
    const email = newEmail();
    await enqueueEmail(t.services.db, email, t.services.now());
    await t.smtp.stop();
    try {
      expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 1 });
    } finally {
      await t.smtp.start();
    }
    const [failed] = await outboxEmailsTo(t.services.db, email.to);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    const retryIn = new Date(failed!.next_attempt_at).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(25_000);
    expect(retryIn).toBeLessThanOrEqual(30_000);

    // Not due yet: the server being back changes nothing until the retry time.
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 0 });
    t.services.now = () => new Date(Date.now() + 31_000);
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 0, failed: 0 });
    expect(deliveredTo(email.to)).toHaveLength(1);
    expect(await outboxRow(t.services.db, failed!.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends each mail once when two server processes work the same outbox at the same time', async () => {
    const emails = Array.from({ length: 12 }, () => newEmail('race'));
    for (const email of emails) await enqueueEmail(t.services.db, email, t.services.now());
    const other = connectDatabase(t.database.url);
    const workers = [t.services, { ...t.services, db: other.db }, t.services, { ...t.services, db: other.db }];
    let sent = 0;
    try {
      // A pass may find rows that another is claiming and skip them; rounds go on until done.
      for (let round = 0; round < 5 && sent < emails.length; round++) {
        const passes = await Promise.all(workers.map((worker) => deliverDueEmails(worker, 5)));
        sent += passes.reduce((sum, pass) => sum + pass.sent, 0);
      }
    } finally {
      await other.db.destroy();
    }
    expect(sent).toBe(emails.length);
    for (const email of emails) expect(deliveredTo(email.to), email.to).toHaveLength(1);
  });

  it('delivers a reset link that works, end to end through the running worker', async () => {
    const operator = { username: 'outbox-reset', email: 'outbox-reset@klinik.example', password: 'old-password' };
    await t.app.inject({ method: 'POST', url: '/api/register', payload: operator });
    await t.app.inject({ method: 'POST', url: '/api/request-password-reset', payload: { email: operator.email } });
    await queueRequestedResetLinks(t.services);
    const worker = startOutboxWorker(t.services, 20);
    try {
      // The link that verifies the new owner's address, then the reset link.
      await expect.poll(() => deliveredTo(operator.email).length, { timeout: 5_000 }).toBe(2);
    } finally {
      await worker.stop();
    }
    const raw = deliveredTo(operator.email).map((mail) => decodeQuotedPrintable(mail.raw)).find((mail) => mail.includes('Subject: Reset your Minda password'))!;
    expect(raw).toBeDefined();
    const token = /https:\/\/minda\.test\/reset-password\?token=([\w-]+)/.exec(raw)![1];
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password: 'new-password' } });
    expect(reset.statusCode).toBe(200);
    // The sent link is not kept in the outbox, nor to whom it went (the password-changed notice waits its turn).
    const sent = await t.services.db.selectFrom('email_outbox').selectAll().where('status', '=', 'sent').execute();
    const stored = JSON.stringify(sent);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(operator.email);
  });

  it('stops the worker cleanly: nothing is delivered after stop() resolves', async () => {
    // What earlier tests left (the password-changed notice), so the count below is this test's.
    await deliverDueEmails(t.services);
    const worker = startOutboxWorker(t.services, 20);
    await worker.stop();
    const email = newEmail();
    await enqueueEmail(t.services.db, email, t.services.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deliveredTo(email.to)).toEqual([]);
    expect(await outboxEmailsTo(t.services.db, email.to)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    // Leaves the outbox empty for the next test, which counts what it delivers.
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
  });

  it('starts no attempt that could outlast the lease, and releases the mails it did not try: each goes once', async () => {
    const emails = Array.from({ length: SMTP_CONNECTIONS + 1 }, () => newEmail('slow'));
    for (const email of emails) await enqueueEmail(t.services.db, email, t.services.now());
    let clock = Date.now();
    const smtpSend = t.services.mailTransport.send;
    // A server so slow that, once the first mails are in, another attempt could end past the lease.
    const slowServer = { ...t.services, now: () => new Date(clock) };
    slowServer.mailTransport = {
      ...t.services.mailTransport,
      send: async (email) => {
        const where = await smtpSend(email);
        clock += OUTBOX_LEASE_MS - LONGEST_ATTEMPT_MS + 1;
        return where;
      },
    };

    // As many as there are connections start at once; the one left is not started.
    expect(await deliverDueEmails(slowServer)).toEqual({ sent: SMTP_CONNECTIONS, failed: 0 });
    const waiting = emails.filter((email) => deliveredTo(email.to).length === 0);
    expect(waiting).toHaveLength(1);
    const [row] = await t.services.db.selectFrom('email_outbox').select(['status', 'attempts', 'lease_owner', 'locked_until']).where('recipient', '=', waiting[0]!.to).execute();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lease_owner: null, locked_until: null });
    // Released, so the next pass takes it at once rather than after the lease.
    expect((await deliverDueEmails({ ...t.services, now: () => new Date(clock) })).sent).toBeGreaterThanOrEqual(1);
    for (const email of emails) expect(deliveredTo(email.to), email.to).toHaveLength(1);
  });

  it('goes on leasing while batches come back full: one pass delivers several batches, over reused connections', async () => {
    const emails = Array.from({ length: 25 }, () => newEmail('backlog'));
    for (const email of emails) await enqueueEmail(t.services.db, email, t.services.now());
    const connectionsBefore = t.smtp.connections();
    expect(await deliverDueEmails(t.services, 10)).toEqual({ sent: 25, failed: 0 });
    for (const email of emails) expect(deliveredTo(email.to), email.to).toHaveLength(1);
    const second = newEmail('backlog');
    await enqueueEmail(t.services.db, second, t.services.now());
    expect(await deliverDueEmails(t.services, 10)).toEqual({ sent: 1, failed: 0 });
    // The pool opened its connections once (earlier tests may have opened some already).
    expect(t.smtp.connections() - connectionsBefore).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it('a killed process’s mails go out from another once the lease lapses, about a minute later', async () => {
    const email = newEmail('killed');
    const id = await enqueueEmail(t.services.db, email, t.services.now());
    const now = new Date();
    // The killed process leased the mail and never came back to it.
    await claimDueEmails(t.services.db, t.services.dialect, { owner: 'killed-process', now, lockedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS), limit: 10 });
    expect(await deliverDueEmails({ ...t.services, now: () => new Date(now.getTime() + OUTBOX_LEASE_MS - 1_000) })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueEmails({ ...t.services, now: () => new Date(now.getTime() + OUTBOX_LEASE_MS) })).toEqual({ sent: 1, failed: 0 });
    expect(await outboxRow(t.services.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(OUTBOX_LEASE_MS).toBeLessThanOrEqual(60_000);
  });

  it('delivers attachments stored with the mail', async () => {
    const email = { ...newEmail(), attachments: [{ filename: 'note.txt', content: 'Hello attachment', contentType: 'text/plain' }] };
    await enqueueEmail(t.services.db, email, t.services.now());
    expect(await deliverDueEmails(t.services)).toEqual({ sent: 1, failed: 0 });
    const raw = deliveredTo(email.to)[0]!.raw;
    expect(raw).toMatch(/Content-Type: text\/plain; name=note\.txt/);
    expect(raw).toMatch(/filename=note\.txt/);
  });

  it('writes each mail as an .eml file under VAR_DIR/outbox when SMTP_URL is not set', async () => {
    const dir = join(t.services.env.varDir, 'outbox');
    const email = newEmail();
    const id = await enqueueEmail(t.services.db, email, t.services.now());
    const outcome = await deliverDueEmails({ ...t.services, mailTransport: emlFileTransport(dir) });
    expect(outcome).toEqual({ sent: 1, failed: 0 });
    expect(readdirSync(dir)).toContain(`${id}.eml`);
    const eml = readFileSync(join(dir, `${id}.eml`), 'utf8');
    expect(eml).toContain(`To: ${email.to}`);
    expect(eml).toContain(`Subject: ${email.subject}`);
    expect(eml).toContain(email.text);
  });
});
