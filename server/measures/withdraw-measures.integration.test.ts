import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { manageTokenOf } from '../appointments/manage-token';
import { eraseExpiredVisitorData } from '../visitor-data/erase-expired-visitor-data';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp, trpcMutation } from '../testing/test-app';

const DAY_MS = 86_400_000;

/**
 * The client's withdrawal of consent to repeat measures from their private link, and the
 * erasure of their data taking their plans with it (issue 30, docs/decisions/0067).
 */
describe.each(TEST_DIALECTS)('withdrawing from repeat measures, and erasure, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { origin: t.services.env.publicUrl } });
  const manage = (token: string, path = '') => `/api/public/appointments/manage/${token}${path}`;

  /** A confirmed booking three days ahead whose client the owner enrolled in repeat measures. */
  async function enrolledClient() {
    const db = t.services.db;
    const screener = await insertBookableScreener(db, {}, { confirmVisitorEmail: false, autoConfirmRequests: true });
    const booked = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(72)), { clientName: 'Measured Client' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const appointmentId = booked.body.appointmentId as string;
    const owner = await signedInAs(t, screener);
    const enrolled = await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan`, { instruments: 'dass21', schedule: 'every_2_weeks', clientConsented: true });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const plans = () => db.selectFrom('measure_plans').select(['open_appointment_id', 'withdrawn_at']).where('appointment_id', '=', appointmentId).execute();
    const audit = () => db.selectFrom('audit_log').select(['actor', 'action', 'subject_id', 'detail']).where('user_id', '=', screener.userId).orderBy('at').execute();
    return { screener, appointmentId, token: manageTokenOf(t.services.env, appointmentId), plans, audit };
  }

  it('ends the plan from the link, once: a second withdrawal answers the same and changes nothing; the audit names no one', async () => {
    const { appointmentId, token, plans, audit } = await enrolledClient();
    const before = (await call('GET', manage(token, '/data'))).json<{ measurePlans: unknown[]; consents: { kind: string }[] }>();
    expect(before.measurePlans).toEqual([{ instruments: 'dass21', schedule: 'every_2_weeks', consentVersion: expect.any(String), enrolledAt: expect.any(String), withdrawnAt: null, endedAt: null }]);

    const first = await call('POST', manage(token, '/withdraw-measures'));
    expect(first.statusCode, first.body).toBe(200);
    const { withdrawnAt } = first.json<{ withdrawnAt: string }>();
    expect(withdrawnAt).toEqual(expect.any(String));
    const second = await call('POST', manage(token, '/withdraw-measures'));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ withdrawnAt });

    const [plan, ...others] = await plans();
    expect(others).toEqual([]);
    expect(plan).toMatchObject({ open_appointment_id: null });
    expect(new Date(plan!.withdrawn_at!).toISOString()).toBe(withdrawnAt);
    expect(await audit()).toEqual([
      { actor: 'clinic', action: 'measures.enrolled', subject_id: appointmentId, detail: null },
      { actor: 'visitor', action: 'measures.withdrawn', subject_id: appointmentId, detail: null },
    ]);
    // What stays is the proof: the consent word for word, and the plan with when it ended.
    const after = (await call('GET', manage(token, '/data'))).json<{ measurePlans: unknown[]; consents: { kind: string }[] }>();
    expect(after.consents).toEqual(before.consents);
    expect(after.consents.map((consent) => consent.kind)).toContain('measures');
    expect(after.measurePlans).toEqual([{ ...(before.measurePlans[0] as object), withdrawnAt }]);

    // Over tRPC, the same answer.
    const overTrpc = await trpcMutation(t.app, 'public.ownAppointment.withdrawMeasures', { token }, undefined, { headers: { origin: t.services.env.publicUrl } });
    expect(overTrpc).toMatchObject({ status: 200, data: { withdrawnAt: new Date(withdrawnAt) } });
  });

  it('ends it once when two withdrawals arrive at the same moment', async () => {
    const { token, plans, audit } = await enrolledClient();
    const [first, second] = await Promise.all([call('POST', manage(token, '/withdraw-measures')), call('POST', manage(token, '/withdraw-measures'))]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toEqual(second.json());
    expect(await plans()).toHaveLength(1);
    expect((await audit()).filter((entry) => entry.action === 'measures.withdrawn')).toHaveLength(1);
  });

  it('refuses an unknown link readably, and answers null, changing nothing, for a booking never enrolled', async () => {
    const unknown = await call('POST', manage(manageTokenOf(t.services.env, 'no-such-appointment'), '/withdraw-measures'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.stringMatching(/appointment/i) });

    const db = t.services.db;
    const screener = await insertBookableScreener(db, {}, { confirmVisitorEmail: false, autoConfirmRequests: true });
    const booked = await postBooking(t, bookingRequest(screener, await insertSlot(db, screener.psychologistId, hoursFromNow(72))));
    const token = manageTokenOf(t.services.env, booked.body.appointmentId as string);
    const never = await call('POST', manage(token, '/withdraw-measures'));
    expect(never.statusCode).toBe(200);
    expect(never.json()).toEqual({ withdrawnAt: null });
    expect(await db.selectFrom('audit_log').select('action').where('user_id', '=', screener.userId).execute()).toEqual([]);
  });

  it('takes the plans with the visitor’s own erasure', async () => {
    const { token, plans } = await enrolledClient();
    expect(await plans()).toHaveLength(1);
    expect((await call('POST', manage(token, '/erase'))).statusCode).toBe(200);
    expect(await plans()).toEqual([]);
    expect((await call('POST', manage(token, '/withdraw-measures'))).statusCode).toBe(410);
  });

  it('takes the plans, open or withdrawn, with the retention job', async () => {
    const { screener, appointmentId, token, plans } = await enrolledClient();
    await t.services.db.updateTable('users').set({ visitor_data_retention_days: 30 }).where('id', '=', screener.userId).execute();
    expect((await call('POST', manage(token, '/withdraw-measures'))).statusCode).toBe(200);
    const job = (days: number) => eraseExpiredVisitorData({ db: t.services.db, now: () => new Date(Date.now() + days * DAY_MS) });
    // Inside the period after the session the plan stays; past it, it goes with the visitor's data.
    expect(await job(20)).toBe(0);
    expect(await plans()).toHaveLength(1);
    expect(await job(35)).toBe(1);
    expect(await plans()).toEqual([]);
    const erased = await t.services.db.selectFrom('appointments').select('personal_data_erased_at').where('id', '=', appointmentId).executeTakeFirstOrThrow();
    expect(erased.personal_data_erased_at).not.toBeNull();
  });
});
