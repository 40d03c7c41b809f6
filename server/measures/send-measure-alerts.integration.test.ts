import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { alertClinic, type AlertClinic, CLIENT_NAME, PHQ9_TOTAL, raiseAlert } from '../testing/measure-alerts';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';
import { sendMeasureAlerts } from './send-measure-alerts';

const HOUR = 3_600_000;

/** What would tell a reader who the client is or what they answered. */
const TELLING = new RegExp(`${CLIENT_NAME}|Siti|\\b${PHQ9_TOTAL}\\b|PHQ|GAD|DASS|risk|item|score|deteriorat|depress|anxi|suicid`, 'i');

describe.each(TEST_DIALECTS)('alerts on measures, sent on %s', (dialect) => {
  let t: WhatsappTestApp;
  const start = new Date();
  let clock = start;
  beforeAll(async () => {
    t = await startWhatsappTestApp(dialect);
    t.services.now = () => clock;
  });
  afterAll(() => t.close());

  const run = () => sendMeasureAlerts(t.services);
  const mailsOf = async (clinic: AlertClinic) => {
    const addresses = await t.services.db.selectFrom('accounts').innerJoin('memberships', 'memberships.account_id', 'accounts.id').select(['accounts.email', 'accounts.id']).where('memberships.clinic_id', '=', clinic.owner.userId).execute();
    const whose = new Map(addresses.map((row) => [row.email, row.id]));
    const rows = await t.services.db
      .selectFrom('email_outbox')
      .select(['kind', 'recipient', 'message'])
      .where('recipient', 'in', [...whose.keys()])
      .where('kind', 'like', 'measure-alert%')
      .orderBy('kind')
      .orderBy('recipient')
      .execute();
    return rows.map((row) => ({ kind: row.kind, to: whose.get(row.recipient), message: JSON.parse(row.message) as { subject: string; text: string; html: string } }));
  };
  const messagesOf = (clinic: AlertClinic) =>
    t.services.db.selectFrom('whatsapp_outbox').select(['kind', 'recipient', 'body', 'appointment_id']).where('user_id', '=', clinic.owner.userId).execute();
  const staff = (clinic: AlertClinic, ...who: ('owner' | 'admin' | 'aisyah')[]) => who.map((one) => (one === 'owner' ? clinic.owner.userId : clinic.members[one].accountId)).sort();

  it('sends a new alert to the client’s psychologist, the owner and the admins, and to the crisis contact’s WhatsApp, saying nothing of the client', async () => {
    clock = start;
    const clinic = await alertClinic(t.services.db);
    await raiseAlert(t.services.db, clinic.plan, start);
    expect(await run()).toBeGreaterThanOrEqual(1);

    const mails = await mailsOf(clinic);
    expect(mails.map((mail) => mail.to).sort()).toEqual(staff(clinic, 'owner', 'admin', 'aisyah'));
    for (const { kind, message } of mails) {
      expect(kind).toBe('measure-alert');
      expect(message.subject).toBe('A client’s questionnaire needs attention');
      expect(message.text).toContain('https://minda.test/admin/today');
      expect(`${message.subject}\n${message.text}\n${message.html}`).not.toMatch(TELLING);
    }
    const messages = await messagesOf(clinic);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'measure_alert', recipient: '+60192223344', appointment_id: null });
    expect(JSON.parse(messages[0]!.body!)).toEqual({ type: 'template', name: 'minda_measure_alert', language: 'en', parameters: ['Klinik Amaran', 'https://minda.test/admin/today'] });
    expect(messages[0]!.body).not.toMatch(TELLING);
    const row = await t.services.db.selectFrom('measure_alerts').select(['notified_at', 'escalated_at']).where('user_id', '=', clinic.owner.userId).executeTakeFirstOrThrow();
    expect(new Date(row.notified_at!).getTime()).toBe(start.getTime());
    expect(row.escalated_at).toBeNull();
  });

  it('sends each alert once when four runs of the job race for them', async () => {
    clock = start;
    const clinic = await alertClinic(t.services.db);
    for (let i = 0; i < 5; i++) await raiseAlert(t.services.db, clinic.plan, new Date(start.getTime() - i * 1_000), i % 2 ? 'risk' : 'deterioration:phq9');
    const sent = await Promise.all([run(), run(), run(), run()]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(5);
    expect(await mailsOf(clinic)).toHaveLength(5 * 3);
    // The crisis contact's WhatsApp says only "look at Today": one per 30 minutes (STAFF_ALERT_QUIET_MINUTES).
    expect(await messagesOf(clinic)).toHaveLength(1);
    await run();
    expect(await mailsOf(clinic)).toHaveLength(5 * 3);
  });

  it('escalates an alert nobody acknowledged to the owner and admins once, 24 hours after it went', async () => {
    clock = start;
    const clinic = await alertClinic(t.services.db);
    await raiseAlert(t.services.db, clinic.plan, start);
    await run();
    clock = new Date(start.getTime() + 24 * HOUR - 1);
    await run();
    expect((await mailsOf(clinic)).filter((mail) => mail.kind === 'measure-alert-escalated')).toEqual([]);

    clock = new Date(start.getTime() + 24 * HOUR);
    await Promise.all([run(), run(), run()]);
    clock = new Date(start.getTime() + 48 * HOUR);
    await run();
    const escalated = (await mailsOf(clinic)).filter((mail) => mail.kind === 'measure-alert-escalated');
    expect(escalated.map((mail) => mail.to).sort()).toEqual(staff(clinic, 'owner', 'admin'));
    for (const { message } of escalated) {
      expect(message.subject).toBe('Still not acknowledged: a client’s questionnaire needs attention');
      expect(`${message.subject}\n${message.text}\n${message.html}`).not.toMatch(TELLING);
    }
    expect(await messagesOf(clinic)).toHaveLength(2);
  });

  it('escalates no alert acknowledged in time', async () => {
    clock = start;
    const clinic = await alertClinic(t.services.db);
    const alertId = await raiseAlert(t.services.db, clinic.plan, start);
    await run();
    await t.services.db.updateTable('measure_alerts').set({ acknowledged_at: new Date(start.getTime() + HOUR), acknowledged_by: clinic.owner.userId }).where('id', '=', alertId).execute();
    clock = new Date(start.getTime() + 25 * HOUR);
    await run();
    expect((await mailsOf(clinic)).map((mail) => mail.kind)).toEqual(['measure-alert', 'measure-alert', 'measure-alert']);
    expect(await messagesOf(clinic)).toHaveLength(1);
  });
});
