import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../db/testing/fixtures';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { queueRequestedResetLinks } from './auth/queue-reset-links';
import { createInsightsService } from './insights/insights-service';
import { loggerOptions } from './logger';
import { deliverDueEmails } from './mail/outbox-worker';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from './testing/booking-requests';
import { type FakeOpenAi, startFakeOpenAi } from './testing/fake-openai';
import { decodeQuotedPrintable } from './testing/smtp-capture';
import { type SmtpTestApp, startSmtpTestApp } from './testing/smtp-test-app';

// What a visitor and an operator type on one journey; none of it may reach the log.
const VISITOR = {
  name: 'Siti Aminah binti Hassan',
  email: 'siti.aminah.hassan@gmail.com',
  phone: '012-987 6543',
  storedPhone: '+60129876543',
  address: '203.0.113.77',
};
const OPERATOR = { username: 'klinik-log-test', email: 'rajesh.kumar@klinik-log.example', password: 'a-long-old-password' };
const FOLLOW_UP = 'My name is Nurul Izzah, I cannot sleep before my exams';

describe.each(TEST_DIALECTS)('personal data in the log on %s', (dialect) => {
  let t: SmtpTestApp;
  let fake: FakeOpenAi;
  const lines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // The model fails, so the failure path logs too.
    fake.reply(() => ({ status: 500, body: { error: { message: `cannot read ${FOLLOW_UP}` } } }));
    t = await startSmtpTestApp(dialect, {
      log: pino(loggerOptions('debug'), { write: (line: string) => lines.push(line) }),
      insights: createInsightsService({ apiKey: 'sk-test', model: 'fake-model', baseUrl: fake.baseUrl, timeoutMs: 300 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: VISITOR.address, headers: { origin: t.services.env.publicUrl } });

  it('holds no name, e-mail address, phone number, token or full client address after a whole journey', async () => {
    const analysis = await post('/api/analyze', {
      results: { depression: { score: 14, level: 'moderate' }, anxiety: { score: 8, level: 'mild' }, stress: { score: 20, level: 'moderate' } },
      followUpResponses: [{ questionId: 1, followUpId: 'q1-1', response: FOLLOW_UP }],
      language: 'en',
    });
    expect(analysis.statusCode).toBe(200);
    expect(fake.calls.length).toBeGreaterThan(0);

    const screener = await insertBookableScreener(t.services.db);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(72));
    const request = bookingRequest(screener, slotId, { clientName: VISITOR.name, clientEmail: VISITOR.email, clientPhone: VISITOR.phone });
    const booking = await postBooking(t, request, VISITOR.address);
    expect(booking.status).toBe(201);

    expect((await post('/api/register', OPERATOR)).statusCode).toBe(201);
    expect((await post('/api/request-password-reset', { email: OPERATOR.email })).statusCode).toBe(200);
    await queueRequestedResetLinks(t.services);
    expect((await deliverDueEmails(t.services, 50)).sent).toBeGreaterThanOrEqual(4);
    const operatorMails = t.smtp.messages.filter((mail) => mail.to.includes(OPERATOR.email)).map((mail) => decodeQuotedPrintable(mail.raw));
    const token = operatorMails.map((mail) => /reset-password\?token=([\w-]+)/.exec(mail)?.[1]).find(Boolean)!;
    expect((await post('/api/reset-password', { token, password: 'a-long-new-password' })).statusCode).toBe(200);
    const verificationToken = operatorMails.map((mail) => /verify-email\?token=([\w-]+)/.exec(mail)?.[1]).find(Boolean)!;
    expect((await post(`/api/email-verification/${verificationToken}/confirm`, {})).statusCode).toBe(200);

    // A database error carrying a visitor's e-mail, logged as the error handlers log theirs.
    const duplicate = await t.services.db
      .insertInto('users')
      .values({ id: randomUUID(), username: 'another-operator', email: OPERATOR.email, created_at: new Date() })
      .execute()
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    t.services.log.error({ err: duplicate }, 'request failed');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).toContain('203.0.113.0/24');
    for (const personal of [
      VISITOR.name,
      'Siti',
      'Aminah',
      VISITOR.email,
      VISITOR.phone,
      VISITOR.storedPhone,
      '9876543',
      VISITOR.address,
      'Nurul',
      'Izzah',
      OPERATOR.email,
      OPERATOR.password,
      token,
      verificationToken,
    ]) {
      expect(log, personal).not.toContain(personal);
    }
  });
});
