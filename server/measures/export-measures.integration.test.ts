import type { Bundle, Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure, insertPlan } from '../../db/testing/measure-rows';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { fhirBundleValidator } from '../../domain/testing/fhir-schema';
import { manageTokenOf } from '../appointments/manage-token';
import { hashSecretToken } from '../auth/secret-tokens';
import { startTestApp, type TestApp } from '../testing/test-app';
import { measuredClinic } from './testing/measured-clinic';

const NOW = new Date('2030-11-20T03:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

/**
 * The client's repeat measures as a FHIR R4 Bundle (issue 30): for the appointment's
 * psychologist, the owner and admins, and for the client from their link; valid by HL7's FHIR R4
 * JSON Schema, coded with LOINC's PHQ-9 and GAD-7 panels and total scores; every export audited.
 */
describe.each(TEST_DIALECTS)('the FHIR export of repeat measures on %s', (dialect) => {
  let t: TestApp;
  let validateFhir: ValidateFunction;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => NOW;
    validateFhir = fhirBundleValidator();
  });
  afterAll(() => t.close());

  /** Dr. Aminah's client answered two PHQ-9 with GAD-7 measures and left one unanswered; their link works. */
  async function measuredClient() {
    const clinic = await measuredClinic(t);
    const db = t.services.db;
    const token = manageTokenOf(t.services.env, clinic.appointmentId);
    await db.updateTable('appointments').set({ manage_token_hash: hashSecretToken(token) }).where('id', '=', clinic.appointmentId).execute();
    const plan = { ...(await insertPlan(db, { userId: clinic.userId, appointmentId: clinic.appointmentId, psychologistId: clinic.psychologistId, instruments: 'phq9Gad7', enrolledAt: daysAgo(30) })), userId: clinic.userId };
    const latest = await insertMeasure(db, plan, { sentAt: daysAgo(6), answered: { at: daysAgo(5), scores: { phq9: 9, gad7: 4 } } });
    const first = await insertMeasure(db, plan, { sentAt: daysAgo(20), answered: { at: daysAgo(19), scores: { phq9: 16, gad7: 11 } } });
    await insertMeasure(db, plan, { sentAt: daysAgo(1) });
    return { ...clinic, token, first, latest };
  }

  /** The bundle a GET answers, checked as a FHIR file: its media type, its name, HL7's schema. */
  function fhirFile(answer: { statusCode: number; headers: Record<string, unknown>; body: string }): Bundle {
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="measures.fhir.json"');
    const bundle = JSON.parse(answer.body) as Bundle;
    expect(validateFhir(bundle), JSON.stringify(validateFhir.errors?.slice(0, 5))).toBe(true);
    return bundle;
  }

  const totals = (bundle: Bundle) =>
    bundle.entry!.flatMap(({ resource }) => (resource!.resourceType === 'Observation' ? [[(resource as Observation).code.coding![0]!.code, (resource as Observation).valueInteger]] : []));

  it('gives the psychologist a valid bundle of the answered measures, oldest first, with LOINC’s codes and the totals, and audits it', async () => {
    const { appointmentId, as, audit, first, latest } = await measuredClient();
    const psychologist = await as('psychologist');
    const answer = await t.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}/measures.fhir`, headers: { cookie: psychologist.cookie } });
    const bundle = fhirFile(answer);

    const responses = bundle.entry!.flatMap(({ resource }) => (resource!.resourceType === 'QuestionnaireResponse' ? [resource as QuestionnaireResponse] : []));
    expect(responses.map((response) => [response.id, response.questionnaire])).toEqual([
      [`${first}-phq9`, 'http://loinc.org/q/44249-1'],
      [`${first}-gad7`, 'http://loinc.org/q/69737-5'],
      [`${latest}-phq9`, 'http://loinc.org/q/44249-1'],
      [`${latest}-gad7`, 'http://loinc.org/q/69737-5'],
    ]);
    // 44261-6 is the PHQ-9 total score, 70274-6 the GAD-7's; the unanswered measure is not there.
    expect(totals(bundle)).toEqual([
      ['44261-6', 16],
      ['70274-6', 11],
      ['44261-6', 9],
      ['70274-6', 4],
    ]);
    expect(responses[0]!.item![0]).toEqual({ linkId: '44250-9', answer: [{ valueCoding: { system: 'http://loinc.org', code: 'LA6571-9', display: 'Nearly every day' } }] });
    expect(await audit()).toEqual([{ action: 'measures.exported', actor: 'clinic', subject_id: appointmentId }]);
  });

  it('gives the client the same bundle from their link, audited without a name', async () => {
    const { appointmentId, token, audit } = await measuredClient();
    const answer = await t.app.inject({ method: 'GET', url: `/api/public/appointments/manage/${token}/measures.fhir` });
    const bundle = fhirFile(answer);
    expect(totals(bundle)).toEqual([
      ['44261-6', 16],
      ['70274-6', 11],
      ['44261-6', 9],
      ['70274-6', 4],
    ]);
    expect(await audit()).toEqual([{ action: 'measures.exported', actor: 'visitor', subject_id: appointmentId }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/appointments/manage/${token}x/measures.fhir` })).statusCode).toBe(404);
  });

  it.each(['owner', 'admin'] as const)('lets the %s export, and refuses a receptionist and another psychologist, recording nothing for them', async (role) => {
    const { appointmentId, as, audit } = await measuredClient();
    const receptionist = await as('receptionist');
    expect((await receptionist.rest('GET', `/api/appointments/${appointmentId}/measures.fhir`)).status).toBe(403);
    const colleague = await as('colleague');
    expect(await colleague.rest('GET', `/api/appointments/${appointmentId}/measures.fhir`)).toEqual({ status: 404, body: { error: 'Appointment not found' } });
    expect(await audit()).toEqual([]);
    const member = await as(role);
    expect(totals(fhirFile(await t.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}/measures.fhir`, headers: { cookie: member.cookie } })))).toHaveLength(4);
    expect(await audit()).toHaveLength(1);
  });
});
