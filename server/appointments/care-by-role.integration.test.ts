import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertMember, insertOperator, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Role } from '../../domain/roles';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The crisis flag, whether results were shared and a visitor's cancel reason are health data
 * (issue 24, docs/decisions/0054): the psychologist (of their own bookings), admins and the owner
 * see them; a receptionist's answers carry none, nor an order that tells them.
 */
describe.each(TEST_DIALECTS)('what each role sees of a booking’s health data on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A clinic with a booking at 09:00, and one at 11:00 whose visitor answered the crisis item and shared results. */
  async function clinic() {
    const db = t.services.db;
    const owner = await insertOperator(db);
    const psychologistId = await insertPsychologist(db, owner.userId);
    const plain = await bookSlot(db, { userId: owner.userId, psychologistId, slotId: await insertSlot(db, psychologistId, new Date('2030-10-01T09:00:00Z')) });
    const flagged = await bookSlot(db, { userId: owner.userId, psychologistId, slotId: await insertSlot(db, psychologistId, new Date('2030-10-01T11:00:00Z')) });
    await db.updateTable('appointments').set({ contact_promptly: 1, shared_results: '{"testType":"DASS-21"}', status: 'confirmed' }).where('id', '=', flagged).execute();
    await db.updateTable('appointments').set({ status: 'confirmed' }).where('id', '=', plain).execute();
    const memberOf = async (role: Role) => {
      if (role === 'owner') return owner.userId;
      return (await insertMember(db, { clinicId: owner.userId, role, psychologistId: role === 'psychologist' ? psychologistId : null })).accountId;
    };
    const as = async (role: Role) => signedInAs(t, { userId: await memberOf(role) });
    return { plain, flagged, as, psychologistId, owner };
  }

  it('answers a receptionist without the flag or the shared mark, on both transports, in the order of the sessions', async () => {
    const { plain, flagged, as } = await clinic();
    const receptionist = await as('receptionist');
    const overTrpc = await receptionist.caller.admin.appointments.list({});
    const overRest = await receptionist.rest('GET', '/api/appointments');
    expect(overRest.status).toBe(200);
    for (const answer of [overTrpc, overRest.body]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain('contactPromptly');
      expect(text).not.toContain('resultsShared');
    }
    // Flagged ones first would tell the flag all the same.
    expect(overTrpc.map((appointment) => appointment.id)).toEqual([plain, flagged]);
    const cancelled = await receptionist.caller.admin.appointments.cancel({ appointmentId: flagged });
    expect(Object.keys(cancelled)).not.toContain('contactPromptly');
    expect(Object.keys(cancelled)).not.toContain('resultsShared');
  });

  it.each(['owner', 'admin', 'psychologist'] as const)('shows the %s the flag and the shared mark, flagged bookings first', async (role) => {
    const { plain, flagged, as } = await clinic();
    const member = await as(role);
    const listed = await member.caller.admin.appointments.list({});
    expect(listed.map((appointment) => [appointment.id, appointment.contactPromptly, appointment.resultsShared])).toEqual([
      [flagged, true, true],
      [plain, false, false],
    ]);
    const overRest = await member.rest('GET', '/api/appointments');
    expect((overRest.body as { contactPromptly: boolean }[]).map((appointment) => appointment.contactPromptly)).toEqual([true, false]);
  });

  it('shows a visitor’s cancel reason to the owner, an admin and that booking’s psychologist only', async () => {
    const { flagged, as, owner } = await clinic();
    const db = t.services.db;
    const reason = 'I feel too anxious to come this week';
    await db.updateTable('appointments').set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: reason }).where('id', '=', flagged).execute();
    // Another psychologist's visitor cancelled too, with their own words.
    const otherPsychologist = await insertPsychologist(db, owner.userId, { name: 'Dr. Other' });
    const other = await bookSlot(db, { userId: owner.userId, psychologistId: otherPsychologist, slotId: await insertSlot(db, otherPsychologist, new Date('2030-10-02T09:00:00Z')) });
    await db.updateTable('appointments').set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Another visitor’s words' }).where('id', '=', other).execute();

    const reasonsSeenBy = async (role: Role) => {
      const member = await as(role);
      const overRest = await member.rest('GET', '/api/appointments');
      expect(overRest.status).toBe(200);
      const overTrpc = await member.caller.admin.appointments.list({});
      expect(JSON.stringify(overRest.body)).toBe(JSON.stringify(overTrpc));
      const cancelled = overTrpc.filter((appointment) => appointment.status === 'cancelled');
      return { text: JSON.stringify(overRest.body), reasons: Object.fromEntries(cancelled.map((appointment) => [appointment.id, appointment.cancelReason])) };
    };
    for (const role of ['owner', 'admin'] as const) expect((await reasonsSeenBy(role)).reasons, role).toEqual({ [flagged]: reason, [other]: 'Another visitor’s words' });
    expect((await reasonsSeenBy('psychologist')).reasons).toEqual({ [flagged]: reason });
    const receptionist = await reasonsSeenBy('receptionist');
    expect(Object.keys(receptionist.reasons).sort()).toEqual([flagged, other].sort());
    expect(receptionist.text).not.toContain('cancelReason');
    expect(receptionist.text).not.toContain('anxious');
  });
});
