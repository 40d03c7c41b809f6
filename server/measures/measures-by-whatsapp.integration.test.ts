import { addDays } from 'date-fns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { MeasureSchedule } from '../../domain/measure-schedule';
import { manageTokenOf } from '../appointments/manage-token';
import { hashSecretToken } from '../auth/secret-tokens';
import type { FakeWhatsappMessage } from '../testing/fake-whatsapp';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';
import { remindOfMeasures, sendDueMeasures } from './send-measures';
import { enrolledClient } from './testing/enrolled-client';

const given = { givenAt: new Date().toISOString() };

/**
 * Repeat measures by WhatsApp (issue 30): the questionnaire and its reminder go to the number of
 * the booking the client was enrolled from, once however many runs race, in the client's
 * language, only under that booking's WhatsApp consent and never after STOP, the measures'
 * withdrawal or the plan's end; and they say nothing of the questionnaire but that it is short.
 */
describe.each(TEST_DIALECTS)('repeat measures by WhatsApp on %s', (dialect) => {
  let t: WhatsappTestApp;
  beforeAll(async () => {
    t = await startWhatsappTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });

  const at = (moment: Date) => {
    t.services.now = () => moment;
  };
  /** Every run of a job at once, as several processes would, then the WhatsApp outbox's pass: how many the runs queued in all. */
  const race = async (job: typeof sendDueMeasures, moment: Date) => {
    at(moment);
    const counts = await Promise.all(Array.from({ length: 3 }, () => job(t.services)));
    await t.deliverWhatsapp();
    return counts.reduce((sum, count) => sum + count, 0);
  };
  const manage = (appointmentId: string, action: 'stop-whatsapp' | 'withdraw-measures') =>
    t.app.inject({ method: 'POST', url: `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/${action}`, headers: { origin: t.services.env.publicUrl } });

  let numbers = 0;
  /**
   * A client with a session in three days, booked with or without WhatsApp at a new number and
   * enrolled now on `schedule` by the owner, who can also end the plan.
   */
  async function enrolled(options: { whatsapp: boolean; language?: 'en' | 'ms'; schedule?: MeasureSchedule }) {
    const db = t.services.db;
    const companyName = `Klinik ${++numbers}`;
    const phone = `012-345 ${2000 + numbers}`;
    const whatsapp = options.whatsapp ? { whatsappReminders: true, consents: { screener: given, privacyNotice: given, whatsappReminders: given } } : {};
    const booking = { clientLanguage: options.language ?? 'en', clientPhone: phone, ...whatsapp };
    const { screener, appointmentId, enrolledAt, owner } = await enrolledClient(t, options.schedule ?? 'once', { booking, companyName });
    await db.updateTable('users').set({ measure_reminder_days: 1 }).where('id', '=', screener.userId).execute();
    const to = `60${phone.replace(/\D/g, '').slice(1)}`;
    return {
      appointmentId,
      enrolledAt,
      companyName,
      endPlan: () => owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`, {}),
      /** The questionnaires' messages the fake Cloud API took for the client's number (their booking's go too). */
      sent: () => t.whatsappApi.messages.filter((message) => message.to === to && message.template?.name.startsWith('minda_measure')),
      queued: () => db.selectFrom('whatsapp_outbox').select(['kind', 'status']).where('appointment_id', '=', appointmentId).where('kind', 'like', 'measure%').orderBy('created_at').execute(),
      tokenHashes: async () => (await db.selectFrom('measures').select('token_hash').where('user_id', '=', screener.userId).execute()).map((row) => row.token_hash),
    };
  }

  /** The template's name, language, body parameters and link button's parameter, as Meta read them. */
  const templateOf = (message: FakeWhatsappMessage) => ({
    name: message.template?.name,
    language: message.template?.language.code,
    parameters: (message.template?.components ?? []).filter((component) => component.type === 'body').flatMap((component) => component.parameters.map((parameter) => parameter.text)),
    link: (message.template?.components ?? []).filter((component) => component.type === 'button' && component.sub_type === 'url').flatMap((component) => component.parameters.map((parameter) => parameter.text)),
  });

  it('sends the questionnaire once however many runs race, then its reminder once, each with the clinic’s name and the link only', async () => {
    const client = await enrolled({ whatsapp: true });
    expect(await race(sendDueMeasures, client.enrolledAt)).toBe(1);
    expect(await race(sendDueMeasures, addDays(client.enrolledAt, 0.5))).toBe(0);
    const [message, ...others] = client.sent();
    expect(others).toEqual([]);
    const sent = templateOf(message!);
    expect(sent).toMatchObject({ name: 'minda_measure', language: 'en', parameters: [client.companyName] });
    const [token] = sent.link;
    expect(await client.tokenHashes()).toEqual([hashSecretToken(token!)]);
    // Nothing of the questionnaire travels: no instrument, no score, no health word. The random
    // token is left out of the check: a base64url token spells "gad" or "dass" now and then.
    expect(JSON.stringify(message).replace(token!, '<token>')).not.toMatch(/PHQ|GAD|DASS|depress|anxi|score|mood|psych|mental/i);

    expect(await race(remindOfMeasures, addDays(client.enrolledAt, 1))).toBe(1);
    expect(await race(remindOfMeasures, addDays(client.enrolledAt, 2))).toBe(0);
    const reminders = client.sent().slice(1);
    expect(reminders.map(templateOf)).toEqual([{ name: 'minda_measure_reminder', language: 'en', parameters: [client.companyName], link: [token] }]);
    expect(JSON.stringify(reminders[0]).replace(token!, '<token>')).not.toMatch(/PHQ|GAD|DASS|depress|anxi|score|mood|psych|mental/i);
  });

  it('speaks the client’s language', async () => {
    const client = await enrolled({ whatsapp: true, language: 'ms' });
    expect(await race(sendDueMeasures, client.enrolledAt)).toBe(1);
    expect(await race(remindOfMeasures, addDays(client.enrolledAt, 1))).toBe(1);
    expect(client.sent().map((message) => [message.template?.name, message.template?.language.code])).toEqual([
      ['minda_measure', 'ms'],
      ['minda_measure_reminder', 'ms'],
    ]);
  });

  it('sends nothing by WhatsApp without the booking’s consent: the e-mail alone goes', async () => {
    const client = await enrolled({ whatsapp: false });
    expect(await race(sendDueMeasures, client.enrolledAt)).toBe(1);
    expect(await race(remindOfMeasures, addDays(client.enrolledAt, 1))).toBe(1);
    expect(await client.queued()).toEqual([]);
    expect(client.sent()).toEqual([]);
  });

  it('sends nothing after STOP: neither a questionnaire nor its reminder, and withdraws one still waiting', async () => {
    const stoppedFirst = await enrolled({ whatsapp: true });
    expect((await manage(stoppedFirst.appointmentId, 'stop-whatsapp')).statusCode).toBe(200);
    expect(await race(sendDueMeasures, stoppedFirst.enrolledAt)).toBe(1);
    expect(await stoppedFirst.queued()).toEqual([]);

    const stoppedBetween = await enrolled({ whatsapp: true });
    at(stoppedBetween.enrolledAt);
    expect(await sendDueMeasures(t.services)).toBe(1);
    // The STOP comes before the outbox's pass: the message waiting is withdrawn, and no reminder follows.
    expect((await manage(stoppedBetween.appointmentId, 'stop-whatsapp')).statusCode).toBe(200);
    // Both measures are reminded of, by e-mail alone.
    expect(await race(remindOfMeasures, addDays(stoppedBetween.enrolledAt, 1))).toBe(2);
    expect(await stoppedBetween.queued()).toEqual([{ kind: 'measure', status: 'withdrawn' }]);
    expect([...stoppedFirst.sent(), ...stoppedBetween.sent()]).toEqual([]);
  });

  it('sends nothing after the client withdraws their consent to measures, or the clinic ends the plan', async () => {
    const withdrawn = await enrolled({ whatsapp: true, schedule: 'every_2_weeks' });
    const ended = await enrolled({ whatsapp: true, schedule: 'every_2_weeks' });
    for (const client of [withdrawn, ended]) {
      at(addDays(client.enrolledAt, 14));
      expect(await sendDueMeasures(t.services)).toBeGreaterThanOrEqual(1);
    }
    // Queued, not yet delivered: the withdrawal and the end take the waiting messages with them
    // (the owner's session is of today's clock).
    at(ended.enrolledAt);
    expect((await manage(withdrawn.appointmentId, 'withdraw-measures')).statusCode).toBe(200);
    expect((await ended.endPlan()).status).toBe(200);
    expect(await race(remindOfMeasures, addDays(ended.enrolledAt, 15))).toBe(0);
    expect(await race(sendDueMeasures, addDays(ended.enrolledAt, 28))).toBe(0);
    for (const client of [withdrawn, ended]) {
      expect(await client.queued()).toEqual([{ kind: 'measure', status: 'withdrawn' }]);
      expect(client.sent()).toEqual([]);
    }
  });

  it('answers nothing but STOP from a reply to a questionnaire’s message, whose booking may be long over', async () => {
    const client = await enrolled({ whatsapp: true });
    expect(await race(sendDueMeasures, client.enrolledAt)).toBe(1);
    const [message] = client.sent();
    const webhook = (payload: unknown) => {
      const signed = t.whatsappApi.signed(payload);
      return t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signed.signature }, payload: signed.body });
    };
    await t.services.db.updateTable('appointments').set({ status: 'completed' }).where('id', '=', client.appointmentId).execute();
    expect((await webhook(t.whatsappApi.replyWebhook(message!, { text: 'ok, thanks' }))).statusCode).toBe(200);
    const replies = () => t.services.db.selectFrom('whatsapp_outbox').select('kind').where('appointment_id', '=', client.appointmentId).where('kind', '=', 'reply').execute();
    expect(await replies()).toEqual([]);
    expect((await webhook(t.whatsappApi.replyWebhook(message!, { text: 'STOP' }))).statusCode).toBe(200);
    expect(await replies()).toEqual([{ kind: 'reply' }]);
    const stopped = await t.services.db.selectFrom('appointments').select('whatsapp_stopped_at').where('id', '=', client.appointmentId).executeTakeFirstOrThrow();
    expect(stopped.whatsapp_stopped_at).not.toBeNull();
  });
});
