import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator, insertProfileData, type ProfileData } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../domain/api-keys';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../rate-limit/rate-limit-rules';
import { API_KEY_SCOPE_OF } from '../rest/api-key-scopes';
import { buildOpenApiDocument } from '../rest/openapi';
import { type RestRoute, REST_ROUTES } from '../rest/routes';
import { sessionCookie, startTestApp, type TestApp } from '../testing/test-app';
import { listProcedures } from '../trpc/root';

/**
 * The API-key matrix (issue 27): every REST operation × each scope × the key's own clinic and
 * another clinic. Generated from REST_ROUTES: a new operator route refuses every key until it
 * is given a scope (server/rest/api-key-scopes.ts), and then needs a sample input below.
 */
const procedures = new Map(listProcedures().map((procedure) => [procedure.path as string, procedure]));
const operatorRoutes = REST_ROUTES.filter((route) => procedures.get(route.procedure)!.access === 'operator');
const publicRoutes = REST_ROUTES.filter((route) => procedures.get(route.procedure)!.access === 'public');

type Target = ProfileData & { clinicId: string };
/** A scoped operation's input aimed at a target, and what it answers aimed at another clinic: 404, or acting on its own clinic. */
interface Sample {
  input: (target: Target) => Record<string, unknown>;
  other: 404 | 'own';
  /** Confirmed first: completing or missing moves only a confirmed session. */
  confirmed?: true;
}

const SAMPLES: Record<string, Sample> = {
  'admin.appointments.list': { input: () => ({}), other: 'own' },
  'admin.appointments.today': { input: () => ({}), other: 'own' },
  'admin.appointments.cancel': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404 },
  'admin.appointments.confirm': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404 },
  'admin.appointments.decline': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404 },
  'admin.appointments.complete': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404, confirmed: true },
  'admin.appointments.noShow': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404, confirmed: true },
  'admin.appointments.declineAsSpam': { input: (t) => ({ appointmentId: t.appointmentId }), other: 404 },
  'admin.appointments.setVideoLink': { input: (t) => ({ appointmentId: t.appointmentId, videoUrl: 'https://meet.example.com/sync' }), other: 404 },
  'admin.psychologists.list': { input: () => ({}), other: 'own' },
  'admin.schedule.get': { input: (t) => ({ psychologistId: t.psychologistId }), other: 404 },
  'admin.schedule.save': {
    input: (t) => ({
      psychologistId: t.psychologistId,
      ranges: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }],
      slotDurationMinutes: 60,
      bufferMinutes: 0,
      minimumAdvanceHours: 2,
      timezone: 'Asia/Kuala_Lumpur',
    }),
    other: 404,
  },
  'admin.schedule.addException': { input: (t) => ({ psychologistId: t.psychologistId, date: '2030-09-04', kind: 'off' }), other: 404 },
  'admin.schedule.deleteException': { input: (t) => ({ psychologistId: t.psychologistId, exceptionId: t.exceptionId }), other: 404 },
  'admin.schedule.applyHolidays': { input: (t) => ({ psychologistId: t.psychologistId, state: '14', year: 2030 }), other: 404 },
  'admin.availability.generate': {
    input: (t) => ({
      psychologistId: t.psychologistId,
      startDate: '2027-03-01',
      endDate: '2027-03-05',
      startTime: '09:00',
      endTime: '17:00',
      daysOfWeek: [1, 2, 3, 4, 5],
      timezone: 'Asia/Kuala_Lumpur',
    }),
    other: 404,
  },
  'admin.availability.list': { input: (t) => ({ psychologistId: t.psychologistId, from: '2030-01-01T00:00:00Z', to: '2030-12-31T00:00:00Z' }), other: 404 },
  'admin.availability.update': {
    input: (t) => ({ slotId: t.freeSlotId, startUtc: '2030-09-02T07:00:00Z', endUtc: '2030-09-02T08:00:00Z' }),
    other: 404,
  },
  'admin.availability.delete': { input: (t) => ({ slotId: t.freeSlotId }), other: 404 },
  'admin.availability.clearDay': { input: (t) => ({ psychologistId: t.psychologistId, date: '2030-09-02' }), other: 404 },
  'admin.insights.get': { input: () => ({ from: '2030-01-01', to: '2030-01-31' }), other: 'own' },
};

