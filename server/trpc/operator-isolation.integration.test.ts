import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../db/repositories/audit-log';
import { insertWebhookEndpoint } from '../../db/repositories/webhooks';
import { bookSlot, insertPsychologist, insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { REST_ROUTES } from '../rest/routes';
import { totpCodeAt } from '../two-factor/totp';
import { signInNewOperator, type SignedInOperator } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';
import { listProcedures, type ProcedurePath } from './root';

/** Every procedure of what an operator manages; the account procedures guard themselves. */
type ManagedDataPath = Exclude<Extract<ProcedurePath, `admin.${string}`>, `admin.account.${string}`>;

interface Operator extends SignedInOperator {
  psychologistId: string;
  freeSlotId: string;
  bookedSlotId: string;
  appointmentId: string;
  webhookId: string;
}

/**
 * How operator A tries to reach operator B's data through one procedure. `notFound` calls
 * carry B's ids and must answer 404; `ownDataOnly` calls carry none (or smuggle B's ids in
 * fields the procedure ignores) and must touch A's data alone.
 */
type IsolationCase =
  | { kind: 'notFound'; input: (victim: Operator) => Record<string, unknown> }
  | {
      kind: 'ownDataOnly';
      /** May prepare the attacker's own state first (a two-factor set-up), through their caller. */
      input: (victim: Operator, attacker: Operator) => Record<string, unknown> | undefined | Promise<Record<string, unknown>>;
      expectOwn: (output: unknown, attacker: Operator, victim: Operator) => void;
    };

const configurationForm = (victim: Operator) => ({
  id: victim.configurationId,
  userId: victim.userId,
  testType: 'DASS-21',
  appTitle: 'Taken over',
  appDescription: '',
  logoUrl: null,
  companyName: null,
  minimumAge: 16,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: false,
});

const psychologistForm = {
  name: 'Dr. Intruder',
  jobTitle: 'Counsellor',
  description: 'Not theirs',
  email: 'intruder@example.com',
  pricePerHour: 1,
};

/** The code the attacker's app shows for a secret of their own, a step ahead so it is not one already used. */
const nextCodeOf = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

/** The attacker's own two-factor sign-in, set up and turned on. */
async function turnOnTwoFactor(operator: Operator): Promise<string> {
  const { secret } = await operator.caller.admin.twoFactor.setup();
  await operator.caller.admin.twoFactor.enable({ code: totpCodeAt(secret, new Date()) });
  return secret;
}

const idsOf = (output: unknown) => (output as { id: string }[]).map((item) => item.id);

const CASES: Record<ManagedDataPath, IsolationCase> = {
  // Settings carry no ids: the answer is the caller's own row, which the test below reads back.
  'admin.bookingSettings.get': {
    kind: 'ownDataOnly',
    input: () => undefined,
    expectOwn: (output) =>
      expect(output).toEqual({
        confirmVisitorEmail: expect.any(Boolean),
        autoConfirmRequests: expect.any(Boolean),
        secondReminder: expect.any(Boolean),
        retentionDays: expect.any(Number),
      }),
  },
  'admin.bookingSettings.update': {
    kind: 'ownDataOnly',
    input: (victim) => ({ confirmVisitorEmail: false, autoConfirmRequests: true, secondReminder: true, retentionDays: 45, userId: victim.userId }),
    expectOwn: (output) => expect(output).toEqual({ confirmVisitorEmail: false, autoConfirmRequests: true, secondReminder: true, retentionDays: 45 }),
  },
  'admin.configuration.get': {
    kind: 'ownDataOnly',
    input: () => undefined,
    expectOwn: (output, attacker) => expect(output).toMatchObject({ id: attacker.configurationId, userId: attacker.userId }),
  },
  'admin.configuration.update': {
    kind: 'ownDataOnly',
    input: configurationForm,
    expectOwn: (output, attacker) => expect(output).toMatchObject({ id: attacker.configurationId, userId: attacker.userId }),
  },
  'admin.psychologists.list': {
    kind: 'ownDataOnly',
    input: () => undefined,
    expectOwn: (output, attacker, victim) => {
      expect(idsOf(output)).toContain(attacker.psychologistId);
      expect(idsOf(output)).not.toContain(victim.psychologistId);
    },
  },
  'admin.psychologists.create': {
    kind: 'ownDataOnly',
    input: (victim) => ({ ...psychologistForm, userId: victim.userId }),
    // The victim's rows are compared before and after; here the new one must not be the victim's.
    expectOwn: (output, _attacker, victim) => expect((output as { id: string }).id).not.toBe(victim.psychologistId),
  },
  'admin.psychologists.update': {
    kind: 'notFound',
    input: (victim) => ({ ...psychologistForm, id: victim.psychologistId }),
  },
  'admin.psychologists.delete': {
    kind: 'notFound',
    input: (victim) => ({ id: victim.psychologistId, confirmCancelBookings: true }),
  },
  'admin.psychologists.renewCalendarLink': { kind: 'notFound', input: (victim) => ({ id: victim.psychologistId }) },
  'admin.availability.generate': {
    kind: 'notFound',
    input: (victim) => ({
      psychologistId: victim.psychologistId,
      startDate: '2030-03-04',
      endDate: '2030-03-08',
      startTime: '09:00',
      endTime: '17:00',
      daysOfWeek: [1, 2, 3, 4, 5],
      timezone: 'Asia/Kuala_Lumpur',
    }),
  },
  'admin.availability.list': {
    kind: 'notFound',
    input: (victim) => ({ psychologistId: victim.psychologistId, from: '2030-01-01T00:00:00Z', to: '2030-12-31T00:00:00Z' }),
  },
  'admin.availability.update': {
    kind: 'notFound',
    input: (victim) => ({
      slotId: victim.bookedSlotId,
      startUtc: '2030-09-02T05:00:00Z',
      endUtc: '2030-09-02T06:00:00Z',
      confirmBooked: true,
    }),
  },
  'admin.availability.delete': {
    kind: 'notFound',
    input: (victim) => ({ slotId: victim.bookedSlotId, confirmBooked: true }),
  },
  'admin.appointments.list': {
    kind: 'ownDataOnly',
    input: () => ({}),
    expectOwn: (output, attacker, victim) => {
      expect(idsOf(output)).toEqual([attacker.appointmentId]);
      expect(idsOf(output)).not.toContain(victim.appointmentId);
    },
  },
  'admin.appointments.cancel': {
    kind: 'notFound',
    input: (victim) => ({ appointmentId: victim.appointmentId }),
  },
  'admin.appointments.confirm': { kind: 'notFound', input: (victim) => ({ appointmentId: victim.appointmentId }) },
  'admin.appointments.decline': { kind: 'notFound', input: (victim) => ({ appointmentId: victim.appointmentId }) },
  'admin.appointments.complete': { kind: 'notFound', input: (victim) => ({ appointmentId: victim.appointmentId }) },
  'admin.appointments.noShow': { kind: 'notFound', input: (victim) => ({ appointmentId: victim.appointmentId }) },
  'admin.appointments.results': { kind: 'notFound', input: (victim) => ({ appointmentId: victim.appointmentId }) },
  'admin.webhooks.list': {
    kind: 'ownDataOnly',
    input: () => undefined,
    expectOwn: (output, attacker, victim) => {
      expect(idsOf((output as { endpoints: unknown }).endpoints)).toEqual([attacker.webhookId]);
      expect(JSON.stringify(output)).not.toContain(victim.webhookId);
    },
  },
  'admin.webhooks.register': {
    kind: 'ownDataOnly',
    input: (victim) => ({ url: 'https://intruder.example/hook', userId: victim.userId }),
    // The victim's endpoints are compared before and after; the new one is the attacker's.
    expectOwn: (output, attacker) => expect(idsOf((output as { endpoints: unknown }).endpoints)).toContain(attacker.webhookId),
  },
  'admin.webhooks.delete': { kind: 'notFound', input: (victim) => ({ id: victim.webhookId }) },
  'admin.webhooks.sendTest': { kind: 'notFound', input: (victim) => ({ id: victim.webhookId }) },
  // Ids smuggled in are ignored: the export holds the caller's appointments, and audits the caller.
  'admin.appointments.exportCsv': {
    kind: 'ownDataOnly',
    input: (victim) => ({ userId: victim.userId }),
    expectOwn: (output, attacker, victim) => {
      expect(output).toContain(attacker.appointmentId);
      expect(output).not.toContain(victim.appointmentId);
    },
  },
  'admin.auditLog.list': {
    kind: 'ownDataOnly',
    input: () => undefined,
    expectOwn: (output, attacker) => expect((output as { subjectId: string }[]).map((entry) => entry.subjectId)).toEqual([attacker.appointmentId]),
  },
  // Ids smuggled in are ignored: the plan is read for the signed-in operator alone (server/billing/plan.integration.test.ts).
  'admin.billing.plan': {
    kind: 'ownDataOnly',
    input: (victim) => ({ userId: victim.userId }),
    expectOwn: (output) => expect(output).toMatchObject({ bookingsMade: 0, unlimited: false, subscription: null }),
  },
  // Test mode here: no portal for anyone; server/billing/plan.integration.test.ts opens the caller's own with Stripe.
  'admin.billing.portal': {
    kind: 'ownDataOnly',
    input: (victim) => ({ userId: victim.userId }),
    expectOwn: (output) => expect(output).toEqual({ testMode: true, url: null }),
  },
  // A member's own second factor: ids smuggled in are ignored, and the victim's secret and codes stay (the snapshot).
  'admin.twoFactor.status': {
    kind: 'ownDataOnly',
    input: (victim) => ({ accountId: victim.userId }),
    expectOwn: (output) => expect(output).toEqual({ enabled: false, recoveryCodesLeft: 0 }),
  },
  'admin.twoFactor.setup': {
    kind: 'ownDataOnly',
    input: (victim) => ({ accountId: victim.userId }),
    expectOwn: (output, attacker) => expect((output as { otpauthUri: string }).otpauthUri).toContain(`Minda:${attacker.username}?`),
  },
  'admin.twoFactor.enable': {
    kind: 'ownDataOnly',
    input: async (victim, attacker) => {
      const { secret } = await attacker.caller.admin.twoFactor.setup();
      return { code: nextCodeOf(secret), accountId: victim.userId };
    },
    expectOwn: (output) => expect((output as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10),
  },
  'admin.twoFactor.disable': {
    kind: 'ownDataOnly',
    input: async (victim, attacker) => ({ code: nextCodeOf(await turnOnTwoFactor(attacker)), accountId: victim.userId }),
    expectOwn: (output) => expect(output).toEqual({ ok: true }),
  },
  // The clinic's own screener always: it takes no id (server/clinic-insights has the seeded test).
  'admin.insights.get': {
    kind: 'ownDataOnly',
    input: () => ({ from: '2030-01-01', to: '2030-01-31' }),
    expectOwn: (output, _attacker, victim) => {
      expect(output).toMatchObject({ from: '2030-01-01', to: '2030-01-31', figures: { bookings: { requested: '< 5' } } });
      expect(JSON.stringify(output)).not.toContain(victim.configurationId);
    },
  },
};

const managedProcedures = listProcedures().filter(
  (p) => p.access === 'operator' && p.path.startsWith('admin.') && !p.path.startsWith('admin.account.'),
);

describe('the isolation matrix', () => {
  it('has a case for every procedure over an operator’s data, and none for a procedure that is gone', () => {
    expect(Object.keys(CASES).sort()).toEqual(managedProcedures.map((p) => p.path).sort());
  });
});

/** The REST call of a procedure: path parameters from the input, the rest in the query or the body. */
function restRequest(path: ManagedDataPath, input: Record<string, unknown> | undefined) {
  const route = REST_ROUTES.find((r) => r.procedure === path);
  if (!route) throw new Error(`No REST route for ${path}`);
  const rest = { ...input };
  const url = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const field = route.pathFields?.[name] ?? name;
    const value = String(rest[field]);
    delete rest[field];
    return value;
  });
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { method: route.method, url: query ? `${url}?${query}` : url, payload: undefined };
  }
  return { method: route.method, url, payload: rest };
}

