import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import type { AppServices } from '../context';
import { type AlertClinic, alertClinic, raiseAlert } from '../testing/measure-alerts';
import { PAIR_PUBLIC_URL, PAIR_SESSION_SECRET, type ServerPair, startServerPair } from '../testing/server-pair';
import { sessionCookie } from '../testing/test-app';

// Enough that the two processes' first passes overlap, each reading the same alerts.
const NEW_ALERTS = 30;
const STALE_ALERTS = 15;
const HOUR = 3_600_000;

// Issue 30: an alert's notice, its escalation and its acknowledgement each happen once, whatever the number of processes.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'mysql'))('the measure alerts of two server processes sharing one %s database', (dialect) => {
  let pair: ServerPair;
  let clinic: AlertClinic;
  const now = Date.now();
  beforeAll(async () => {
    // The alerts wait before the processes start: both meet them in the pass each runs at start.
    pair = await startServerPair(dialect, {}, async ({ db }) => {
      clinic = await alertClinic(db);
      for (let i = 0; i < NEW_ALERTS; i++) await raiseAlert(db, clinic.plan, new Date(now - i * 1_000));
      for (let i = 0; i < STALE_ALERTS; i++) {
        const id = await raiseAlert(db, clinic.plan, new Date(now - 26 * HOUR - i * 1_000), 'deterioration:gad7');
        await db.updateTable('measure_alerts').set({ notified_at: new Date(now - 25 * HOUR) }).where('id', '=', id).execute();
      }
    });
  });
  afterAll(() => pair?.stop());

  it('sends each new alert and each escalation once while both processes run the job', async () => {
    const db = pair.database.db;
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

  it('records each alert acknowledged once when the owner acknowledges it on both processes at the same moment', async () => {
    const db = pair.database.db;
    const services = { db, now: () => new Date(), env: { publicUrl: PAIR_PUBLIC_URL, sessionSecret: PAIR_SESSION_SECRET } } as unknown as AppServices;
    const cookie = await sessionCookie(services, clinic.owner.userId);
    const alerts = await db.selectFrom('measure_alerts').select('id').where('user_id', '=', clinic.owner.userId).limit(10).execute();
    const acknowledge = (alertId: string, server: 0 | 1) =>
      fetch(`${pair.servers[server].url}/api/measure-alerts/${alertId}/acknowledge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PAIR_PUBLIC_URL, cookie, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ note: `from process ${server}` }),
      });
    const answers = await Promise.all(alerts.flatMap(({ id }) => [acknowledge(id, 0), acknowledge(id, 1)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const audited = await db.selectFrom('audit_log').select('id').where('user_id', '=', clinic.owner.userId).where('action', '=', 'measure-alert.acknowledged').execute();
    expect(audited).toHaveLength(alerts.length);
  });
});
