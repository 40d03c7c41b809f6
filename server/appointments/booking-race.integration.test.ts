import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSlot } from '../../db/testing/fixtures';
import { TEST_DIALECTS, type TestDatabase } from '../../db/testing/test-databases';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { fetchProofOfWork } from '../testing/booking-challenge-solver';
import { PAIR_PUBLIC_URL, type ServerPair, startServerPair } from '../testing/server-pair';
import type { SmtpCapture } from '../testing/smtp-capture';
import { startTestApp, type TestApp } from '../testing/test-app';
import { FREE_LIMIT_MESSAGE, SLOT_TAKEN_MESSAGE } from './book-appointment';

const ROUNDS = 3;
const ATTEMPTS_PER_SLOT = 50;

type Attempt = (payload: { slug: string }, index: number) => Promise<{ status: number; body: Record<string, unknown> }>;

const statusCounts = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

async function appointmentsOnSlot(db: TestDatabase['db'], slotId: string) {
  return db.selectFrom('appointments').select('id').where('slot_id', '=', slotId).execute();
}

async function bookingsMade(db: TestDatabase['db'], userId: string) {
  const row = await db.selectFrom('users').select('bookings_made').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.bookings_made);
}

/** A subscribed operator's screener: the free limit stays out of the slot races. */
async function subscribedScreener(db: TestDatabase['db']) {
  // Confirmed automatically, so each booking counts as it is made.
  const screener = await insertBookableScreener(db, {}, { autoConfirmRequests: true });
  await db.insertInto('subscriptions').values({ user_id: screener.userId, status: 'active', updated_at: new Date() }).execute();
  return screener;
}

/** Every attempt at once on one slot, round after round: exactly one wins each time. */
async function raceForOneSlot(db: TestDatabase['db'], screener: BookableScreener, attempt: Attempt) {
  for (let round = 0; round < ROUNDS; round++) {
    const slotId = await insertSlot(db, screener.psychologistId, hoursFromNow(24 + round));
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS_PER_SLOT }, (_, i) => attempt(bookingRequest(screener, slotId), i)),
    );
    expect(statusCounts(results), `round ${round}`).toEqual({ 201: 1, 409: ATTEMPTS_PER_SLOT - 1 });
    for (const loser of results.filter((r) => r.status === 409)) expect(loser.body).toEqual({ error: SLOT_TAKEN_MESSAGE });
    expect(await appointmentsOnSlot(db, slotId)).toHaveLength(1);
  }
}

/** An unsubscribed operator, confirming automatically, with 2 of 3 free bookings used: of 20 bookings at once, one fits. */
async function raceForTheLastFreeBooking(db: TestDatabase['db'], attempt: Attempt) {
  const screener = await insertBookableScreener(db, {}, { autoConfirmRequests: true });
  for (const hours of [24, 25]) {
    const slotId = await insertSlot(db, screener.psychologistId, hoursFromNow(hours));
    expect((await attempt(bookingRequest(screener, slotId), 0)).status).toBe(201);
  }
  const slotIds = await Promise.all(Array.from({ length: 20 }, (_, i) => insertSlot(db, screener.psychologistId, hoursFromNow(30 + i))));
  const results = await Promise.all(slotIds.map((slotId, i) => attempt(bookingRequest(screener, slotId), i)));
  expect(statusCounts(results)).toEqual({ 201: 1, 409: 19 });
  for (const loser of results.filter((r) => r.status === 409)) expect(loser.body).toEqual({ error: FREE_LIMIT_MESSAGE });
  const booked = await db.selectFrom('appointments').select('id').where('user_id', '=', screener.userId).execute();
  expect(booked).toHaveLength(3);
  expect(await bookingsMade(db, screener.userId)).toBe(3);
}

/**
 * Bookings of different slots of one psychologist, all at once: each takes its own slot, and
 * none deadlocks with another over the psychologist's or the operator's row.
 */
