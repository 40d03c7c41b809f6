import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot, insertSlot } from '../db/testing/fixtures';
import { hashSecretToken, newSecretToken } from './auth/secret-tokens';
import { TEST_DIALECTS } from '../db/testing/test-databases';
import { REST_ROUTES } from './rest/routes';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, visitorAddress, withProofOfWork } from './testing/booking-requests';
import { startTestApp, type TestApp, trpcMutation, trpcQuery } from './testing/test-app';
import { listProcedures } from './trpc/root';
import { newScreeningId } from './testing/screenings';
import { insertMeasure, insertPlan } from '../db/testing/measure-rows';
import { insertBookingPaymentTerms } from '../db/repositories/booking-payment-terms';
import { PHQ9_GAD7_QUESTIONS } from '../domain/measures';
import { NO_PAYMENT_POLICY } from '../domain/payment-policy';
import { measureTokenOf } from './measures/measure-token';
import { paymentTokenOf } from './payments/booking-payment-step';

/** Keys that name what only the server and the operator may know. */
/**
 * Keys that look internal but hold what a clinic chose to publish: the e-mail it gives visitors
 * (never its account's e-mail, decision 0049), on the visitor's own appointment page.
 */
const PUBLIC_BY_CHOICE = new Set(['answer.visitorContact.email']);
const INTERNAL_KEY = /^(user_?id|owner_?id|operator_?id|username|e-?mail|password\w*|session\w*|stripe\w*|customer\w*)$/i;

interface Screener extends BookableScreener {
  /** A free slot per call: each booking takes one. */
  freeSlot: () => Promise<string>;
  /** The private-link token of a new hold on a free slot, as its visitor's e-mail carries it. */
  heldToken: () => Promise<string>;
  /** The psychologist's calendar subscription token, as the clinic's renewed link carries it. */
  calendarToken: () => Promise<string>;
  /** A booking request on a free slot with its challenge solved. */
  solvedBooking: () => Promise<object>;
  /** The link token of a new repeat measure, sent and not yet answered, of a booking's client. */
  measureToken: () => Promise<string>;
  /** A paid booking's id and its payment token, as the booking answer gives its visitor. */
  paidBooking: () => Promise<{ appointmentId: string; token: string }>;
}

const DASS21_RESULTS = { depression: { score: 14, level: 'moderate' }, anxiety: { score: 8, level: 'mild' }, stress: { score: 20, level: 'moderate' } };
const COMBINED_RESULTS = { whooley: { score: 1, level: 'positive' }, phq9: { score: 9, level: 'mild' }, gad7: { score: 14, level: 'moderate' } };

/**
 * A visitor's call of every procedure anyone may call without signing in. The operator's own
 * account procedures (sign-in, sign-up, reset) are left out: they answer the operator about
 * themselves.
 */
const VISITOR_CALLS: Record<string, (screener: Screener) => Promise<object | undefined>> = {
  'public.configuration.byId': async (s) => ({ id: s.configurationId }),
  'public.configuration.bySlug': async (s) => ({ slug: s.slug }),
  'public.analyze': async () => ({ results: DASS21_RESULTS, followUpResponses: [], language: 'en' }),
  'public.analyzeCombined': async () => ({ results: COMBINED_RESULTS, language: 'en' }),
  'public.psychologists': async (s) => ({ slug: s.slug }),
  'public.availability': async (s) => ({ slug: s.slug, psychologistId: s.psychologistId }),
  'public.bookingChallenge': async (s) => ({ slug: s.slug }),
  'public.bookAppointment': async (s) => s.solvedBooking(),
  'public.bookingTerms': async (s) => ({ slug: s.slug }),
  'public.ownAppointment.view': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.confirmEmail': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.cancel': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.reschedule': async (s) => ({ token: await s.heldToken(), slotId: await s.freeSlot() }),
  'public.ownAppointment.data': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.erase': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.stopWhatsapp': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.withdrawMeasures': async (s) => ({ token: await s.heldToken() }),
  'public.ownAppointment.exportMeasures': async (s) => ({ token: await s.heldToken() }),
  'public.measure.view': async (s) => ({ token: await s.measureToken() }),
  'public.measure.answer': async (s) => ({ token: await s.measureToken(), answers: Object.fromEntries(PHQ9_GAD7_QUESTIONS.map((question) => [String(question.id), 0])) }),
  'public.measure.withdraw': async (s) => ({ token: await s.measureToken() }),
  'public.bookingPayment': async (s) => s.paidBooking(),
  'public.calendarFeed': async (s) => ({ token: await s.calendarToken() }),
  'public.screenerEvents': async (s) => ({ screener: s.configurationId, screening: newScreeningId(), events: [{ kind: 'started', testType: 'Combined' }] }),
  'billing.visitorInfo': async () => undefined,
  'billing.checkSubscription': async (s) => ({ slug: s.slug }),
};

