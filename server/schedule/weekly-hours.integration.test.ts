import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceWeeklyRanges } from '../../db/repositories/weekly-schedules';
import { TEST_DIALECTS } from '../../db/testing/test-databases';
import { startOfScheduleSlotId } from '../../domain/schedule-slot-id';
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
    const address = visitorAddress();
    const headers = { origin: PAIR_PUBLIC_URL, 'x-forwarded-for': address };
    const proofOfWork = await fetchProofOfWork(server.url, screener.slug, headers);
    const response = await fetch(`${server.url}/api/public/appointments`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...bookingRequest(screener, slotId), proofOfWork }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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
});
