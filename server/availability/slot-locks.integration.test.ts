import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSlot } from '../../db/repositories/availability-slots';
import { insertSlot } from '../../db/testing/fixtures';
import { runningStatements } from '../../db/testing/lock-waits';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { type BookableScreener, bookingRequest, hoursFromNow, insertBookableScreener, postBooking } from '../testing/booking-requests';
import { signedInAs } from '../testing/signed-in-operator';
import { startTestApp, type TestApp } from '../testing/test-app';

const OTHER_BOOKING_MS = 5_000;

/**
 * A slot change waits for a booking of its slot in flight without holding the psychologist's
 * row meanwhile: a booking of another of their slots, whose insert takes that row shared by its
 * foreign key, still goes through (docs/decisions/0012). Taking the psychologist first would
 * make it wait for the first booking, and the two would deadlock if that booking inserted.
 * MySQL only: SQLite runs one transaction at a time and has no row locks.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('slot changes waiting for a booking in flight on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  /**
   * Whether the change waits for the slot the test holds: it runs a lock of `availability_slots`
   * naming that slot or its psychologist (the statement's text carries its values). A pause
   * instead could let the other booking go first, and the test pass without its race.
   */
  const waitingForTheSlot = async (screener: BookableScreener, slotId: string) =>
    (await runningStatements(t.services.db)).some(
      (statement) => /availability_slots.*for update/i.test(statement) && (statement.includes(slotId) || statement.includes(screener.psychologistId)),
    );

  /** Runs `change` while a transaction holds `slotId` as a booking of it does, and books `otherSlotId` once the change waits for it. */
  async function bookAnotherSlotWhileChanging(screener: BookableScreener, slotId: string, otherSlotId: string, change: () => Promise<{ status: number }>) {
    let changing: Promise<{ status: number }> | undefined;
    const other = await t.services.db.transaction().execute(async (trx) => {
      await lockSlot(trx, slotId);
      changing = change();
      await expect.poll(() => waitingForTheSlot(screener, slotId), { timeout: OTHER_BOOKING_MS, interval: 50 }).toBe(true);
      const booking = postBooking(t, bookingRequest(screener, otherSlotId));
      return Promise.race([booking, sleep(OTHER_BOOKING_MS).then(() => ({ status: 0 }))]);
    });
    return { other, changed: await changing! };
  }

  it('books another slot of the psychologist while a move waits for its slot', async () => {
    const screener = await signedInAs(t, await insertBookableScreener(t.services.db, { minimumAdvanceHours: 0 }));
    const slotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(48));
    const otherSlotId = await insertSlot(t.services.db, screener.psychologistId, hoursFromNow(72));
    const times = { startUtc: hoursFromNow(50).toISOString(), endUtc: hoursFromNow(51).toISOString() };
    const { other, changed } = await bookAnotherSlotWhileChanging(screener, slotId, otherSlotId, () =>
      screener.rest('PATCH', `/api/availability/${slotId}`, times),
    );
    expect(other.status).toBe(201);
    expect(changed.status).toBe(200);
  });

  it('books a slot of another day while clearing a day waits for one of its slots', async () => {
    const screener = await signedInAs(t, await insertBookableScreener(t.services.db, { minimumAdvanceHours: 0, timezone: 'UTC' }));
    const start = hoursFromNow(72);
    const slotId = await insertSlot(t.services.db, screener.psychologistId, start);
    const otherSlotId = await insertSlot(t.services.db, screener.psychologistId, new Date(start.getTime() + 2 * 24 * 3_600_000));
    const date = start.toISOString().slice(0, 10);
    const { other, changed } = await bookAnotherSlotWhileChanging(screener, slotId, otherSlotId, () =>
      screener.rest('DELETE', `/api/psychologists/${screener.psychologistId}/slots?date=${date}`),
    );
    expect(other.status).toBe(201);
    expect(changed).toMatchObject({ status: 200, body: { count: 1 } });
  });
});
