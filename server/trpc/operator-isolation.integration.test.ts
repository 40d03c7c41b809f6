import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../db/repositories/audit-log';
import { insertInvitation } from '../../db/repositories/invitations';
import { insertApiKey } from '../../db/repositories/api-keys';
import { insertWebhookEndpoint, markDeliveryDelivered, webhookSecretOf } from '../../db/repositories/webhooks';
import { bookSlot, insertMember, insertOperator, insertProfileData, insertSlot, type ProfileData, uniqueTag } from '../../db/testing/fixtures';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { STOCK_CONSENT_TEXTS } from '../../domain/configuration';
import { ROLES, type Role } from '../../domain/roles';
import { hashPassword } from '../auth/passwords';
import { DEFAULT_RATE_LIMITS } from '../rate-limit/rate-limit-rules';
import { sessionCookie, startTestApp, type TestApp, trpcMutation, trpcQuery } from '../testing/test-app';
import { totpCodeAt } from '../two-factor/totp';
import { insertMeasurePlan, raiseAlert } from '../testing/measure-alerts';
import { queueTestWebhook } from '../webhooks/queue-webhook-events';
import { listProcedures, type ProcedurePath } from './root';

/**
 * The authorisation matrix (issue 16): every operator procedure × every role × the caller's
 * own clinic and another clinic, plus a psychologist acting on a colleague's profile. Each call
 * runs in a world of its own, so a deletion or a handover never changes what the next call meets.
 */
type OperatorPath = Extract<ProcedurePath, `admin.${string}` | 'billing.createSubscription' | 'billing.activateTestSubscription'>;

/** What a call may name: the caller's clinic's, another clinic's, or a colleague's profile's. */
interface Target extends ProfileData {
  clinicId: string;
  username: string;
  configurationId: string;
  webhookId: string;
  /** A delivered event of that endpoint, which may be sent again. */
  webhookDeliveryId: string;
  apiKeyId: string;
  invitationId: string;
  /** A receptionist the owner may change, remove or hand the clinic over to. */
  spareMemberId: string;
  /** An alert on a measure of the profile's client, not yet acknowledged. */
  measureAlertId: string;
  /** The booking that client's open measure plan (the alert's) was enrolled from. */
  measurePlanAppointmentId: string;
}

/**
 * How a call answers: 'ok' (2xx, and another clinic's data untouched), or a status. For another
 * clinic, 'own' means the call names nothing of it (or its ids are ignored) and acts on the
 * caller's own clinic; its data must stay as it was all the same.
 */
type Answer = 'ok' | 400 | 403 | 404 | 409;
interface Expected {
  /** Each role, on its own clinic's data. */
  own: Record<Role, Answer>;
  /** Roles allowed above, aiming at another clinic's data (the others get their 403 whatever they aim at). */
  other: 'own' | 400 | 403 | 404;
  /** A psychologist member on a colleague's profile in their own clinic, where the role is allowed. */
  colleague?: 'own' | 404;
}

const ALL: Record<Role, Answer> = { owner: 'ok', admin: 'ok', psychologist: 'ok', receptionist: 'ok' };
const OWNER: Record<Role, Answer> = { owner: 'ok', admin: 403, psychologist: 403, receptionist: 403 };
const SETUP: Record<Role, Answer> = { owner: 'ok', admin: 'ok', psychologist: 403, receptionist: 403 };
const RESULTS: Record<Role, Answer> = { owner: 'ok', admin: 'ok', psychologist: 'ok', receptionist: 403 };

const configurationForm = (target: Target) => ({
  id: target.configurationId,
  userId: target.clinicId,
  testType: 'DASS-21',
  appTitle: 'Taken over',
  appDescription: '',
  logoUrl: null,
  companyName: null,
  minimumAge: 16,
  ...STOCK_CONSENT_TEXTS,
  enableMalayTranslation: false,
});
const psychologistForm = { name: 'Dr. Intruder', jobTitle: 'Counsellor', description: 'Not theirs', email: 'intruder@example.com', pricePerHour: 1 };
const generateForm = (target: Target) => ({
  psychologistId: target.psychologistId,
  // Within the 12 months ahead that generation allows.
  startDate: '2027-03-01',
  endDate: '2027-03-05',
  startTime: '09:00',
  endTime: '17:00',
  daysOfWeek: [1, 2, 3, 4, 5],
  timezone: 'Asia/Kuala_Lumpur',
});

