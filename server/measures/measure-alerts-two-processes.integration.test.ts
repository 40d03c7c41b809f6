import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { alertClinic, raiseAlert } from '../testing/measure-alerts';
import { type ServerPair, startServerPair } from '../testing/server-pair';

const NEW_ALERTS = 6;
const STALE_ALERTS = 4;
const HOUR = 3_600_000;

// Issue 30: an alert's notice and its escalation each go once, whatever the number of processes.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('the measure alerts of two server processes sharing one %s database', (dialect) => {
  let pair: ServerPair;
  beforeAll(async () => {
    pair = await startServerPair(dialect);
  });
  afterAll(() => pair?.stop());

  it('sends each new alert and each escalation once while both processes run the job', async () => {
    const db = pair.database.db;
    const clinic = await alertClinic(db);
    const now = Date.now();
    for (let i = 0; i < NEW_ALERTS; i++) await raiseAlert(db, clinic.plan, new Date(now - i * 1_000));
    for (let i = 0; i < STALE_ALERTS; i++) {
      const id = await raiseAlert(db, clinic.plan, new Date(now - 26 * HOUR - i * 1_000), 'deterioration:gad7');
      await db.updateTable('measure_alerts').set({ notified_at: new Date(now - 25 * HOUR) }).where('id', '=', id).execute();
    }
    const unsent = () =>
      db
        .selectFrom('measure_alerts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', clinic.owner.userId)
        .where((eb) => eb.or([eb('notified_at', 'is', null), eb('escalated_at', 'is', null).and('raised_at', '<', new Date(now - 24 * HOUR))]))
        .executeTakeFirstOrThrow();
    // Both processes run the job at start and every 30 s.
    await expect.poll(async () => Number((await unsent()).count), { timeout: 45_000, interval: 500 }).toBe(0);

    // Each new alert to the owner, the admin and the client's psychologist; each escalation to the owner and admin only.
    const staff = { owner: clinic.owner.userId, admin: clinic.members.admin.accountId, aisyah: clinic.members.aisyah.accountId };
    const addresses = await db.selectFrom('accounts').select(['id', 'email']).where('id', 'in', Object.values(staff)).execute();
    const whose = new Map(addresses.map((row) => [row.email, Object.entries(staff).find(([, id]) => id === row.id)![0]]));
    const expected = { owner: NEW_ALERTS + STALE_ALERTS, admin: NEW_ALERTS + STALE_ALERTS, aisyah: NEW_ALERTS };
    const received = () => {
      const counts: Record<string, number> = { owner: 0, admin: 0, aisyah: 0 };
      for (const mail of pair.smtp.messages) for (const to of mail.to) if (whose.has(to)) counts[whose.get(to)!]!++;
      return counts;
    };
    // The outbox of the two delivers what was queued; sent rows forget their recipient, so the mails are counted where they arrive.
    await expect.poll(received, { timeout: 30_000, interval: 500 }).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received()).toEqual(expected);
  });
});
