import { bookSlot, insertMember, insertOperator, insertPsychologist, insertSlot } from '../../../db/testing/fixtures';
import type { Role } from '../../../domain/roles';
import { type OperatorCalls, signedInAs } from '../../testing/signed-in-operator';
import type { TestApp } from '../../testing/test-app';

/**
 * A clinic for the read side of repeat measures (issue 30): the owner, two psychologists, a
 * confirmed appointment of each, and a member of any role signed in. The psychologist signed in
 * as 'psychologist' is Dr. Aminah, whose appointment is `appointmentId`.
 */
export async function measuredClinic(t: TestApp) {
  const db = t.services.db;
  const owner = await insertOperator(db);
  const psychologistId = await insertPsychologist(db, owner.userId, { name: 'Dr. Aminah' });
  const colleagueId = await insertPsychologist(db, owner.userId, { name: 'Dr. Other' });
  let hour = 0;
  /** A confirmed booking of the psychologist's, each an hour after the last. */
  const book = async (psychologist: string) => {
    const start = new Date(Date.UTC(2030, 9, 1, 9 + hour++));
    const appointmentId = await bookSlot(db, { userId: owner.userId, psychologistId: psychologist, slotId: await insertSlot(db, psychologist, start) });
    await db.updateTable('appointments').set({ status: 'confirmed' }).where('id', '=', appointmentId).execute();
    return appointmentId;
  };
  const appointmentId = await book(psychologistId);
  const colleaguesAppointmentId = await book(colleagueId);
  const as = async (role: Role | 'colleague'): Promise<OperatorCalls> => {
    if (role === 'owner') return signedInAs(t, owner);
    const psychologist = role === 'psychologist' ? psychologistId : role === 'colleague' ? colleagueId : null;
    const member = await insertMember(db, { clinicId: owner.userId, role: role === 'colleague' ? 'psychologist' : role, psychologistId: psychologist });
    return signedInAs(t, { userId: member.accountId });
  };
  const audit = () => db.selectFrom('audit_log').select(['action', 'actor', 'subject_id']).where('user_id', '=', owner.userId).execute();
  return { userId: owner.userId, psychologistId, colleagueId, appointmentId, colleaguesAppointmentId, book, as, audit };
}