/** The REST call of an operation: path parameters from the input, the rest in the query (GET, DELETE) or the JSON body. */
function restCall(route: RestRoute, input: Record<string, unknown>, key: string): InjectOptions {
  const rest = { ...input };
  const url = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const field = route.pathFields?.[name] ?? name;
    const value = rest[field] ?? '00000000-0000-4000-8000-000000000000';
    delete rest[field];
    return encodeURIComponent(String(value));
  });
  const headers = { authorization: `Bearer ${key}` };
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([name, value]) => [name, String(value)]));
    return { method: route.method, url: query.size ? `${url}?${query}` : url, headers };
  }
  return { method: route.method, url, headers, payload: rest };
}

const label = (route: RestRoute) => `${route.method} ${route.path}`;

describe('the scopes of API keys', () => {
  it('name only operator procedures that have a REST route, each with a sample call here', () => {
    for (const procedure of Object.keys(API_KEY_SCOPE_OF)) {
      expect(operatorRoutes.some((route) => route.procedure === procedure), procedure).toBe(true);
      expect(SAMPLES[procedure], procedure).toBeDefined();
    }
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(API_KEY_SCOPE_OF).sort());
  });

  it('never reach past what the owner and admins who make keys may do, nor any visitor’s results', () => {
    for (const procedure of Object.keys(API_KEY_SCOPE_OF)) {
      expect(procedures.get(procedure)!.roles, procedure).toEqual(expect.arrayContaining(['owner', 'admin']));
    }
    expect(API_KEY_SCOPE_OF['admin.appointments.results']).toBeUndefined();
    expect(API_KEY_SCOPE_OF['admin.apiKeys.create']).toBeUndefined();
  });

  it('are what the OpenAPI document declares: the bearer scheme, and on each operation the scope it needs or none', () => {
    const document = buildOpenApiDocument('https://minda.test') as {
      paths: Record<string, Record<string, { security: Record<string, string[]>[]; 'x-api-key-scope'?: string; description: string }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of REST_ROUTES) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      const scope = API_KEY_SCOPE_OF[route.procedure];
      expect(operation.security.filter((requirement) => 'apiKey' in requirement), label(route)).toEqual(scope ? [{ apiKey: [] }] : []);
      expect(operation['x-api-key-scope'], label(route)).toBe(scope);
      if (scope) expect(operation.description, label(route)).toContain(`An API key needs the scope \`${scope}\`.`);
    }
  });
});

/** No limit but the per-key one gets in the way of a few hundred calls from one address. */
const ROOMY_LIMITS = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { limit: 100_000, windowMinutes: 60 }])) as RateLimits;