/** Where in an answer an internal key sits, or a value that belongs to the operator. */
function internalFieldsIn(answer: unknown, operatorValues: string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (operatorValues.some((own) => value.toLowerCase().includes(own.toLowerCase()))) found.push(`${path} = ${value}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (INTERNAL_KEY.test(key) && !PUBLIC_BY_CHOICE.has(`${path}.${key}`)) found.push(`${path}.${key}`);
        walk(item, `${path}.${key}`);
      }
    }
  };
  walk(answer, 'answer');
  return found;
}

/**
 * Public answers carry what a visitor's screen needs and nothing of the operator behind it: no
 * owner id (with a leaked session secret it sealed an operator's cookie), no username, no
 * e-mail of the operator or the psychologists.
 */
describe.each(TEST_DIALECTS)('public answers on %s', (dialect) => {
  let t: TestApp;
  let screener: Screener;
  let operatorValues: string[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const bookable = await insertBookableScreener(t.services.db);
    let hours = 48;
    const freeSlot = () => insertSlot(t.services.db, bookable.psychologistId, hoursFromNow((hours += 2)));
    const heldToken = async () => {
      const token = newSecretToken();
      const appointmentId = await bookSlot(t.services.db, { ...bookable, slotId: await freeSlot() });
      await t.services.db
        .updateTable('appointments')
        .set({ status: 'held', manage_token_hash: hashSecretToken(token), hold_expires_at: hoursFromNow(0.5) })
        .where('id', '=', appointmentId)
        .execute();
      return token;
    };
    const calendarToken = async () => {
      const token = newSecretToken();
      await t.services.db.updateTable('psychologists').set({ calendar_token_hash: hashSecretToken(token) }).where('id', '=', bookable.psychologistId).execute();
      return token;
    };
    const solvedBooking = async () => withProofOfWork(t, bookingRequest(bookable, await freeSlot()));
    const booked = async () => bookSlot(t.services.db, { ...bookable, slotId: await freeSlot() });
    const measureToken = async () => {
      const plan = await insertPlan(t.services.db, { ...bookable, appointmentId: await booked(), instruments: 'phq9Gad7', enrolledAt: new Date() });
      const measureId = await insertMeasure(t.services.db, { ...plan, userId: bookable.userId }, { sentAt: new Date() });
      const token = measureTokenOf(t.services.env, measureId);
      await t.services.db.updateTable('measures').set({ token_hash: hashSecretToken(token) }).where('id', '=', measureId).execute();
      return token;
    };
    // A paid booking past its hold answers where it stands without asking Stripe, which this app has not.
    const paidBooking = async () => {
      const appointmentId = await booked();
      const terms = { appointmentId, userId: bookable.userId, stripeAccountId: 'acct_clinic', amountSen: 5000, priceSen: 20000, paymentMethods: ['card' as const], platformFeeSen: 0, policy: NO_PAYMENT_POLICY };
      await insertBookingPaymentTerms(t.services.db, terms, new Date());
      return { appointmentId, token: paymentTokenOf(t.services.env, appointmentId) };
    };
    screener = { ...bookable, freeSlot, heldToken, calendarToken, solvedBooking, measureToken, paidBooking };
    // Every booking and confirmation below counts: past the free allowance, only a subscription books.
    await t.services.db.insertInto('subscriptions').values({ user_id: bookable.userId, status: 'active', updated_at: new Date() }).execute();
    await screener.freeSlot();
    operatorValues = [bookable.userId, bookable.username, bookable.operatorEmail, bookable.psychologistEmail];
  });
  afterAll(() => t.close());

  it('has a visitor call for every public procedure', () => {
    const publicPaths = listProcedures()
      .filter((procedure) => procedure.access === 'public' && !procedure.path.startsWith('auth.'))
      .map((procedure) => procedure.path);
    expect(Object.keys(VISITOR_CALLS).sort()).toEqual(publicPaths.sort());
  });

  it('answers no internal field over tRPC', async () => {
    const procedures = new Map(listProcedures().map((procedure) => [procedure.path as string, procedure]));
    for (const [path, visitorCall] of Object.entries(VISITOR_CALLS)) {
      const input = await visitorCall(screener);
      const origin = { headers: { origin: t.services.env.publicUrl }, remoteAddress: visitorAddress() };
      const result =
        procedures.get(path)!.type === 'query'
          ? await trpcQuery(t.app, path, input)
          : await trpcMutation(t.app, path, input, undefined, origin);
      expect(result.status, path).toBe(200);
      expect(internalFieldsIn(result.data, operatorValues), path).toEqual([]);
    }
  });

  it('answers no internal field over REST', async () => {
    const publicRoutes = REST_ROUTES.filter((route) => route.procedure in VISITOR_CALLS);
    expect(publicRoutes.length).toBeGreaterThanOrEqual(Object.keys(VISITOR_CALLS).length);
    for (const route of publicRoutes) {
      const input: Record<string, unknown> = { ...(await VISITOR_CALLS[route.procedure]!(screener)) };
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => {
        const value = String(input[name]);
        delete input[name];
        return encodeURIComponent(value);
      });
      const response = await t.app.inject({
        method: route.method,
        url: route.method === 'GET' ? `${url}?${new URLSearchParams(input as Record<string, string>)}` : url,
        remoteAddress: visitorAddress(),
        headers: { origin: t.services.env.publicUrl },
        ...(route.method !== 'GET' && { payload: input }),
      });
      expect(response.statusCode, route.path).toBe(route.successStatus ?? 200);
      // A calendar is text: none of it may name the operator or the psychologist's e-mail either.
      const answer: unknown = route.contentType ? response.body : response.json();
      expect(internalFieldsIn(answer, operatorValues), route.path).toEqual([]);
    }
  });
});
