import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { alertClinic, CLIENT_NAME, raiseAlert } from '../testing/measure-alerts';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const HOUR = 3_600_000;
const NOTE = 'Called her: safe tonight, seen tomorrow at 9.';

describe.each(TEST_DIALECTS)('acknowledging alerts on measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  async function clinic() {
    const clinic = await alertClinic(t.services.db);
    const as = (who: 'owner' | 'admin' | 'receptionist' | 'aisyah' | 'daniel') =>
      signedInAs(t, { userId: who === 'owner' ? clinic.owner.userId : clinic.members[who].accountId });
    const audit = () => t.services.db.selectFrom('audit_log').selectAll().where('user_id', '=', clinic.owner.userId).where('action', '=', 'measure-alert.acknowledged').execute();
    const row = (id: string) => t.services.db.selectFrom('measure_alerts').select(['acknowledged_at', 'acknowledged_by', 'note']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...clinic, as, audit, row };
  }

  it('lists open alerts first in line for the psychologist, the owner and admins: escalated first, then the oldest, with no score', async () => {
    const c = await clinic();
    const now = Date.now();
    const older = await raiseAlert(t.services.db, c.plan, new Date(now - 3 * HOUR), 'deterioration:gad7');
    const newer = await raiseAlert(t.services.db, c.plan, new Date(now - HOUR));
    const escalated = await raiseAlert(t.services.db, c.plan, new Date(now - 30 * HOUR), 'deterioration:phq9');
    await t.services.db.updateTable('measure_alerts').set({ notified_at: new Date(now - 30 * HOUR), escalated_at: new Date(now - 6 * HOUR) }).where('id', '=', escalated).execute();

    for (const who of ['owner', 'admin', 'aisyah'] as const) {
      const open = await (await c.as(who)).caller.admin.measureAlerts.open();
      expect(open.map((alert) => alert.id)).toEqual([escalated, older, newer]);
      expect(open.map((alert) => alert.reason)).toEqual([{ kind: 'deterioration', scale: 'phq9' }, { kind: 'deterioration', scale: 'gad7' }, { kind: 'risk' }]);
      expect(open[1]).toMatchObject({ appointmentId: c.appointmentId, clientName: CLIENT_NAME, psychologist: { id: c.aisyah, name: 'Aisyah' }, escalatedAt: null });
      // No score travels: every field is one of these, and the reason holds only its kind and scale (above).
      for (const alert of open) expect(Object.keys(alert).sort()).toEqual(['appointmentId', 'clientName', 'escalatedAt', 'id', 'psychologist', 'raisedAt', 'reason']);
      expect(JSON.stringify(open)).not.toMatch(/score|severe/);
    }
    expect(await (await c.as('daniel')).caller.admin.measureAlerts.open()).toEqual([]);
    const overRest = await (await c.as('aisyah')).rest('GET', '/api/measure-alerts');
    expect(overRest.status).toBe(200);
    expect((overRest.body as { id: string }[]).map((alert) => alert.id)).toEqual([escalated, older, newer]);
    expect((await (await c.as('receptionist')).rest('GET', '/api/measure-alerts')).status).toBe(403);
  });

  it('acknowledges once, with the note on the alert and not in the audit log; a second acknowledgement changes nothing and says who did', async () => {
    const c = await clinic();
    const alertId = await raiseAlert(t.services.db, c.plan, new Date());
    const aisyah = await c.as('aisyah');
    const first = await aisyah.rest('POST', `/api/measure-alerts/${alertId}/acknowledge`, { note: `  ${NOTE}  ` });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ acknowledgedNow: true, acknowledgedAt: expect.any(String), acknowledgedBy: c.members.aisyah.username });
    expect(await c.row(alertId)).toMatchObject({ acknowledged_by: c.members.aisyah.accountId, note: NOTE });

    const second = await (await c.as('owner')).caller.admin.measureAlerts.acknowledge({ alertId, note: 'Me too' });
    expect(second).toEqual({ acknowledgedNow: false, acknowledgedAt: new Date((first.body as { acknowledgedAt: string }).acknowledgedAt), acknowledgedBy: c.members.aisyah.username });
    expect(await c.row(alertId)).toMatchObject({ acknowledged_by: c.members.aisyah.accountId, note: NOTE });

    const entries = await c.audit();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'clinic', account_id: c.members.aisyah.accountId, subject_id: c.appointmentId, detail: null });
    expect(JSON.stringify(entries)).not.toContain('safe tonight');
    expect(await aisyah.caller.admin.measureAlerts.open()).toEqual([]);
  });

  it('lets one of six members acknowledging at once do it; the others are told who did', async () => {
    const c = await clinic();
    const alertId = await raiseAlert(t.services.db, c.plan, new Date());
    const callers = await Promise.all((['owner', 'admin', 'aisyah', 'owner', 'admin', 'aisyah'] as const).map((who) => c.as(who)));
    const answers = await Promise.all(callers.map((member, i) => member.caller.admin.measureAlerts.acknowledge({ alertId, note: `note ${i}` })));
    expect(answers.filter((answer) => answer.acknowledgedNow)).toHaveLength(1);
    const row = await c.row(alertId);
    const winner = answers.findIndex((answer) => answer.acknowledgedNow);
    expect(row.note).toBe(`note ${winner}`);
    expect(new Set(answers.map((answer) => `${answer.acknowledgedBy} ${answer.acknowledgedAt.toISOString()}`)).size).toBe(1);
    expect(await c.audit()).toHaveLength(1);
  });

  it('refuses a colleague’s alert, an unknown one and a note over 500 characters, readably in English and Malay', async () => {
    const c = await clinic();
    const alertId = await raiseAlert(t.services.db, c.plan, new Date());
    const daniel = await c.as('daniel');
    expect(await daniel.rest('POST', `/api/measure-alerts/${alertId}/acknowledge`, {})).toEqual({ status: 404, body: expect.objectContaining({ error: 'Alert not found' }) });
    const owner = await c.as('owner');
    expect((await owner.rest('POST', '/api/measure-alerts/00000000-0000-4000-8000-000000000000/acknowledge', {})).status).toBe(404);
    expect(await owner.rest('POST', '/api/measure-alerts/not-an-id/acknowledge', {})).toMatchObject({ status: 400, body: { fields: { alertId: ['must be an alert id (UUID)'] } } });
    expect(await owner.rest('POST', `/api/measure-alerts/${alertId}/acknowledge`, { note: 'x'.repeat(501) })).toMatchObject({ status: 400, body: { fields: { note: [expect.stringContaining('500')] } } });
    const inMalay = await t.app.inject({
      method: 'POST',
      url: `/api/measure-alerts/${alertId}/acknowledge`,
      headers: { cookie: owner.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'accept-language': 'ms' },
      payload: { note: 'x'.repeat(501) },
    });
    expect(inMalay.statusCode).toBe(400);
    expect(inMalay.json()).toMatchObject({ fields: { note: [expect.stringMatching(/500 aksara/)] } });
    expect((await owner.rest('POST', `/api/measure-alerts/${alertId}/acknowledge`, { note: 'x'.repeat(500) })).status).toBe(200);
    expect(await c.row(alertId)).toMatchObject({ acknowledged_by: c.owner.userId });
  });
});
