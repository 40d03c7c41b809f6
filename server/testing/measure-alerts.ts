import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { bookSlot, insertMember, insertOperator, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import type { Database } from '../../db/schema';

/** What a client answered that the alerts' texts must never carry (tests assert its absence). */
export const CLIENT_NAME = 'Siti Nurhaliza binti Kassim';
export const PHQ9_TOTAL = 23;

/**
 * A clinic for the alert tests (tests only): its owner, an admin, a receptionist, two
 * psychologists each with a member account (Aisyah, whose client is measured, and Daniel), a
 * client of Aisyah's enrolled in measures, and a crisis contact whose WhatsApp is a mobile.
 */
export async function alertClinic(db: Kysely<Database>) {
  const owner = await insertOperator(db, { companyName: 'Klinik Amaran' });
  const aisyah = await insertPsychologist(db, owner.userId, { name: 'Aisyah' });
  const daniel = await insertPsychologist(db, owner.userId, { name: 'Daniel' });
  const members = {
    admin: await insertMember(db, { clinicId: owner.userId, role: 'admin' }),
    receptionist: await insertMember(db, { clinicId: owner.userId, role: 'receptionist' }),
    aisyah: await insertMember(db, { clinicId: owner.userId, role: 'psychologist', psychologistId: aisyah }),
    daniel: await insertMember(db, { clinicId: owner.userId, role: 'psychologist', psychologistId: daniel }),
  };
  await db
    .updateTable('screener_configurations')
    .set({ crisis_contact_name: 'Klinik Amaran', crisis_contact_phone: null, crisis_contact_whatsapp: '019-222 3344' })
    .where('user_id', '=', owner.userId)
    .execute();
  await db.updateTable('users').set({ whatsapp_enabled: true }).where('id', '=', owner.userId).execute();
  const appointmentId = await bookSlot(db, { userId: owner.userId, psychologistId: aisyah, slotId: await insertSlot(db, aisyah, new Date(Date.now() - 7 * 86_400_000)) });
  await db.updateTable('appointments').set({ status: 'completed', client_name: CLIENT_NAME }).where('id', '=', appointmentId).execute();
  const planId = await insertMeasurePlan(db, { clinicId: owner.userId, psychologistId: aisyah, appointmentId });
  return { owner, aisyah, daniel, members, appointmentId, plan: { clinicId: owner.userId, psychologistId: aisyah, planId } };
}

export type AlertClinic = Awaited<ReturnType<typeof alertClinic>>;

/** An open plan of the appointment's client (its consent taken as given); answers its id. */
export async function insertMeasurePlan(db: Kysely<Database>, of: { clinicId: string; psychologistId: string; appointmentId: string }): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await db
    .insertInto('measure_plans')
    .values({
      id,
      user_id: of.clinicId,
      psychologist_id: of.psychologistId,
      appointment_id: of.appointmentId,
      open_appointment_id: of.appointmentId,
      instruments: 'phq9Gad7',
      schedule: 'every_2_weeks',
      consent_version: 'a'.repeat(64),
      enrolled_at: now,
      enrolled_by: of.clinicId,
      withdrawn_at: null,
      // As enrolment leaves a fixed schedule's plan: the sending job looks at it at once.
      next_due_at: now,
    })
    .execute();
  return id;
}

/** An answered measure of the plan and its alert, raised at `raisedAt`, as answering leaves them; answers the alert's id. */
export async function raiseAlert(db: Kysely<Database>, plan: { clinicId: string; psychologistId: string; planId: string }, raisedAt: Date, reason = 'risk'): Promise<string> {
  const measureId = randomUUID();
  await db
    .insertInto('measures')
    .values({
      id: measureId,
      user_id: plan.clinicId,
      plan_id: plan.planId,
      psychologist_id: plan.psychologistId,
      occasion: `fortnight:${measureId}`,
      session_appointment_id: null,
      instruments: 'phq9Gad7',
      language: 'en',
      token_hash: createHash('sha256').update(measureId).digest('hex'),
      due_at: raisedAt,
      sent_at: raisedAt,
      expires_at: new Date(raisedAt.getTime() + 4 * 86_400_000),
      answered_at: raisedAt,
      answers: JSON.stringify({ 9: 3 }),
      scores: JSON.stringify({ phq9: { score: PHQ9_TOTAL, level: 'severe' } }),
    })
    .execute();
  const id = randomUUID();
  await db
    .insertInto('measure_alerts')
    .values({ id, user_id: plan.clinicId, plan_id: plan.planId, measure_id: measureId, psychologist_id: plan.psychologistId, reason, raised_at: raisedAt })
    .execute();
  return id;
}