/** The caller's own second factor, turned on or only set up through their session, for the two-factor rows. */
interface CallerTwoFactor {
  /** A fresh secret waiting for its first code. */
  setUp: () => Promise<string>;
  /** Set up and turned on with the current code. */
  turnOn: () => Promise<string>;
  /** A password the caller's account now has (fixtures give none that signs in). */
  knownPassword: () => Promise<string>;
}

/** Every owner's password here: deleting the clinic asks for it. */
const OWNER_PASSWORD = 'matrix-owner-passphrase';

/** The code the caller's app shows a step ahead: the current one may have turned it on. */
const nextCodeOf = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

/** THE table: for each procedure, its input aimed at a target, and the answers expected. */
const MATRIX: Record<
  OperatorPath,
  Expected & { input: (target: Target, caller: CallerTwoFactor) => Record<string, unknown> | undefined | Promise<Record<string, unknown>> }
> = {
  'admin.account.me': { input: () => undefined, own: ALL, other: 'own' },
  'admin.account.logoutEverywhere': { input: () => undefined, own: ALL, other: 'own' },
  // One's own password: another member's id is ignored.
  'admin.account.changePassword': {
    input: async (t, caller) => ({ currentPassword: await caller.knownPassword(), newPassword: 'another long passphrase', accountId: t.spareMemberId }),
    own: ALL,
    other: 'own',
  },
  // Not a member of another clinic: refused, whatever the role.
  'admin.account.switchClinic': { input: (t) => ({ clinicId: t.clinicId }), own: ALL, other: 403 },
  // The owner's own password deletes their own clinic only; another clinic's stays as it was.
  'admin.account.upcomingBeforeDeletion': { input: () => undefined, own: OWNER, other: 'own' },
  'admin.account.delete': { input: () => ({ password: OWNER_PASSWORD, cancelUpcoming: true }), own: OWNER, other: 'own' },
  // Already verified, as the fixture's owners are: nothing is sent, and nothing of another clinic is named.
  'admin.account.sendEmailVerification': { input: (t) => ({ clinicId: t.clinicId }), own: OWNER, other: 'own' },
  // Each member's own second factor: another member's id is ignored, and their secret and codes stay.
  'admin.twoFactor.status': { input: (t) => ({ accountId: t.spareMemberId }), own: ALL, other: 'own' },
  'admin.twoFactor.setup': { input: (t) => ({ accountId: t.spareMemberId }), own: ALL, other: 'own' },
  'admin.twoFactor.enable': { input: async (t, caller) => ({ code: nextCodeOf(await caller.setUp()), accountId: t.spareMemberId }), own: ALL, other: 'own' },
  'admin.twoFactor.disable': { input: async (t, caller) => ({ code: nextCodeOf(await caller.turnOn()), accountId: t.spareMemberId }), own: ALL, other: 'own' },
  'admin.configuration.get': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.configuration.update': { input: configurationForm, own: SETUP, other: 'own' },
  'admin.configuration.uploadLogo': { input: () => ({ bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>') }), own: SETUP, other: 'own' },
  'admin.configuration.removeLogo': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.bookingSettings.get': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.bookingSettings.update': {
    input: (t) => ({ confirmVisitorEmail: false, autoConfirmRequests: true, secondReminder: true, retentionDays: 45, userId: t.clinicId }),
    own: SETUP,
    other: 'own',
  },
  'admin.whatsapp.get': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.whatsapp.update': { input: (t) => ({ enabled: false, shortName: 'Klinik S', userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.sessionPlace.get': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.sessionPlace.update': {
    input: (t) => ({ place: { mode: 'phone' }, contact: { phone: '03-2345 6789' }, userId: t.clinicId }),
    own: SETUP,
    other: 'own',
  },
  'admin.measures.consentPreview': { input: (t) => ({ appointmentId: t.appointmentId, instruments: 'dass21', schedule: 'once' }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measures.enrol': { input: (t) => ({ appointmentId: t.appointmentId, instruments: 'phq9Gad7', schedule: 'every_session', clientConsented: true }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measures.endPlan': { input: (t) => ({ appointmentId: t.measurePlanAppointmentId }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measures.exportFhir': { input: (t) => ({ appointmentId: t.appointmentId }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measures.outcomes': { input: () => ({ months: '6' }), own: SETUP, other: 'own' },
  'admin.measures.record': { input: (t) => ({ appointmentId: t.appointmentId }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measureAlerts.open': { input: () => undefined, own: RESULTS, other: 'own', colleague: 'own' },
  'admin.measureAlerts.acknowledge': { input: (t) => ({ alertId: t.measureAlertId, note: 'Called the client.' }), own: RESULTS, other: 404, colleague: 404 },
  'admin.measures.settings.get': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.measures.settings.update': { input: (t) => ({ reminderDays: 3, expiryDays: 5, trendVisible: true, userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.psychologists.list': { input: () => undefined, own: ALL, other: 'own', colleague: 'own' },
  'admin.psychologists.create': { input: (t) => ({ ...psychologistForm, userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.psychologists.update': { input: (t) => ({ ...psychologistForm, id: t.psychologistId }), own: SETUP, other: 404 },
  'admin.psychologists.delete': { input: (t) => ({ id: t.psychologistId, confirmCancelBookings: true }), own: SETUP, other: 404 },
  // The owner, admins and the psychologist themself (issue 24): not the receptionist.
  'admin.psychologists.renewCalendarLink': { input: (t) => ({ id: t.psychologistId }), own: RESULTS, other: 404, colleague: 404 },
  'admin.availability.generate': { input: generateForm, own: ALL, other: 404, colleague: 404 },
  'admin.availability.list': {
    input: (t) => ({ psychologistId: t.psychologistId, from: '2030-01-01T00:00:00Z', to: '2030-12-31T00:00:00Z' }),
    own: ALL,
    other: 404,
    colleague: 404,
  },
  'admin.availability.update': {
    input: (t) => ({ slotId: t.bookedSlotId, startUtc: '2030-09-02T05:00:00Z', endUtc: '2030-09-02T06:00:00Z', confirmBooked: true }),
    own: ALL,
    other: 404,
    colleague: 404,
  },
  'admin.availability.delete': { input: (t) => ({ slotId: t.bookedSlotId, confirmBooked: true }), own: ALL, other: 404, colleague: 404 },
  // The target's free slot lies on this day: another clinic's call must leave it there.
  'admin.availability.clearDay': { input: (t) => ({ psychologistId: t.psychologistId, date: '2030-09-02' }), own: ALL, other: 404, colleague: 404 },
  'admin.schedule.get': { input: (t) => ({ psychologistId: t.psychologistId }), own: ALL, other: 404, colleague: 404 },
  'admin.schedule.freeTimes': { input: (t) => ({ psychologistId: t.psychologistId }), own: ALL, other: 404, colleague: 404 },
  'admin.schedule.save': {
    input: (t) => ({ psychologistId: t.psychologistId, ranges: [{ dayOfWeek: 1, startTime: '09:00', endTime: '12:00' }], slotDurationMinutes: 60, bufferMinutes: 0, minimumAdvanceHours: 2, timezone: 'Asia/Kuala_Lumpur' }),
    own: ALL,
    other: 404,
    colleague: 404,
  },
  'admin.schedule.addException': { input: (t) => ({ psychologistId: t.psychologistId, date: '2030-09-03', kind: 'off' }), own: ALL, other: 404, colleague: 404 },
  'admin.schedule.deleteException': { input: (t) => ({ psychologistId: t.psychologistId, exceptionId: t.exceptionId }), own: ALL, other: 404, colleague: 404 },
  'admin.schedule.applyHolidays': { input: (t) => ({ psychologistId: t.psychologistId, state: '14', year: 2030 }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.list': { input: () => ({}), own: ALL, other: 'own', colleague: 'own' },
  'admin.appointments.today': { input: () => undefined, own: ALL, other: 'own', colleague: 'own' },
  'admin.appointments.cancel': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.confirm': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  // Confirmed first below, so the session can be declined, completed or missed.
  'admin.appointments.decline': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.complete': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.noShow': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.setVideoLink': {
    input: (t) => ({ appointmentId: t.appointmentId, videoUrl: 'https://meet.example.com/taken' }),
    own: ALL,
    other: 404,
    colleague: 404,
  },
  'admin.appointments.declineAsSpam': { input: (t) => ({ appointmentId: t.appointmentId }), own: ALL, other: 404, colleague: 404 },
  'admin.appointments.results': { input: (t) => ({ appointmentId: t.appointmentId }), own: RESULTS, other: 404, colleague: 404 },
  'admin.appointments.exportCsv': { input: (t) => ({ userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.auditLog.list': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.webhooks.list': { input: () => undefined, own: SETUP, other: 'own' },
  'admin.webhooks.register': { input: (t) => ({ url: 'https://intruder.example/hook', userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.webhooks.delete': { input: (t) => ({ id: t.webhookId }), own: SETUP, other: 404 },
  'admin.webhooks.sendTest': { input: (t) => ({ id: t.webhookId }), own: SETUP, other: 404 },
  'admin.webhooks.setEventTypes': { input: (t) => ({ id: t.webhookId, eventTypes: ['appointment.cancelled'] }), own: SETUP, other: 404 },
  'admin.webhooks.redeliver': { input: (t) => ({ id: t.webhookDeliveryId }), own: SETUP, other: 404 },
  // Another clinic's id is ignored: only the caller's own secret is rolled.
  'admin.webhooks.rollSecret': { input: (t) => ({ userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.apiKeys.list': { input: () => undefined, own: SETUP, other: 'own' },
  // Another clinic's id is ignored: the key is the caller's clinic's.
  'admin.apiKeys.create': { input: (t) => ({ name: 'Intruder', scopes: ['appointments:read'], clinicId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.apiKeys.revoke': { input: (t) => ({ id: t.apiKeyId }), own: SETUP, other: 404 },
  'admin.insights.get': { input: () => ({ from: '2030-01-01', to: '2030-01-31' }), own: SETUP, other: 'own' },
  'admin.billing.plan': { input: (t) => ({ userId: t.clinicId }), own: OWNER, other: 'own' },
  // Test mode: no portal and no card payment for anyone; Stripe's own are in server/billing.
  'admin.billing.portal': { input: (t) => ({ userId: t.clinicId }), own: OWNER, other: 'own' },
  // Another clinic's id is ignored: each reads and sets its own; test mode has no Stripe account to connect.
  'admin.payments.get': { input: (t) => ({ userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.payments.startOnboarding': { input: (t) => ({ userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.payments.setPolicy': { input: (t) => ({ mode: 'off', deposit: null, lateCancel: { keeps: 'nothing' }, userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.payments.setPsychologistPolicy': { input: (t) => ({ psychologistId: t.psychologistId, policy: null }), own: SETUP, other: 404 },
  'admin.payments.months': { input: (t) => ({ userId: t.clinicId }), own: SETUP, other: 'own' },
  'admin.payments.ofAppointment': { input: (t) => ({ appointmentId: t.appointmentId }), own: SETUP, other: 404 },
  // Test mode: nobody has paid, so there is nothing to refund (409) on one's own appointment.
  'admin.payments.refund': {
    input: (t) => ({ appointmentId: t.appointmentId, requestId: randomUUID(), amountSen: 100, reason: 'Goodwill' }),
    own: { owner: 409, admin: 409, psychologist: 403, receptionist: 403 },
    other: 404,
  },
  'billing.createSubscription': { input: () => undefined, own: OWNER, other: 'own' },
  'billing.activateTestSubscription': { input: () => undefined, own: OWNER, other: 'own' },
  'admin.members.list': { input: () => undefined, own: OWNER, other: 'own' },
  'admin.members.invite': { input: () => ({ email: 'new-member@staff.example', role: 'receptionist' }), own: OWNER, other: 'own' },
  'admin.members.changeRole': { input: (t) => ({ accountId: t.spareMemberId, role: 'admin' }), own: OWNER, other: 404 },
  'admin.members.remove': { input: (t) => ({ accountId: t.spareMemberId }), own: OWNER, other: 404 },
  'admin.members.handOverOwnership': { input: (t) => ({ accountId: t.spareMemberId }), own: OWNER, other: 404 },
  'admin.members.resendInvitation': { input: (t) => ({ id: t.invitationId }), own: OWNER, other: 404 },
  'admin.members.revokeInvitation': { input: (t) => ({ id: t.invitationId }), own: OWNER, other: 404 },
  // The owner turns on their own two-factor sign-in first; another clinic's id is ignored and that clinic stays as it was.
  'admin.members.requireTwoFactor': {
    input: async (t, caller) => {
      await caller.turnOn();
      return { required: true, clinicId: t.clinicId };
    },
    own: OWNER,
    other: 'own',
  },
};

/** The calls a session in a confirmed state needs: completing and missing move only a confirmed session, and only a client in care is enrolled in measures. */
const NEEDS_CONFIRMED = new Set<OperatorPath>(['admin.appointments.complete', 'admin.appointments.noShow', 'admin.measures.enrol']);

const operatorProcedures = listProcedures().filter((p) => p.access === 'operator');

describe('the authorisation matrix', () => {
  it('has a row for every operator procedure, and none for a procedure that is gone', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(operatorProcedures.map((p) => p.path).sort());
  });

  it('matches the roles each procedure declares next to its definition', () => {
    for (const procedure of operatorProcedures) {
      const allowed = ROLES.filter((role) => MATRIX[procedure.path as OperatorPath].own[role] !== 403);
      expect([procedure.path, [...procedure.roles].sort()]).toEqual([procedure.path, [...allowed].sort()]);
    }
  });
});

type Aim = 'own' | 'other' | 'colleague';
const CASES = operatorProcedures.flatMap(({ path }) => {
  const expected = MATRIX[path as OperatorPath];
  return ROLES.flatMap((role) => [
    { path: path as OperatorPath, role, aim: 'own' as Aim },
    { path: path as OperatorPath, role, aim: 'other' as Aim },
    ...(role === 'psychologist' && expected.colleague ? [{ path: path as OperatorPath, role, aim: 'colleague' as Aim }] : []),
  ]);
});

describe.each(TEST_DIALECTS)('the authorisation matrix on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The two-factor rows turn it on for members from one address: more codes than its limit allows.
    t = await startTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, twoFactorPerIp: { limit: 100_000, windowMinutes: 15 } } });
  });
  afterAll(() => t.close());
  let ownerPasswordHash: string;
  beforeAll(async () => {
    ownerPasswordHash = await hashPassword(OWNER_PASSWORD);
  });

  async function profileData(clinicId: string, hour: number): Promise<ProfileData & Pick<Target, 'measureAlertId' | 'measurePlanAppointmentId'>> {
    const data = await insertProfileData(t.services.db, clinicId, hour);
    await recordAudit(t.services.db, { userId: clinicId, actor: 'clinic', action: 'results.viewed', subjectId: data.appointmentId, at: new Date() });
    // The alert's plan is of another booking of the client's: the profile's own appointment stays free to enrol.
    const planSlotId = await insertSlot(t.services.db, data.psychologistId, new Date(`2030-09-04T0${hour}:00:00Z`));
    const planAppointmentId = await bookSlot(t.services.db, { userId: clinicId, psychologistId: data.psychologistId, slotId: planSlotId });
    const planId = await insertMeasurePlan(t.services.db, { clinicId, psychologistId: data.psychologistId, appointmentId: planAppointmentId });
    const measureAlertId = await raiseAlert(t.services.db, { clinicId, psychologistId: data.psychologistId, planId }, new Date());
    return { ...data, measureAlertId, measurePlanAppointmentId: planAppointmentId };
  }

  /** A clinic with its data, a second profile (a colleague's), and a member of each role. */
  async function clinicWithTeam() {
    const db = t.services.db;
    const clinic = await insertOperator(db);
    await db.updateTable('accounts').set({ password_hash: ownerPasswordHash }).where('id', '=', clinic.userId).execute();
    const own = await profileData(clinic.userId, 1);
    const colleague = await profileData(clinic.userId, 4);
    const webhookId = await insertWebhookEndpoint(db, { userId: clinic.userId, url: 'https://clinic.example/hook', now: new Date() });
    // Drawn with the first endpoint, as registering does: there is a secret to roll.
    await webhookSecretOf(db, clinic.userId, `whsec_${randomUUID()}`);
    const eventId = await queueTestWebhook(db, { userId: clinic.userId, endpointId: webhookId, now: new Date() });
    const delivery = await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
    await markDeliveryDelivered(db, delivery.id, { statusCode: 204, now: new Date() });
    const apiKeyId = await insertApiKey(db, {
      clinicId: clinic.userId,
      name: 'Practice tool',
      keyHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      prefix: 'mk_matrix',
      scopes: ['appointments:read'],
      createdBy: clinic.userId,
      createdAt: new Date(),
      expiresAt: null,
    });
    const invitationId = randomUUID();
    // Mailed an hour ago: a resend need not wait.
    const now = new Date(Date.now() - 3_600_000);
    await insertInvitation(db, {
      id: invitationId,
      clinicId: clinic.userId,
      email: `invited-${uniqueTag(invitationId)}@staff.example`,
      role: 'receptionist',
      psychologistId: null,
      tokenHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 2 * 3_600_000),
    });
    const spare = await insertMember(db, { clinicId: clinic.userId, role: 'receptionist' });
    const members: Record<Role, string> = {
      owner: clinic.userId,
      admin: (await insertMember(db, { clinicId: clinic.userId, role: 'admin' })).accountId,
      psychologist: (await insertMember(db, { clinicId: clinic.userId, role: 'psychologist', psychologistId: own.psychologistId })).accountId,
      receptionist: (await insertMember(db, { clinicId: clinic.userId, role: 'receptionist' })).accountId,
    };
    const base = { clinicId: clinic.userId, username: clinic.username, configurationId: clinic.configurationId, webhookId, webhookDeliveryId: delivery.id, apiKeyId, invitationId, spareMemberId: spare.accountId };
    return { members, own: { ...base, ...own } satisfies Target, colleague: { ...base, ...colleague } satisfies Target };
  }

  /** Everything stored of one clinic, or of one profile. */
  async function snapshot(target: Target) {
    const db = t.services.db;
    return {
      clinic: await db.selectFrom('users').selectAll().where('id', '=', target.clinicId).execute(),
      configuration: await db.selectFrom('screener_configurations').selectAll().where('user_id', '=', target.clinicId).execute(),
      psychologist: await db.selectFrom('psychologists').selectAll().where('id', '=', target.psychologistId).execute(),
      slots: await db.selectFrom('availability_slots').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      appointments: await db.selectFrom('appointments').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      webhooks: await db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', target.clinicId).execute(),
      apiKeys: await db.selectFrom('api_keys').selectAll().where('clinic_id', '=', target.clinicId).orderBy('id').execute(),
      audit: await db.selectFrom('audit_log').selectAll().where('user_id', '=', target.clinicId).orderBy('id').execute(),
      members: await db.selectFrom('memberships').selectAll().where('clinic_id', '=', target.clinicId).orderBy('account_id').execute(),
      invitations: await db.selectFrom('invitations').selectAll().where('clinic_id', '=', target.clinicId).orderBy('id').execute(),
      subscription: await db.selectFrom('subscriptions').selectAll().where('user_id', '=', target.clinicId).execute(),
      paymentPolicy: await db.selectFrom('clinic_payment_policies').selectAll().where('user_id', '=', target.clinicId).execute(),
      twoFactor: await db.selectFrom('two_factor_secrets').selectAll().where('account_id', '=', target.spareMemberId).execute(),
      measureAlerts: await db.selectFrom('measure_alerts').selectAll().where('psychologist_id', '=', target.psychologistId).orderBy('id').execute(),
      recoveryCodes: await db.selectFrom('two_factor_recovery_codes').selectAll().where('account_id', '=', target.spareMemberId).orderBy('code_hash').execute(),
    };
  }

  /** A member's own second factor, through their session as the admin page does it. */
  function twoFactorOf(cookie: string, accountId: string): CallerTwoFactor {
    const setUp = async () => ((await trpcMutation(t.app, 'admin.twoFactor.setup', undefined, cookie)).data as { secret: string }).secret;
    return {
      setUp,
      turnOn: async () => {
        const secret = await setUp();
        expect((await trpcMutation(t.app, 'admin.twoFactor.enable', { code: totpCodeAt(secret, new Date()) }, cookie)).status).toBe(200);
        return secret;
      },
      knownPassword: async () => {
        const password = 'the caller’s own passphrase';
        await t.services.db.updateTable('accounts').set({ password_hash: await hashPassword(password) }).where('id', '=', accountId).execute();
        return password;
      },
    };
  }

  it.each(CASES)('$path: $role on $aim', async ({ path, role, aim }) => {
    const expected = MATRIX[path];
    const home = await clinicWithTeam();
    const elsewhere = await clinicWithTeam();
    const target = aim === 'own' ? home.own : aim === 'colleague' ? home.colleague : elsewhere.own;
    if (NEEDS_CONFIRMED.has(path)) {
      await t.services.db.updateTable('appointments').set({ status: 'confirmed' }).where('id', '=', target.appointmentId).execute();
    }
    const answer: Answer | 'own' =
      expected.own[role] === 403 ? 403 : aim === 'own' ? expected.own[role] : aim === 'other' ? expected.other : expected.colleague!;
    // What must stay as it was: the target, unless the call was allowed on it.
    const guarded = answer === 'ok' ? undefined : aim === 'other' ? elsewhere.own : target;
    if (path.startsWith('admin.twoFactor.')) {
      // The spare member of the clinic aimed at has two-factor sign-in on: it must stay so.
      await twoFactorOf(await sessionCookie(t.services, target.spareMemberId, target.clinicId), target.spareMemberId).turnOn();
    }
    const before = guarded && (await snapshot(guarded));

    const cookie = await sessionCookie(t.services, home.members[role], home.own.clinicId);
    const type = operatorProcedures.find((p) => p.path === path)!.type;
    const input = await expected.input(target, twoFactorOf(cookie, home.members[role]));
    const response = type === 'query' ? await trpcQuery(t.app, path, input, cookie) : await trpcMutation(t.app, path, input, cookie);

    if (answer === 'ok' || answer === 'own') expect(response.status, JSON.stringify(response.error)).toBeLessThan(300);
    else expect(response.status, JSON.stringify(response.error)).toBe(answer);
    if (answer === 'own') {
      // Nothing of the other clinic, or of the colleague's profile, comes back.
      const theirs = aim === 'other' ? [target.clinicId, target.configurationId, target.webhookId, target.psychologistId, target.appointmentId] : [target.psychologistId, target.appointmentId];
      for (const id of theirs) expect(JSON.stringify(response.data)).not.toContain(id);
    }
    if (guarded) expect(await snapshot(guarded)).toEqual(before);
  });
});