describe('the API-key matrix on sqlite', () => {
  let t: TestApp;
  let home: string;
  let elsewhere: string;
  /** Each clinic's data that the refused calls aim at. */
  let ours: Target;
  let theirs: Target;
  const keys = {} as Record<ApiKeyScope, string>;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { rateLimits: ROOMY_LIMITS });
    home = (await insertOperator(t.services.db)).userId;
    elsewhere = (await insertOperator(t.services.db)).userId;
    ours = { clinicId: home, ...(await insertProfileData(t.services.db, home, 1)) };
    theirs = { clinicId: elsewhere, ...(await insertProfileData(t.services.db, elsewhere, 1)) };
    // Made the way an owner makes them: one key per scope.
    const owner = await sessionCookie(t.services, home);
    for (const scope of API_KEY_SCOPES) {
      const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner }, payload: { name: `Only ${scope}`, scopes: [scope] } });
      expect(created.statusCode).toBe(201);
      keys[scope] = created.json().key;
    }
  });
  afterAll(() => t.close());

  /** Everything stored of one profile. */
  async function snapshot(target: Target) {
    const db = t.services.db;
    return {
      psychologist: await db.selectFrom('psychologists').selectAll().where('id', '=', target.psychologistId).execute(),
      slots: await db.selectFrom('availability_slots').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      appointments: await db.selectFrom('appointments').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      exceptions: await db.selectFrom('schedule_exceptions').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      weeklyHours: await db.selectFrom('weekly_hours').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
    };
  }

  const usesRecorded = async () =>
    Number((await t.services.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('action', '=', 'api-key.used').executeTakeFirstOrThrow()).n);

  it.each(operatorRoutes.map((route) => [label(route), route] as const))('%s', async (_, route) => {
    const needed = API_KEY_SCOPE_OF[route.procedure];
    const sample = SAMPLES[route.procedure];
    // Reads are audited when they move a key's last use (once a minute): each route starts unused.
    await t.services.db.updateTable('api_keys').set({ last_used_at: null }).execute();
    const usesBefore = await usesRecorded();
    // The refused calls aim at these; they must stay as they were.
    const shared = [await snapshot(ours), await snapshot(theirs)];
    for (const scope of API_KEY_SCOPES) {
      for (const aim of ['own', 'other'] as const) {
        const allowed = scope === needed;
        const clinicId = aim === 'own' ? home : elsewhere;
        // An allowed call acts on data of its own, so each starts from the same state.
        const target: Target = allowed ? { clinicId, ...(await insertProfileData(t.services.db, clinicId, 1)) } : aim === 'own' ? ours : theirs;
        if (allowed && sample?.confirmed) await t.services.db.updateTable('appointments').set({ status: 'confirmed' }).where('id', '=', target.appointmentId).execute();
        const guarded = allowed && aim === 'other' ? await snapshot(target) : undefined;
        const response = await t.app.inject(restCall(route, sample?.input(target) ?? {}, keys[scope]));
        const what = `${scope} on ${aim}: ${response.body.slice(0, 300)}`;
        if (!allowed) {
          expect(response.statusCode, what).toBe(403);
          expect(response.json().error, what).toBe(
            needed ? `This API key lacks the scope ${needed} that this operation needs.` : 'An API key cannot call this operation. It needs a signed-in member of the clinic.',
          );
        } else if (aim === 'own' || sample!.other === 'own') {
          expect(response.statusCode, what).toBeLessThan(300);
          if (aim === 'other') for (const id of [theirs.psychologistId, target.psychologistId, target.appointmentId]) expect(response.body, what).not.toContain(id);
        } else {
          expect(response.statusCode, what).toBe(404);
        }
        if (guarded) expect(await snapshot(target), what).toEqual(guarded);
      }
    }
    expect([await snapshot(ours), await snapshot(theirs)]).toEqual(shared);
    // Each change the key's scope let through is one audit entry, a read of the same minute only
    // its first (decision 0058), the refused ones none.
    expect(await usesRecorded()).toBe(usesBefore + (needed ? (route.method === 'GET' ? 1 : 2) : 0));
  });

  it.each(publicRoutes.map((route) => [label(route), route] as const))('%s answers with a key as it does without one', async (_, route) => {
    const bare = restCall(route, {}, '');
    delete (bare.headers as Record<string, string>).authorization;
    const expected = (await t.app.inject(bare)).statusCode;
    for (const scope of API_KEY_SCOPES) expect((await t.app.inject(restCall(route, {}, keys[scope]))).statusCode, scope).toBe(expected);
  });

  it("shows a key a receptionist's view of bookings: no shared-results or crisis flags", async () => {
    const response = await t.app.inject(restCall(REST_ROUTES.find((route) => route.procedure === 'admin.appointments.list')!, {}, keys['appointments:read']));
    const appointments = response.json() as Record<string, unknown>[];
    expect(appointments.length).toBeGreaterThan(0);
    for (const appointment of appointments) {
      expect(appointment).not.toHaveProperty('resultsShared');
      expect(appointment).not.toHaveProperty('contactPromptly');
    }
    const owner = await t.app.inject({ url: '/api/appointments', headers: { cookie: await sessionCookie(t.services, home) } });
    expect(owner.json()[0]).toHaveProperty('resultsShared');
  });
});

// The same rules on the production database, in brief: one key, its scope, the other clinic.
describe.runIf(TEST_DIALECTS.includes('mysql'))('API keys on mysql', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('mysql');
  });
  afterAll(() => t.close());

  it('reads its own clinic within its scope, is refused outside it, and finds nothing of another clinic', async () => {
    const home = (await insertOperator(t.services.db)).userId;
    const elsewhere = (await insertOperator(t.services.db)).userId;
    const ours = await insertProfileData(t.services.db, home, 1);
    const theirs = await insertProfileData(t.services.db, elsewhere, 1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: await sessionCookie(t.services, home) },
      payload: { name: 'Spreadsheet sync', scopes: ['appointments:read'] },
    });
    const headers = { authorization: `Bearer ${created.json().key}` };

    const list = await t.app.inject({ url: '/api/appointments', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((appointment: { id: string }) => appointment.id)).toEqual([ours.appointmentId]);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/appointments/${ours.appointmentId}/confirm`, headers });
    expect([confirm.statusCode, confirm.json().error]).toEqual([403, 'This API key lacks the scope appointments:write that this operation needs.']);
    const slots = await t.app.inject({ url: `/api/availability/${theirs.psychologistId}`, headers });
    expect(slots.statusCode).toBe(403);

    const audit = await t.services.db.selectFrom('audit_log').select(['operation', 'api_key_id']).where('action', '=', 'api-key.used').where('user_id', '=', home).execute();
    expect(audit.map((entry) => entry.operation)).toEqual(['GET /api/appointments']);
  });
});
