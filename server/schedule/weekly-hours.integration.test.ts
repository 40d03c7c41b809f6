import { setTimeout as delay } from 'node:timers/promises';
import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperatorById } from '../../db/repositories/users';
import { replaceWeeklyRanges } from '../../db/repositories/weekly-schedules';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { startOfScheduleSlotId } from '../../domain/schedule-slot-id';
import { generateAvailability } from '../availability/generate-availability';
import { translationsFor } from '../translations';
import { fetchProofOfWork } from '../testing/booking-challenge-solver';
import { bookingRequest, insertBookableScreener, type BookableScreener, visitorAddress } from '../testing/booking-requests';
import { PAIR_PUBLIC_URL, type ServerPair, startServerPair } from '../testing/server-pair';
import type { ServerProcess } from '../testing/spawn-server';

const slotTaken = translationsFor('en').booking.slotTaken();
const everyDayAllDay = Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:00' }));

describe.each(TEST_DIALECTS)('booking from weekly hours with two server processes on one %s database', (dialect) => {
  let pair: ServerPair;
  let screener: BookableScreener;
  beforeAll(async () => {
    pair = await startServerPair(dialect);
    screener = await insertBookableScreener(pair.database.db, { minimumAdvanceHours: 1 });
    await replaceWeeklyRanges(pair.database.db, screener.psychologistId, everyDayAllDay);
  }, 60_000);
  afterAll(() => pair?.stop());

  async function freeTimes(server: ServerProcess): Promise<{ id: string; startUtc: string }[]> {
    const query = new URLSearchParams({ slug: screener.slug, psychologistId: screener.psychologistId });
    const response = await fetch(`${server.url}/api/public/availability?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string; startUtc: string }[];
  }

  async function book(server: ServerProcess, slotId: string) {
    return (await readyToBook(server))(slotId);
  }

  /** Solves the booking challenge first, so the booking itself can start at a chosen moment. */
  async function readyToBook(server: ServerProcess) {
    const address = visitorAddress();
    const headers = { origin: PAIR_PUBLIC_URL, 'x-forwarded-for': address };
    const proofOfWork = await fetchProofOfWork(server.url, screener.slug, headers);
    return async (slotId: string) => {
      const response = await fetch(`${server.url}/api/public/appointments`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ...bookingRequest(screener, slotId), proofOfWork }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
  }

  it('offers the weekly hours as free times with nothing generated, and exactly one of two processes racing for a time wins', async () => {
    const [a, b] = pair.servers;
    const offered = await freeTimes(a);
    // Hourly sessions 00:00–23:00 every day, from an hour ahead to 30 days ahead.
    expect(offered.length).toBeGreaterThan(600);
    const time = offered[0]!;
    expect(startOfScheduleSlotId(time.id, screener.psychologistId)?.toISOString()).toBe(new Date(time.startUtc).toISOString());
    expect(await pair.database.db.selectFrom('availability_slots').select('id').execute()).toEqual([]);

    const answers = await Promise.all([book(a, time.id), book(b, time.id)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ error: slotTaken });

    // One slot row, held by one appointment; neither process offers the time any more.
    const rows = await pair.database.db.selectFrom('appointments').select(['slot_id', 'active_slot_id']).execute();
    expect(rows).toEqual([{ slot_id: time.id, active_slot_id: time.id }]);
    for (const server of [a, b]) expect((await freeTimes(server)).map((free) => free.id)).not.toContain(time.id);
    // The next time is still free, and a second booking of it from the other process succeeds.
    expect((await book(b, offered[1]!.id)).status).toBe(201);
  }, 60_000);

  it('never lets a generation and a booking of a weekly-hours time both take the same hour, a server process booking while this one generates', async () => {
    const zone = 'Asia/Kuala_Lumpur';
    const clinic = await findOperatorById(pair.database.db, screener.userId);
    // The clinic's owner, generating from this test's own connection: a third process on the database.
    const member = { accountId: clinic!.id, username: clinic!.username, email: clinic!.email, role: 'owner' as const, psychologistId: null, twoFactorSetupRequired: false };
    const operator = { db: pair.database.db, now: () => new Date(), admin: clinic!, member };
    // The 10:00 session of each of the next days, none booked yet.
    const tens = (await freeTimes(pair.servers[0])).filter((time) => formatInTimeZone(new Date(time.startUtc), zone, 'HH:mm') === '10:00').slice(2, 10);
    expect(tens).toHaveLength(8);
    const outcomes: string[] = [];
    for (const [round, time] of tens.entries()) {
      const local = (format: string) => formatInTimeZone(new Date(time.startUtc), zone, format);
      const booking = await readyToBook(pair.servers[round % 2]!);
      // One 60-minute slot 09:30–10:30 over the 10:00 session, generated as the booking runs.
      const [booked, generated] = await Promise.all([
        booking(time.id),
        // Started a few milliseconds later each round, so each side is sometimes first.
        delay(round * 3).then(() =>
          generateAvailability(operator, {
            psychologistId: screener.psychologistId,
            startDate: local('yyyy-MM-dd'),
            endDate: local('yyyy-MM-dd'),
            startTime: '09:30',
            endTime: '10:30',
            daysOfWeek: [Number(local('i')) % 7],
          }),
        ),
      ]);
      // One of the two, never both: the booking first and nothing generated, or the slot first and the time gone.
      const outcome = `${booked.status} ${generated.count}`;
      expect(['201 0', '404 1']).toContain(outcome);
      outcomes.push(outcome);
      const day = { from: new Date(Date.parse(time.startUtc) - 3_600_000), to: new Date(Date.parse(time.startUtc) + 3_600_000) };
      const rows = await pair.database.db
        .selectFrom('availability_slots')
        .select('id')
        .where('psychologist_id', '=', screener.psychologistId)
        .where('start_utc', '>', day.from)
        .where('start_utc', '<', day.to)
        .execute();
      expect(rows).toHaveLength(1);
    }
    // Which wins is the race's; what matters is that each round had one winner.
    expect(outcomes).toHaveLength(8);
  }, 120_000);
});
