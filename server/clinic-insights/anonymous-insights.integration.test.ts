import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAppointmentEvent } from '../../db/repositories/appointments';
import { bookSlot, insertOperatorAccount, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { snapshotTables } from '../../db/testing/table-snapshots';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { parseCounterKey } from '../../domain/screener-events';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { visitorAddress } from '../testing/booking-requests';
import { newScreeningId } from '../testing/screenings';
import { signedInAs, signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

/** 02:00 in Malaysia on 25 November 2026 is still the 24th in UTC. */
const NOW = new Date('2026-11-24T18:00:00Z');
const TODAY = '2026-11-25';

const COMBINED_COMPLETED = { kind: 'completed', testType: 'Combined', levels: { whooley: 'positive', phq9: 'moderate', gad7: 'mild' } };

describe.each(TEST_DIALECTS)('anonymous insights on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    t.services.now = () => NOW;
  });
  beforeEach(() => {
    t.services.rateLimits = DEFAULT_RATE_LIMITS;
  });
  afterAll(() => t.close());

  /** A visitor's call, each from an address of its own and of a new screening unless they are given. */
  const postEvents = (payload: object, remoteAddress = visitorAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/events',
      payload: { screening: newScreeningId(), ...payload },
      remoteAddress,
      headers: { origin: t.services.env.publicUrl },
    });

  /** `times` screenings of the (Combined) screener, each in the calls the client makes. */
  async function screenings(screener: string, times: number, completed = times) {
    for (let i = 0; i < times; i++) {
      const address = visitorAddress();
      const screening = newScreeningId();
      const steps = [[{ kind: 'started', testType: 'Combined' }], [{ kind: 'consented', testType: 'Combined' }], ...(i < completed ? [[COMBINED_COMPLETED]] : [])];
      for (const events of steps) expect((await postEvents({ screener, screening, events }, address)).statusCode).toBe(202);
    }
  }

  const insightsOf = (operator: Pick<SignedInOperator, 'caller'>, range = { from: TODAY, to: TODAY }) => operator.caller.admin.insights.get(range);

  it('counts a screening per screener, Malaysian day and event, and keeps nothing else', async () => {
    const clinic = await signInNewOperator(t);
    const response = await postEvents({ screener: clinic.configurationId, events: [{ kind: 'started', testType: 'Combined' }] });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true });
    await screenings(clinic.configurationId, 2);

    const columns = await t.services.db.introspection.getTables().then((tables) => tables.find((table) => table.name === 'screener_event_counters')!.columns);
    expect(columns.map((column) => column.name).sort()).toEqual(['configuration_id', 'count', 'day', 'event']);
    const rows = await t.services.db.selectFrom('screener_event_counters').selectAll().where('configuration_id', '=', clinic.configurationId).execute();
    expect(rows.map(({ event, count }) => [event, Number(count)]).sort()).toEqual([
      ['completed:Combined', 2],
      ['consented:Combined', 2],
      ['level:Combined:gad7:mild', 2],
      ['level:Combined:phq9:moderate', 2],
      ['level:Combined:whooley:positive', 2],
      ['started:Combined', 3],
    ]);
    // No identifier: the screener's id, the day, a key the flow produces, and a count.
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['configuration_id', 'count', 'day', 'event']);
      expect(row.day).toBe(TODAY);
      expect(parseCounterKey(row.event)).toBeDefined();
      expect(Number.isInteger(Number(row.count))).toBe(true);
    }
  });

  it.each([
    ['a level the scale does not have', [{ ...COMBINED_COMPLETED, levels: { ...COMBINED_COMPLETED.levels, gad7: 'moderatelySevere' } }], 'events.0.levels.gad7'],
    ['a scale of another test', [{ ...COMBINED_COMPLETED, levels: { ...COMBINED_COMPLETED.levels, stress: 'mild' } }], 'events.0.levels.stress'],
    ['a completion without a scale', [{ ...COMBINED_COMPLETED, levels: { whooley: 'negative', phq9: 'mild' } }], 'events.0.levels.gad7'],
    ['levels with a step that has none', [{ kind: 'started', testType: 'Combined', levels: { phq9: 'mild' } }], 'events.0.levels'],
    ['an unknown step', [{ kind: 'visited', testType: 'Combined' }], 'events.0.kind'],
    ['an unknown test', [{ kind: 'started', testType: 'PHQ-2' }], 'events.0.testType'],
    ['an identifier smuggled in', [{ kind: 'started', testType: 'Combined', visitorId: 'abc' }], 'events.0'],
    ['no event', [], 'events'],
  ])('refuses %s readably and counts nothing', async (_case, events, field) => {
    const clinic = await signInNewOperator(t);
    const before = await snapshotTables(t.services.db);
    const response = await postEvents({ screener: clinic.configurationId, events });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), fields: { [field]: [expect.any(String)] } });
    expect(await snapshotTables(t.services.db)).toEqual(before);
  });

  it('refuses events of another test than the screener’s, and an unknown screener', async () => {
    const clinic = await signInNewOperator(t);
    const before = await snapshotTables(t.services.db);
    const otherTest = await postEvents({ screener: clinic.configurationId, events: [{ kind: 'started', testType: 'DASS-21' }] });
    expect(otherTest.statusCode).toBe(400);
    expect(otherTest.json()).toEqual({ error: 'These events are of another test than this screener’s (Combined).' });
    const unknown = await postEvents({ screener: randomUUID(), events: [{ kind: 'started', testType: 'Combined' }] });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshotTables(t.services.db)).toEqual(before);
  });

  it('limits the events of one address', async () => {
    const clinic = await signInNewOperator(t);
    t.services.rateLimits = { ...DEFAULT_RATE_LIMITS, screenerEventsPerIp: { limit: 3, windowMinutes: 10 } };
    const address = visitorAddress();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await postEvents({ screener: clinic.configurationId, events: [{ kind: 'started', testType: 'Combined' }] }, address)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect((await postEvents({ screener: clinic.configurationId, events: [{ kind: 'started', testType: 'Combined' }] })).statusCode).toBe(202);
    const started = await t.services.db
      .selectFrom('screener_event_counters')
      .select('count')
      .where('configuration_id', '=', clinic.configurationId)
      .where('event', '=', 'started:Combined')
      .executeTakeFirstOrThrow();
    expect(Number(started.count)).toBe(4);
  });

  it('shows counts under 5 as "< 5", on the server, and only the clinic’s own', async () => {
    const clinic = await signInNewOperator(t);
    const other = await signInNewOperator(t);
    await screenings(clinic.configurationId, 6, 4);
    await screenings(other.configurationId, 9);

    const own = await insightsOf(clinic);
    expect(own.figures?.screenings).toEqual([
      {
        testType: 'Combined',
        started: 6,
        consented: 6,
        completed: '< 5',
        crisisShown: '< 5',
        scales: [
          { scale: 'whooley', levels: [{ level: 'negative', count: '< 5' }, { level: 'positive', count: '< 5' }] },
          { scale: 'phq9', levels: ['minimal', 'mild', 'moderate', 'moderatelySevere', 'severe'].map((level) => ({ level, count: '< 5' })) },
          { scale: 'gad7', levels: ['minimal', 'mild', 'moderate', 'severe'].map((level) => ({ level, count: '< 5' })) },
        ],
      },
    ]);
    // Nowhere in the answer is a count under 5.
    expect(JSON.stringify(own)).not.toMatch(/:[0-4][,}]/);
    const theirs = await insightsOf(other);
    expect(theirs.figures?.screenings[0]).toMatchObject({ started: 9, completed: 9 });
    expect(theirs.figures?.screenings[0]?.scales[1]?.levels).toContainEqual({ level: 'moderate', count: 9 });

    // Over REST, the same answer; it takes no screener, so another clinic's cannot be named.
    const rest = await clinic.rest('GET', `/api/insights?from=${TODAY}&to=${TODAY}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(own);
    expect((await clinic.rest('GET', `/api/insights?from=${TODAY}&to=${TODAY}&configurationId=${other.configurationId}`)).status).toBe(400);
    // A day outside the period holds nothing.
    expect((await insightsOf(other, { from: '2026-11-24', to: '2026-11-24' })).figures?.screenings[0]).toMatchObject({ started: '< 5' });
  });

  it('counts nothing for the sample screener, and shows its operators nothing', async () => {
    const before = await t.services.db.selectFrom('screener_event_counters').select((eb) => eb.fn.countAll().as('rows')).executeTakeFirstOrThrow();
    const response = await postEvents({ screener: 'default', events: [{ kind: 'started', testType: 'DASS-21' }] });
    expect(response.statusCode).toBe(202);
    const after = await t.services.db.selectFrom('screener_event_counters').select((eb) => eb.fn.countAll().as('rows')).executeTakeFirstOrThrow();
    expect(Number(after.rows)).toBe(Number(before.rows));

    // An account whose screener is still the sample (no configuration saved yet).
    const sampleOperator = await signedInAs(t, await insertOperatorAccount(t.services.db));
    expect(await insightsOf(sampleOperator)).toEqual({ from: TODAY, to: TODAY, figures: null });
  });

  it('derives bookings from the appointments’ changes of status, and the conversion from screening to booking', async () => {
    const clinic = await signInNewOperator(t);
    await screenings(clinic.configurationId, 20);
    const psychologistId = await insertPsychologist(t.services.db, clinic.userId);
    const change = async (from: AppointmentStatus | null, to: AppointmentStatus, times: number, at = NOW) => {
      for (let i = 0; i < times; i++) {
        const slotId = await insertSlot(t.services.db, psychologistId, new Date(Date.UTC(2026, 11, 1, 0, 0, 0) + Math.random() * 1e10));
        const appointmentId = await bookSlot(t.services.db, { userId: clinic.userId, psychologistId, slotId });
        await recordAppointmentEvent(t.services.db, { appointmentId, actor: 'visitor', from, to, at });
      }
    };
    await change(null, 'requested', 4);
    await change('held', 'requested', 2);
    await change(null, 'held', 7);
    await change('requested', 'confirmed', 5);
    await change('confirmed', 'confirmed', 3);
    await change('confirmed', 'completed', 2);
    // The evening before, in Malaysia: outside today.
    await change(null, 'requested', 5, new Date('2026-11-24T15:30:00Z'));

    const { figures } = await insightsOf(clinic);
    expect(figures?.bookings).toEqual({ requested: 6, confirmed: 5, completed: '< 5', noShow: '< 5' });
    expect(figures?.conversionPercent).toBe(30);
    const twoDays = await insightsOf(clinic, { from: '2026-11-24', to: TODAY });
    expect(twoDays.figures?.bookings.requested).toBe(11);
  });

  it('refuses a period that ends before it starts or spans more than a year', async () => {
    const clinic = await signInNewOperator(t);
    const backwards = await clinic.rest('GET', '/api/insights?from=2026-11-25&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ fields: { to: ['must be on or after the start date'] } });
    const tooLong = await clinic.rest('GET', '/api/insights?from=2024-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(400);
    expect((await clinic.rest('GET', '/api/insights?from=yesterday')).status).toBe(400);
    // Without dates: the last 30 Malaysian days.
    expect(await clinic.rest('GET', '/api/insights')).toMatchObject({ status: 200, body: { from: '2026-10-27', to: TODAY } });
  });

  it('adds concurrent events without losing one', async () => {
    const clinic = await signInNewOperator(t);
    await Promise.all(Array.from({ length: 12 }, () => postEvents({ screener: clinic.configurationId, events: [{ kind: 'started', testType: 'Combined' }] })));
    const row = await t.services.db
      .selectFrom('screener_event_counters')
      .select(sql<number>`${sql.ref('count')}`.as('count'))
      .where('configuration_id', '=', clinic.configurationId)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(12);
  });
});
