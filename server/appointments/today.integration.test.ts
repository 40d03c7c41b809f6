import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertMember, insertOperator, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { Role } from '../../domain/roles';
import { dayOfSession } from '../../domain/today';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const HOUR = 3_600_000;
const KL = 'Asia/Kuala_Lumpur';

/**
 * The Today view (docs/decisions/0048): the two days' sessions, the requests waiting and the live
 * holds, each role seeing what it may: a psychologist their own profile's, a receptionist no flag.
 */
describe.each(TEST_DIALECTS)('each member’s Today on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  async function clinic() {
    const db = t.services.db;
    const owner = await insertOperator(db);
    const aisyah = await insertPsychologist(db, owner.userId, { name: 'Aisyah', timezone: KL });
    const daniel = await insertPsychologist(db, owner.userId, { name: 'Daniel', timezone: KL });
    const now = Date.now();
    // On the minute, so the two-hour steps never share a start.
    const at = (hours: number) => new Date(Math.floor((now + hours * HOUR) / 60_000) * 60_000);
    const book = async (psychologistId: string, start: Date, values: Record<string, unknown>) => {
      const id = await bookSlot(db, { userId: owner.userId, psychologistId, slotId: await insertSlot(db, psychologistId, start) });
      await db.updateTable('appointments').set(values).where('id', '=', id).execute();
      return id;
    };
    const ids = {
      flagged: await book(aisyah, at(3), { contact_promptly: 1, created_at: new Date(now - HOUR) }),
      older: await book(daniel, at(5), { created_at: new Date(now - 24 * HOUR) }),
      session: await book(aisyah, at(1), { status: 'confirmed' }),
      cancelled: await book(aisyah, at(2), { status: 'cancelled', active_slot_id: null }),
      farAhead: await book(daniel, at(24 * 4), { status: 'confirmed' }),
      hold: await book(daniel, at(7), { status: 'held', client_name: 'Not Yet Confirmed', hold_expires_at: new Date(now + 20 * 60_000) }),
      lapsed: await book(daniel, at(9), { status: 'held', hold_expires_at: new Date(now - 60_000) }),
    };
    const starts = { flagged: at(3), older: at(5), session: at(1) };
    const as = async (role: Role) => {
      if (role === 'owner') return signedInAs(t, { userId: owner.userId });
      const member = await insertMember(db, { clinicId: owner.userId, role, psychologistId: role === 'psychologist' ? aisyah : null });
      return signedInAs(t, { userId: member.accountId });
    };
    return { ids, starts, as };
  }

  it('shows the owner both days in time order, flagged requests first, and holds without their visitor', async () => {
    const { ids, starts, as } = await clinic();
    const owner = await as('owner');
    const today = await owner.caller.admin.appointments.today();
    const expected = (Object.keys(starts) as (keyof typeof starts)[])
      .filter((key) => dayOfSession(starts[key], KL, new Date()))
      .sort((a, b) => starts[a].getTime() - starts[b].getTime())
      .map((key) => [ids[key], dayOfSession(starts[key], KL, new Date())]);
    expect(today.sessions.map((s) => [s.id, s.day])).toEqual(expected);
    expect(today.waiting.map((w) => [w.id, w.contactPromptly])).toEqual([
      [ids.flagged, true],
      [ids.older, false],
    ]);
    expect(today.holds.map((h) => h.id)).toEqual([ids.hold]);
    expect(JSON.stringify(today.holds)).not.toContain('Not Yet Confirmed');
    const overRest = await owner.rest('GET', '/api/appointments/today');
    expect(overRest.status).toBe(200);
    expect((overRest.body as { waiting: { id: string }[] }).waiting.map((w) => w.id)).toEqual([ids.flagged, ids.older]);
  });

  it('shows a receptionist no flag, nor an order that tells it, on both transports', async () => {
    const { ids, as } = await clinic();
    const receptionist = await as('receptionist');
    const overTrpc = await receptionist.caller.admin.appointments.today();
    const overRest = await receptionist.rest('GET', '/api/appointments/today');
    for (const answer of [overTrpc, overRest.body]) expect(JSON.stringify(answer)).not.toMatch(/contactPromptly|resultsShared/);
    expect(overTrpc.waiting.map((w) => w.id)).toEqual([ids.older, ids.flagged]);
  });

  it('shows a psychologist only their own profile’s day', async () => {
    const { ids, as } = await clinic();
    const psychologist = await as('psychologist');
    const today = await psychologist.caller.admin.appointments.today();
    expect(today.waiting.map((w) => w.id)).toEqual([ids.flagged]);
    expect(today.holds).toEqual([]);
    expect(today.sessions.every((s) => s.psychologist.name === 'Aisyah')).toBe(true);
  });
});
