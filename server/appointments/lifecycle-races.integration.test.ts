import { addSeconds } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAppointmentEvents } from '../../db/repositories/appointments';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS, type TestDatabase } from '../../db/testing/test-databases';
import type { AppServices } from '../context';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, withProofOfWork } from '../testing/booking-requests';
import { fetchProofOfWork } from '../testing/booking-challenge-solver';
import { PAIR_PUBLIC_URL, PAIR_SESSION_SECRET, type ServerPair, startServerPair } from '../testing/server-pair';
import { startTestApp, sessionCookie, type TestApp } from '../testing/test-app';
import { expireLapsedHolds } from './expire-holds';
import { manageTokenOf } from './manage-token';

type Db = TestDatabase['db'];
interface Answer {
  status: number;
  body: Record<string, unknown>;
}
/** A POST to one of the servers under test, from a visitor's own address. */
type Post = (path: string, payload: object, options?: { cookie?: string; server?: number }) => Promise<Answer>;

const bookingsMade = async (db: Db, userId: string) =>
  Number((await db.selectFrom('users').select('bookings_made').where('id', '=', userId).executeTakeFirstOrThrow()).bookings_made);
const statusOf = async (db: Db, appointmentId: string) =>
  (await db.selectFrom('appointments').select('status').where('id', '=', appointmentId).executeTakeFirstOrThrow()).status;
/** A subscribed clinic: the free allowance stays out of the races. */
async function subscribedClinic(db: Db, psychologist: Parameters<typeof insertBookableScreener>[1], clinic?: Parameters<typeof insertBookableScreener>[2]) {
  const screener = await insertBookableScreener(db, psychologist, clinic);
  await db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
  return screener;
}
const appointmentsOnSlot = (db: Db, slotId: string) => db.selectFrom('appointments').select('id').where('active_slot_id', '=', slotId).execute();

/** A booking, which carries a solved challenge (the Post implementations solve one for it). */
const isBooking = (path: string, payload: object): payload is { slug: string } => path === '/api/public/appointments' && 'slug' in payload;

/** Each change leaves the status the one before it reached. */
async function expectHistoryChains(db: Db, appointmentId: string) {
  const events = await listAppointmentEvents(db, appointmentId);
  events.slice(1).forEach((event, index) => expect(event.from).toBe(events[index]!.to));
  return events.map((event) => event.to);
}

async function book(db: Db, post: Post, screener: BookableScreener, hours: number, server = 0) {
  const slotId = await insertSlot(db, screener.psychologistId, hoursFromNow(hours));
  const booked = await post('/api/public/appointments', bookingRequest(screener, slotId), { server });
  expect(booked.status).toBe(201);
  return { slotId, appointmentId: booked.body.appointmentId as string };
}

/**
 * Holds that lapse while their visitors confirm them, at a clinic that confirms automatically:
 * each ends confirmed or expired, never both, and only a confirmed one counts.
 */
async function holdsExpiringWhileConfirmed(db: Db, post: Post, secret: string, services: Pick<AppServices, 'db' | 'now'>) {
  const screener = await subscribedClinic(db, {}, { confirmVisitorEmail: true, autoConfirmRequests: true });
  const holds = [];
  for (let i = 0; i < 8; i++) holds.push(await book(db, post, screener, 48 + i, i));
  // The server still sees each hold live; the expiry job, a few seconds ahead, sees them lapsed.
  await db.updateTable('appointments').set({ hold_expires_at: addSeconds(new Date(), 5) }).where('user_id', '=', screener.userId).execute();
  const lapsedClock = { ...services, now: () => addSeconds(new Date(), 10) };
  const [confirmations] = await Promise.all([
    Promise.all(holds.map(({ appointmentId }, i) => post(`/api/public/appointments/manage/${manageTokenOf({ sessionSecret: secret }, appointmentId)}/confirm-email`, {}, { server: i }))),
    expireLapsedHolds(lapsedClock),
    expireLapsedHolds(lapsedClock),
  ]);
  let confirmed = 0;
  for (const [i, { appointmentId, slotId }] of holds.entries()) {
    const status = await statusOf(db, appointmentId);
    expect(['confirmed', 'expired']).toContain(status);
    expect(confirmations[i]!.status).toBe(status === 'confirmed' ? 200 : 409);
    expect(await expectHistoryChains(db, appointmentId)).toEqual(['held', status]);
    expect(await appointmentsOnSlot(db, slotId)).toHaveLength(status === 'confirmed' ? 1 : 0);
    if (status === 'confirmed') confirmed++;
  }
  expect(await bookingsMade(db, screener.userId)).toBe(confirmed);
}

