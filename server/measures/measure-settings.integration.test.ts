import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertOperator } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The clinic's repeat-measure settings (issue 30): the owner's and admins', checked, audited. */
describe.each(TEST_DIALECTS)('repeat-measure settings on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('starts at 2 and 4 days with the trend hidden; an admin changes them, audited; a receptionist cannot', async () => {
    const owner = await insertOperator(t.services.db);
    const admin = await signedInAs(t, { userId: (await insertMember(t.services.db, { clinicId: owner.userId, role: 'admin', psychologistId: null })).accountId });
    expect(await admin.rest('GET', '/api/measure-settings')).toEqual({ status: 200, body: { reminderDays: 2, expiryDays: 4, trendVisible: false } });
    const saved = await admin.rest('PUT', '/api/measure-settings', { reminderDays: 3, expiryDays: 7, trendVisible: true });
    expect(saved).toEqual({ status: 200, body: { reminderDays: 3, expiryDays: 7, trendVisible: true } });
    const audit = await t.services.db.selectFrom('audit_log').select(['action', 'detail']).where('user_id', '=', owner.userId).execute();
    expect(audit).toEqual([{ action: 'measures.settings-changed', detail: 'reminder 3d, expiry 7d, trend shown' }]);

    const receptionist = await signedInAs(t, { userId: (await insertMember(t.services.db, { clinicId: owner.userId, role: 'receptionist', psychologistId: null })).accountId });
    expect((await receptionist.rest('PUT', '/api/measure-settings', { reminderDays: 1, expiryDays: 2, trendVisible: false })).status).toBe(403);
    expect((await admin.rest('GET', '/api/measure-settings')).body).toEqual({ reminderDays: 3, expiryDays: 7, trendVisible: true });
  });

  it('refuses a reminder that would come after the expiry, and days out of range, readably', async () => {
    const owner = await signedInAs(t, await insertOperator(t.services.db));
    expect(await owner.rest('PUT', '/api/measure-settings', { reminderDays: 4, expiryDays: 4, trendVisible: false })).toEqual({
      status: 400,
      body: { error: 'Please check the highlighted fields.', fields: { reminderDays: ['must be fewer days than the expiry, or the reminder would come after the questionnaire ended'] } },
    });
    const outOfRange = await owner.rest('PUT', '/api/measure-settings', { reminderDays: 0, expiryDays: 40, trendVisible: 'yes' });
    expect(outOfRange.status).toBe(400);
    expect(Object.keys((outOfRange.body as { fields: object }).fields).sort()).toEqual(['expiryDays', 'reminderDays', 'trendVisible']);
    expect((await owner.rest('GET', '/api/measure-settings')).body).toEqual({ reminderDays: 2, expiryDays: 4, trendVisible: false });
  });
});