async function bookManySlotsAtOnce(db: TestDatabase['db'], screener: BookableScreener, attempt: Attempt) {
  const slotIds = await Promise.all(Array.from({ length: 20 }, (_, i) => insertSlot(db, screener.psychologistId, hoursFromNow(60 + i))));
  const before = await bookingsMade(db, screener.userId);
  const results = await Promise.all(slotIds.map((slotId, i) => attempt(bookingRequest(screener, slotId), i)));
  expect(statusCounts(results)).toEqual({ 201: 20 });
  for (const slotId of slotIds) expect(await appointmentsOnSlot(db, slotId)).toHaveLength(1);
  expect(await bookingsMade(db, screener.userId)).toBe(before + 20);
}

describe.each(TEST_DIALECTS)('concurrent bookings in one server process on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const attempt: Attempt = (payload) => postBooking(t, payload);

  it(`lets exactly one of ${ATTEMPTS_PER_SLOT} simultaneous bookings of a slot through, round after round`, async () => {
    await raceForOneSlot(t.services.db, await subscribedScreener(t.services.db), attempt);
  });

  it('never takes an unsubscribed operator past the free limit', async () => {
    await raceForTheLastFreeBooking(t.services.db, attempt);
  });

  it('books 20 different slots of one psychologist at once, each exactly once', async () => {
    await bookManySlotsAtOnce(t.services.db, await subscribedScreener(t.services.db), attempt);
  });
});

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('two server processes sharing one %s database', (dialect) => {
  let pair: ServerPair;
  let database: TestDatabase;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    pair = await startServerPair(dialect);
    ({ database, smtp } = pair);
  });
  afterAll(() => pair?.stop());

  let visitor = 0;
  /** Alternates between the two processes, each request from another visitor's address. */
  const attempt: Attempt = async (payload, index) => {
    const address = `2001:db8:${(++visitor).toString(16)}::1`;
    const server = pair.servers[index % 2]!.url;
    const proofOfWork = await fetchProofOfWork(server, payload.slug);
    const response = await fetch(`${server}/api/public/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PAIR_PUBLIC_URL, 'x-forwarded-for': address },
      body: JSON.stringify({ ...payload, proofOfWork }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it(`lets exactly one of ${ATTEMPTS_PER_SLOT} bookings of a slot through, split across both, round after round`, async () => {
    const screener = await subscribedScreener(database.db);
    await raceForOneSlot(database.db, screener, attempt);
    // Both processes' outbox workers share the mails of the winners: each goes out once.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(screener.operatorEmail)).length, { timeout: 15_000 }).toBe(ROUNDS);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(screener.psychologistEmail)).length, { timeout: 15_000 }).toBe(ROUNDS);
    const winners = await database.db.selectFrom('appointments').select('client_email').where('user_id', '=', screener.userId).execute();
    for (const { client_email } of winners) {
      await expect.poll(() => smtp.messages.filter((m) => m.to.includes(client_email)).length, { timeout: 15_000 }).toBe(1);
    }
  });

  it('never takes an unsubscribed operator past the free limit, whichever process takes the bookings', async () => {
    await raceForTheLastFreeBooking(database.db, attempt);
  });

  it('books 20 different slots of one psychologist at once across both, each exactly once', async () => {
    await bookManySlotsAtOnce(database.db, await subscribedScreener(database.db), attempt);
  });

  it('books and mails once when a booking is retried on the other process with its Idempotency-Key', async () => {
    const screener = await subscribedScreener(database.db);
    const slotId = await insertSlot(database.db, screener.psychologistId, hoursFromNow(200));
    const address = '2001:db8:ffff::1';
    const [first, second] = pair.servers.map((server) => server.url);
    const body = JSON.stringify({ ...bookingRequest(screener, slotId), proofOfWork: await fetchProofOfWork(first!, screener.slug) });
    const key = randomUUID();
    const book = (server: string) =>
      fetch(`${server}/api/public/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PAIR_PUBLIC_URL, 'x-forwarded-for': address, 'idempotency-key': key },
        body,
      });
    const booked = await book(first!);
    expect(booked.status).toBe(201);
    const retried = await book(second!);
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await retried.json()).toEqual(await booked.json());
    expect(await appointmentsOnSlot(database.db, slotId)).toHaveLength(1);
    const { clientEmail } = JSON.parse(body) as { clientEmail: string };
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(clientEmail)).length, { timeout: 15_000 }).toBe(1);
  });
});
