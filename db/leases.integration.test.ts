import { randomUUID } from 'node:crypto';
import { addHours, addMinutes } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect';
import { leaseAppointmentsToRemind } from './repositories/appointments';
import { claimDueEmails, enqueueEmails } from './repositories/email-outbox';
import { bookSlot, insertOperator, insertPsychologist, insertSlot } from './testing/fixtures';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './testing/test-databases';

const lease = (now: Date, limit: number) => ({ owner: randomUUID(), now, lockedUntil: addMinutes(now, 5), limit });
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

// The claims of issue 17: one conditional UPDATE per pass, no SKIP LOCKED, on two connections.
describe.each(TEST_DIALECTS)('portable leases on %s', (dialect) => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    other = connectDatabase(database.url);
  });
  afterAll(async () => {
    await other.db.destroy();
    await database.drop();
  });

  it('shares the due mails between racing passes, none twice, and passes on a lease that lapsed', async () => {
    const now = new Date();
    const mails = Array.from({ length: 10 }, (_, n) => ({ kind: 'lease', to: `lease-${n}@klinik.example`, subject: 's', text: 't', html: 'h' }));
    const queued = await enqueueEmails(database.db, mails, now);
    const [first, second] = await Promise.all([
      claimDueEmails(database.db, dialect, lease(now, 6)),
      claimDueEmails(other.db, dialect, lease(now, 6)),
    ]);
    expect([...ids(first!), ...ids(second!)].sort()).toEqual([...queued].sort());
    expect(await claimDueEmails(database.db, dialect, lease(now, 10))).toEqual([]);

    const afterTheLease = addMinutes(now, 6);
    expect(await claimDueEmails(other.db, dialect, lease(afterTheLease, 10))).toHaveLength(10);
  });

  it('shares the appointments to remind between racing passes, none twice, and only confirmed ones in the range', async () => {
    const now = new Date();
    const { userId } = await insertOperator(database.db, { username: `lease-${dialect}` });
    const psychologistId = await insertPsychologist(database.db, userId);
    const book = async (startsIn: number, status: 'confirmed' | 'requested') => {
      const id = await bookSlot(database.db, { userId, psychologistId, slotId: await insertSlot(database.db, psychologistId, addHours(now, startsIn)) });
      await database.db.updateTable('appointments').set({ status }).where('id', '=', id).execute();
      return id;
    };
    const inRange = await Promise.all([3, 4, 5, 6, 7].map((hours) => book(hours, 'confirmed')));
    await book(8, 'requested');
    await book(30, 'confirmed');

    const range = { after: now, until: addHours(now, 24) };
    const [first, second] = await Promise.all([
      leaseAppointmentsToRemind(database.db, dialect, range, lease(now, 3)),
      leaseAppointmentsToRemind(other.db, dialect, range, lease(now, 3)),
    ]);
    expect([...ids(first!), ...ids(second!)].sort()).toEqual([...inRange].sort());
    expect(await leaseAppointmentsToRemind(database.db, dialect, range, lease(now, 10))).toEqual([]);
  });
});