describe.each(TEST_DIALECTS)('operator isolation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Every case turns two-factor sign-in on from the callers' one address: more codes than its limit allows.
    t = await startTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, twoFactorPerIp: { limit: 1000, windowMinutes: 15 } } });
  });
  afterAll(() => t.close());

  async function operatorWithData(): Promise<Operator> {
    const operator = await signInNewOperator(t);
    const psychologistId = await insertPsychologist(t.services.db, operator.userId);
    const freeSlotId = await insertSlot(t.services.db, psychologistId, new Date('2030-09-02T01:00:00Z'));
    const bookedSlotId = await insertSlot(t.services.db, psychologistId, new Date('2030-09-02T02:00:00Z'));
    const appointmentId = await bookSlot(t.services.db, { userId: operator.userId, psychologistId, slotId: bookedSlotId });
    const webhookId = await insertWebhookEndpoint(t.services.db, { userId: operator.userId, url: 'https://clinic.example/hook', now: new Date() });
    await recordAudit(t.services.db, { userId: operator.userId, actor: 'clinic', action: 'results.viewed', subjectId: appointmentId, at: new Date() });
    return { ...operator, psychologistId, freeSlotId, bookedSlotId, appointmentId, webhookId };
  }

  /** Everything the victim owns, as stored. */
  async function snapshot(victim: Operator) {
    const db = t.services.db;
    return {
      configuration: await db.selectFrom('screener_configurations').selectAll().where('user_id', '=', victim.userId).execute(),
      psychologists: await db.selectFrom('psychologists').selectAll().where('user_id', '=', victim.userId).orderBy('id').execute(),
      slots: await db.selectFrom('availability_slots').selectAll().where('psychologist_id', '=', victim.psychologistId).orderBy('id').execute(),
      appointments: await db.selectFrom('appointments').selectAll().where('user_id', '=', victim.userId).orderBy('id').execute(),
      redirects: await db.selectFrom('slug_redirects').selectAll().where('configuration_id', '=', victim.configurationId).execute(),
      webhooks: await db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', victim.userId).execute(),
      deliveries: await db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', victim.userId).execute(),
      audit: await db.selectFrom('audit_log').selectAll().where('user_id', '=', victim.userId).execute(),
      twoFactor: await db.selectFrom('two_factor_secrets').selectAll().where('account_id', '=', victim.userId).execute(),
      recoveryCodes: await db.selectFrom('two_factor_recovery_codes').selectAll().where('account_id', '=', victim.userId).orderBy('code_hash').execute(),
    };
  }

  async function call(attacker: Operator, path: ManagedDataPath, input: Record<string, unknown> | undefined, transport: string) {
    if (transport === 'REST') {
      const { method, url, payload } = restRequest(path, input);
      const response = await attacker.rest(method, url, payload);
      return { status: response.status, output: response.body };
    }
    const type = managedProcedures.find((p) => p.path === path)?.type;
    const response = type === 'query' ? await attacker.query(path, input) : await attacker.mutate(path, input);
    return { status: response.status, output: response.data ?? response.error };
  }

  describe.each(managedProcedures.map((p) => p.path as ManagedDataPath))('%s', (path) => {
    it.each(['tRPC', 'REST'])('keeps operator B’s data from operator A over %s', async (transport) => {
      const isolation = CASES[path];
      expect(isolation, `no isolation case for ${path}`).toBeDefined();
      const attacker = await operatorWithData();
      const victim = await operatorWithData();
      await turnOnTwoFactor(victim);
      const before = await snapshot(victim);

      const { status, output } = await call(attacker, path, await isolation.input(victim, attacker), transport);
      if (isolation.kind === 'notFound') {
        expect(status, JSON.stringify(output)).toBe(404);
      } else {
        expect(status, JSON.stringify(output)).toBeLessThan(300);
        isolation.expectOwn(output, attacker, victim);
      }
      expect(await snapshot(victim)).toEqual(before);
    });
  });
});
