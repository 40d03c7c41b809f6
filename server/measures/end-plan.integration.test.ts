import { addDays } from 'date-fns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertMember, insertPsychologist, insertSlot, outboxEmailsTo } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { measureQuestionIds } from '../../domain/measures';
import { manageTokenOf } from '../appointments/manage-token';
import { signedInAs } from '../testing/signed-in-operator';
import { hoursFromNow } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { remindOfMeasures, sendDueMeasures } from './send-measures';
import { enrolledClient } from './testing/enrolled-client';

const answersAt = (score: number) => Object.fromEntries(measureQuestionIds('phq9Gad7').map((id) => [String(id), score]));

/**
 * The clinic ending a client's repeat measures (issue 30, docs/decisions/0067): nothing more is
 * sent or reminded of and a waiting link closes, what was collected stays (unlike the client's
 * withdrawal, which erases it), once with a second call answering the same, audited, and only
 * for the appointment's psychologist, the owner and admins.
 */
describe.each(TEST_DIALECTS)('ending a client’s repeat measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.services.now = () => new Date();
  });
  const at = (moment: Date) => {
    t.services.now = () => moment;
  };
  const publicCall = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { origin: t.services.env.publicUrl } });

  /**
   * A client enrolled every 2 weeks 33 days ago, the first fortnight's measure answered and the
   * second's sent 5 days ago and waiting (it expired a day ago). Members sign in (`member`,
   * `owner`) at the moment the clock is set to, as their sessions lapse after 2 idle hours.
   */
  async function measuredClient() {
    const db = t.services.db;
    const { screener, request, appointmentId, enrolledAt } = await enrolledClient(t, 'every_2_weeks', { enrolledAt: addDays(new Date(), -33) });
    /** Sends the fortnight's measure and answers its link's token. */
    const send = async (fortnight: number) => {
      at(addDays(enrolledAt, 14 * fortnight));
      expect(await sendDueMeasures(t.services)).toBe(1);
      return /\/measure\/([\w-]+)/.exec((await outboxEmailsTo(db, request.clientEmail)).filter((mail) => mail.kind === 'measure').at(-1)!.text)![1]!;
    };
    expect((await publicCall('POST', `/api/public/measures/${await send(1)}/answers`, { answers: answersAt(1) })).statusCode).toBe(200);
    const waitingToken = await send(2);
    const member = async (role: 'admin' | 'receptionist' | 'psychologist', psychologistId: string | null = null) =>
      signedInAs(t, { userId: (await insertMember(db, { clinicId: screener.userId, role, psychologistId })).accountId });
    const signedInOwner = () => signedInAs(t, screener);
    const measures = () => db.selectFrom('measures').select(['answered_at', 'reminded_at']).where('user_id', '=', screener.userId).orderBy('sent_at').execute();
    const audit = () => db.selectFrom('audit_log').select(['action', 'account_id']).where('user_id', '=', screener.userId).where('action', '=', 'measures.ended').execute();
    return { screener, appointmentId, enrolledAt, owner: signedInOwner, waitingToken, member, measures, audit, clientEmail: request.clientEmail };
  }

  it('the psychologist ends it: nothing more is sent or reminded of, the waiting link closes, what was answered stays; once, audited', async () => {
    const { screener, appointmentId, enrolledAt, waitingToken, member, measures, audit } = await measuredClient();
    at(addDays(enrolledAt, 30));
    const psychologist = await member('psychologist', screener.psychologistId);
    const [first, second] = await Promise.all([
      psychologist.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`),
      psychologist.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const endedAt = addDays(enrolledAt, 30).toISOString();
    expect([first.body, second.body]).toEqual(expect.arrayContaining([{ endedAt, endedNow: true }, { endedAt, endedNow: false }]));
    expect(await audit()).toEqual([{ action: 'measures.ended', account_id: psychologist.userId }]);

    // No measure for the next fortnights, no reminder of the waiting one, which can no longer be answered.
    at(addDays(enrolledAt, 60));
    expect(await sendDueMeasures(t.services)).toBe(0);
    // Two days after sending, before the expiry: the reminder's moment, and the link not yet expired.
    at(addDays(enrolledAt, 31));
    expect(await remindOfMeasures(t.services)).toBe(0);
    const closed = await publicCall('GET', `/api/public/measures/${waitingToken}`);
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('Your clinic has ended these questionnaires');
    expect((await publicCall('POST', `/api/public/measures/${waitingToken}/answers`, { answers: answersAt(0) })).statusCode).toBe(410);

    // Kept: the answered measure in the record, the waiting one neither answered nor missed after its expiry.
    const [answered, waiting, ...none] = await measures();
    expect(none).toEqual([]);
    expect(answered!.answered_at).not.toBeNull();
    expect(waiting).toEqual({ answered_at: null, reminded_at: null });
    at(new Date());
    const record = await (await member('psychologist', screener.psychologistId)).caller.admin.measures.record({ appointmentId });
    expect(record.plans).toEqual([expect.objectContaining({ withdrawnAt: null, endedAt: new Date(endedAt) })]);
    expect(record.answered).toHaveLength(1);
    expect(record.missed).toEqual([]);
  });

  it('leaves the client’s rights as they were: their withdrawal still erases what was kept; the clinic may enrol them again', async () => {
    const { appointmentId, owner: signIn, waitingToken, measures } = await measuredClient();
    at(new Date());
    const owner = await signIn();
    expect((await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`)).status).toBe(200);
    const data = await publicCall('GET', `/api/public/appointments/manage/${manageTokenOf(t.services.env, appointmentId)}/data`);
    expect(data.json<{ measurePlans: { endedAt: string | null }[] }>().measurePlans).toEqual([expect.objectContaining({ endedAt: expect.any(String), withdrawnAt: null })]);

    const withdrawn = await publicCall('POST', `/api/public/measures/${waitingToken}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ withdrawnAt: expect.any(String) });
    expect(await measures()).toEqual([]);
    // Withdrawn: nothing to end any more.
    expect((await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`)).status).toBe(409);

    expect((await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan`, { instruments: 'dass21', schedule: 'once', clientConsented: true })).status).toBe(201);
    expect((await owner.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`)).body).toMatchObject({ endedNow: true });
  });

  it('is the psychologist’s, the owner’s and admins’: a receptionist gets 403, a colleague 404, a client never enrolled 409', async () => {
    const db = t.services.db;
    const { screener, appointmentId, member, audit } = await measuredClient();
    at(new Date());
    const receptionist = await member('receptionist');
    expect((await receptionist.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`)).status).toBe(403);
    const colleague = await member('psychologist', await insertPsychologist(db, screener.userId, { name: 'Dr. Other' }));
    expect((await colleague.rest('POST', `/api/appointments/${appointmentId}/measure-plan/end`)).status).toBe(404);
    expect(await audit()).toEqual([]);

    const admin = await member('admin');
    const ended = await admin.caller.admin.measures.endPlan({ appointmentId });
    expect(ended.endedNow).toBe(true);
    const never = await bookSlot(db, { userId: screener.userId, psychologistId: screener.psychologistId, slotId: await insertSlot(db, screener.psychologistId, hoursFromNow(96)) });
    const refused = await admin.rest('POST', `/api/appointments/${never}/measure-plan/end`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('This client has no repeat measures to end from this appointment.');
  });
});
