import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSlot } from '../../db/repositories/availability-slots';
import { countHit, ensureCounter } from '../../db/repositories/rate-limit-counters';
import { bookSlot, insertSlot } from '../../db/testing/fixtures';
import { runningStatements } from '../../db/testing/lock-waits';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { bookingRequest, hoursFromNow, insertBookableScreener, postBooking, proofOfWorkFor, visitorAddress } from '../testing/booking-requests';
import { startTestApp, type TestApp } from '../testing/test-app';
import { networkTurn, SLOT_TAKEN_MESSAGE } from './book-appointment';
import { clientKeysOf } from './client-keys';

const ANSWER_MS = 5_000;

/**
 * Most of a crowd racing for a slot waits for its lock and then finds it taken. Such a loser is
 * refused by the read after the lock, before it queues for its network's turn behind a booking
 * of another slot (docs/decisions/0012). MySQL only: SQLite runs one transaction at a time.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('a slot taken while the booking waited, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Whether a statement waits for the slot's lock (its text carries the slot's id). */
  const waitingFor = async (slotId: string) => (await runningStatements(t.services.db)).some((statement) => /availability_slots.*for update/i.test(statement) && statement.includes(slotId));

  it('is refused without waiting for the network’s turn', async () => {
    const { db } = t.services;
    const screener = await insertBookableScreener(db, { minimumAdvanceHours: 0 });
    const slotId = await insertSlot(db, screener.psychologistId, hoursFromNow(48));
    const address = visitorAddress();
    const request = { ...bookingRequest(screener, slotId), proofOfWork: await proofOfWorkFor(t, screener.slug, address) };
    const { networkKey } = clientKeysOf(t.services.env.sessionSecret, { clientEmail: request.clientEmail, client: address });
    let booking: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
    // A booking of another slot from the visitor's network, in flight: it holds the network's turn.
    const turn = networkTurn(networkKey, t.services.now());
    await ensureCounter(db, dialect, turn);
    const answer = await db.transaction().execute(async (sameNetwork) => {
      await countHit(sameNetwork, dialect, turn);
      // The slot's winner, in flight: the visitor finds the slot free, then waits for its lock.
      await db.transaction().execute(async (winner) => {
        await lockSlot(winner, slotId);
        booking = postBooking(t, request, address);
        // The visitor's booking is past its plain read and waits for the slot's lock.
        await expect.poll(() => waitingFor(slotId), { timeout: ANSWER_MS, interval: 100 }).toBe(true);
        await bookSlot(winner, { userId: screener.userId, psychologistId: screener.psychologistId, slotId });
      });
      return Promise.race([booking!, sleep(ANSWER_MS).then(() => ({ status: 0, body: {} }))]);
    });
    expect(answer).toEqual({ status: 409, body: { error: SLOT_TAKEN_MESSAGE } });
    expect(await booking).toMatchObject({ status: 409 });
  });
});
