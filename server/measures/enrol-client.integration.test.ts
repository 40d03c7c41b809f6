import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentsOf } from '../../db/repositories/consents';
import { bookSlot, insertMember, insertOperator, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Role } from '../../domain/roles';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { measuresConsentText } from './enrol-client';

/**
 * Enrolling an appointment's client in repeat measures (issue 30, docs/decisions/0067): the
 * consent with its exact text in the client's language, one open plan, the audit entry, and who
 * may do it: the appointment's psychologist, admins and the owner; never a receptionist.
 */
describe.each(TEST_DIALECTS)('enrolling a client in repeat measures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const enrolment = { instruments: 'phq9Gad7', schedule: 'every_other_session', clientConsented: true } as const;
  const path = (appointmentId: string) => `/api/appointments/${appointmentId}/measure-plan`;

  /** A clinic with a confirmed session of Dr. Aminah's (its client reads Malay), and a colleague's. */
  async function clinic() {
    const db = t.services.db;
    const owner = await insertOperator(db);
    const psychologistId = await insertPsychologist(db, owner.userId, { name: 'Dr. Aminah' });
    const colleagueId = await insertPsychologist(db, owner.userId, { name: 'Dr. Other' });
    let hour = 0;
    /** A booking of the psychologist's, each an hour after the last. */
    const book = async (psychologist: string, status: string) => {
      const start = new Date(Date.UTC(2030, 9, 1, 9 + hour++));
      const appointmentId = await bookSlot(db, { userId: owner.userId, psychologistId: psychologist, slotId: await insertSlot(db, psychologist, start) });
      await db.updateTable('appointments').set({ status }).where('id', '=', appointmentId).execute();
      return appointmentId;
    };
    const appointmentId = await book(psychologistId, 'confirmed');
    const colleaguesAppointmentId = await book(colleagueId, 'confirmed');
    const as = async (role: Role) => {
      if (role === 'owner') return signedInAs(t, owner);
      const member = await insertMember(db, { clinicId: owner.userId, role, psychologistId: role === 'psychologist' ? psychologistId : null });
      return signedInAs(t, { userId: member.accountId });
    };
    const plans = () => db.selectFrom('measure_plans').select(['appointment_id', 'instruments', 'schedule', 'enrolled_by', 'withdrawn_at']).where('user_id', '=', owner.userId).execute();
    const audit = () => db.selectFrom('audit_log').select(['action', 'subject_id', 'account_id']).where('user_id', '=', owner.userId).execute();
    return { owner, appointmentId, colleaguesAppointmentId, book, psychologistId, as, plans, audit };
  }

  it('records the consent word for word in the client’s language, opens the plan and audits it', async () => {
    const { appointmentId, as, plans, audit, owner } = await clinic();
    const psychologist = await as('psychologist');
    const answer = await psychologist.rest('POST', path(appointmentId), enrolment);
    expect(answer.status).toBe(201);

    const { retentionDays } = await t.services.db.selectFrom('users').select('visitor_data_retention_days as retentionDays').where('id', '=', owner.userId).executeTakeFirstOrThrow();
    const text = measuresConsentText('ms', { instruments: 'phq9Gad7', schedule: 'every_other_session', psychologist: 'Dr. Aminah', retentionDays: Number(retentionDays) });
    expect(text).toContain('PHQ-9 dan GAD-7');
    expect(text).toContain(`${retentionDays} hari`);
    const [consent] = (await consentsOf(t.services.db, appointmentId)).filter((given) => given.kind === 'measures');
    expect(consent).toMatchObject({ language: 'ms', text });
    expect(answer.body).toMatchObject({ appointmentId, instruments: 'phq9Gad7', schedule: 'every_other_session', consent: { version: consent!.version, language: 'ms', text } });
    // The words shown to the client beforehand are the words recorded.
    const preview = await psychologist.rest('GET', `${path(appointmentId)}/consent?instruments=phq9Gad7&schedule=every_other_session`);
    expect(preview).toEqual({ status: 200, body: { language: 'ms', text } });

    const psychologistAccount = (await audit())[0]?.account_id;
    expect(await plans()).toEqual([{ appointment_id: appointmentId, instruments: 'phq9Gad7', schedule: 'every_other_session', enrolled_by: psychologistAccount, withdrawn_at: null }]);
    expect(await audit()).toEqual([{ action: 'measures.enrolled', subject_id: appointmentId, account_id: psychologistAccount }]);
    expect(psychologistAccount).not.toBe(owner.userId);
  });

  it('opens one plan per appointment, also when two enrol at the same moment', async () => {
    const { appointmentId, as, plans } = await clinic();
    const admin = await as('admin');
    const outcomes = await Promise.allSettled([admin.caller.admin.measures.enrol({ appointmentId, ...enrolment }), admin.caller.admin.measures.enrol({ appointmentId, ...enrolment })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await plans()).toHaveLength(1);

    const again = await admin.rest('POST', path(appointmentId), { ...enrolment, schedule: 'once' });
    expect(again).toEqual({ status: 409, body: { error: 'This client is already enrolled in repeat measures from this appointment.' } });
    expect(await plans()).toHaveLength(1);
  });

  it.each(['owner', 'admin'] as const)('lets the %s enrol the client of any psychologist', async (role) => {
    const { colleaguesAppointmentId, as, plans } = await clinic();
    const member = await as(role);
    expect((await member.rest('POST', path(colleaguesAppointmentId), enrolment)).status).toBe(201);
    expect((await plans()).map((plan) => plan.appointment_id)).toEqual([colleaguesAppointmentId]);
  });

  it('refuses a receptionist, and a psychologist another psychologist’s client, writing nothing', async () => {
    const { appointmentId, colleaguesAppointmentId, as, plans, audit } = await clinic();
    const receptionist = await as('receptionist');
    expect((await receptionist.rest('POST', path(appointmentId), enrolment)).status).toBe(403);
    await expect(receptionist.caller.admin.measures.enrol({ appointmentId, ...enrolment })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const psychologist = await as('psychologist');
    expect(await psychologist.rest('POST', path(colleaguesAppointmentId), enrolment)).toEqual({ status: 404, body: { error: 'Appointment not found' } });
    expect((await receptionist.rest('GET', `${path(appointmentId)}/consent?instruments=dass21&schedule=once`)).status).toBe(403);
    expect((await psychologist.rest('GET', `${path(colleaguesAppointmentId)}/consent?instruments=dass21&schedule=once`)).status).toBe(404);
    expect(await plans()).toEqual([]);
    expect(await audit()).toEqual([]);
    expect((await consentsOf(t.services.db, appointmentId)).filter((given) => given.kind === 'measures')).toEqual([]);
  });

  it('enrols only a client in care, whose data is kept', async () => {
    const { book, psychologistId, as, plans } = await clinic();
    const admin = await as('admin');
    const requested = await book(psychologistId, 'requested');
    expect(await admin.rest('POST', path(requested), enrolment)).toEqual({
      status: 409,
      body: { error: 'Only a client whose appointment is confirmed or completed can be enrolled in repeat measures. This appointment is “Requested”.' },
    });
    const completed = await book(psychologistId, 'completed');
    await t.services.db.updateTable('appointments').set({ client_name: '', client_email: '', client_phone: '', personal_data_erased_at: new Date() }).where('id', '=', completed).execute();
    expect(await admin.rest('POST', path(completed), enrolment)).toEqual({
      status: 409,
      body: { error: 'This client’s personal data has been erased, so they cannot be enrolled in repeat measures.' },
    });
    expect(await plans()).toEqual([]);
  });

  it('answers a wrong enrolment with each field’s problem, readable in the caller’s language', async () => {
    const { appointmentId, as, plans } = await clinic();
    const admin = await as('admin');
    const wrong = await admin.rest('POST', path(appointmentId), { instruments: 'PHQ-9', schedule: 'weekly', clientConsented: false });
    expect(wrong).toEqual({
      status: 400,
      body: {
        error: 'Please check the highlighted fields.',
        fields: {
          instruments: ['must be one of phq9Gad7, dass21'],
          schedule: ['must be one of every_session, every_other_session, every_2_weeks, once'],
          clientConsented: ['must be true: enrol a client only once they have agreed to the consent text, shown to them in their language'],
        },
      },
    });
    const inMalay = await t.app.inject({
      method: 'POST',
      url: path(appointmentId),
      headers: { cookie: admin.cookie, origin: t.services.env.publicUrl, 'sec-fetch-site': 'same-origin', 'accept-language': 'ms' },
      payload: { ...enrolment, clientConsented: undefined },
    });
    expect(inMalay.statusCode).toBe(400);
    expect(inMalay.json()).toMatchObject({ fields: { clientConsented: [expect.stringContaining('mestilah true')] } });
    expect(await plans()).toEqual([]);
  });
});