/** The visitor moves their appointment to a slot that many others book at the same moment: exactly one gets it. */
async function rescheduleRacingBookings(db: Db, post: Post, secret: string) {
  const screener = await subscribedClinic(db, { cancellationNoticeHours: 0 });
  for (let round = 0; round < 3; round++) {
    const { slotId: oldSlot, appointmentId } = await book(db, post, screener, 24 + round);
    const contested = await insertSlot(db, screener.psychologistId, hoursFromNow(72 + round));
    const token = manageTokenOf({ sessionSecret: secret }, appointmentId);
    const [move, ...bookings] = await Promise.all([
      post(`/api/public/appointments/manage/${token}/reschedule`, { slotId: contested }, { server: round }),
      ...Array.from({ length: 15 }, (_, i) => post('/api/public/appointments', bookingRequest(screener, contested), { server: i })),
    ]);
    const winners = [move, ...bookings].filter((answer) => answer.status < 300);
    expect(winners, `round ${round}`).toHaveLength(1);
    expect([move, ...bookings].every((answer) => answer.status < 300 || answer.status === 409)).toBe(true);
    expect(await appointmentsOnSlot(db, contested)).toHaveLength(1);
    // A move frees the old slot; a lost move leaves the appointment where it was.
    expect(await appointmentsOnSlot(db, oldSlot)).toHaveLength(move.status === 200 ? 0 : 1);
  }
}

/** The visitor cancels while the clinic confirms: the visitor's cancel stands, and each is told once. */
async function cancelRacingConfirm(db: Db, post: Post, secret: string, cookieOf: (userId: string) => Promise<string>) {
  const screener = await subscribedClinic(db, { cancellationNoticeHours: 0 });
  const cookie = await cookieOf(screener.userId);
  for (let round = 0; round < 4; round++) {
    const { appointmentId } = await book(db, post, screener, 24 + round);
    const token = manageTokenOf({ sessionSecret: secret }, appointmentId);
    const [cancel, confirm] = await Promise.all([
      post(`/api/public/appointments/manage/${token}/cancel`, {}, { server: round }),
      post(`/api/appointments/${appointmentId}/confirm`, {}, { cookie, server: round + 1 }),
    ]);
    expect(cancel.status).toBe(200);
    expect([200, 409]).toContain(confirm.status);
    expect(await statusOf(db, appointmentId)).toBe('cancelled');
    expect(await expectHistoryChains(db, appointmentId)).toEqual(confirm.status === 200 ? ['requested', 'confirmed', 'cancelled'] : ['requested', 'cancelled']);
  }
}

describe.each(TEST_DIALECTS)('lifecycle races in one server process on %s', (dialect) => {
  let t: TestApp;
  let visitor = 0;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const post: Post = async (url, payload, options = {}) => {
    const remoteAddress = `2001:db8:${(++visitor).toString(16)}::1`;
    const response = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: t.services.env.publicUrl, ...(options.cookie && { cookie: options.cookie, 'sec-fetch-site': 'same-origin' }) },
      payload: isBooking(url, payload) ? await withProofOfWork(t, payload) : payload,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('ends each hold that lapses while its visitor confirms it either confirmed or expired, and counts only the confirmed', async () => {
    await holdsExpiringWhileConfirmed(t.services.db, post, t.services.env.sessionSecret, t.services);
  });

  it('gives a contested slot to exactly one of a reschedule and many bookings', async () => {
    await rescheduleRacingBookings(t.services.db, post, t.services.env.sessionSecret);
  });

  it('lets the visitor’s cancel stand against the clinic’s confirm, with a history that chains', async () => {
    await cancelRacingConfirm(t.services.db, post, t.services.env.sessionSecret, (userId) => sessionCookie(t.services, userId));
  });
});

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('lifecycle races across two server processes on %s', (dialect) => {
  let pair: ServerPair;
  let visitor = 0;
  beforeAll(async () => {
    pair = await startServerPair(dialect);
  });
  afterAll(() => pair?.stop());

  /** Alternates between the processes by `server`, each request from another visitor's address. */
  const post: Post = async (path, payload, options = {}) => {
    const address = `2001:db8:${(++visitor).toString(16)}::1`;
    const server = pair.servers[(options.server ?? 0) % 2]!.url;
    const body = isBooking(path, payload) ? { ...payload, proofOfWork: await fetchProofOfWork(server, payload.slug) } : payload;
    const response = await fetch(`${server}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: PAIR_PUBLIC_URL,
        'x-forwarded-for': address,
        ...(options.cookie && { cookie: options.cookie, 'sec-fetch-site': 'same-origin' }),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** The deps a session cookie of the pair needs: its database, clock and secret. */
  const pairServices = () =>
    ({ db: pair.database.db, now: () => new Date(), env: { publicUrl: PAIR_PUBLIC_URL, sessionSecret: PAIR_SESSION_SECRET } }) as unknown as AppServices;

  it('ends each hold that lapses while its visitor confirms it either confirmed or expired, whichever process confirms', async () => {
    await holdsExpiringWhileConfirmed(pair.database.db, post, PAIR_SESSION_SECRET, { db: pair.database.db, now: () => new Date() });
  });

  it('gives a contested slot to exactly one of a reschedule and many bookings split across both', async () => {
    await rescheduleRacingBookings(pair.database.db, post, PAIR_SESSION_SECRET);
  });

  it('lets the visitor’s cancel on one process stand against the clinic’s confirm on the other', async () => {
    await cancelRacingConfirm(pair.database.db, post, PAIR_SESSION_SECRET, (userId) => sessionCookie(pairServices(), userId));
  });
});
