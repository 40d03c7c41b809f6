import type { OperatorContext } from '../context';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatInTimeZone } from 'date-fns-tz';
import type { Transaction } from 'kysely';
import { inTransaction } from '../../db/transaction';
import { insertSlots, listSlotsOverlapping, lockScheduleOf } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import type { Database } from '../../db/schema';
import {
  addCalendarMonths,
  type AvailabilityPattern,
  countSlotTimes,
  generateSlotTimes,
  MAX_GENERATION_MONTHS_AHEAD,
  MAX_SLOTS_PER_GENERATION,
  patternParts,
  withoutOverlaps,
} from '../../domain/slots';
import { keepClearOf } from '../../domain/weekly-schedule';
import { AppError, NotFoundError } from '../errors';
import type { GenerateAvailabilityRequest } from './generate-availability.types';
import { refuseOutsideProfile } from '../members/profile-scope';

/**
 * Slots are written in parts of at most this many (whole days), one transaction each: lock the
 * psychologist's row, one range query for the part's overlaps, one multi-row INSERT (insertSlots
 * takes up to 500 rows a statement), commit. So bookings and other operators' requests wait for
 * one part's transaction at most (on SQLite it holds the one connection and the event loop),
 * never for the whole generation. 250 by measurement on MariaDB on a loaded 2-core machine: a
 * part's transaction took about 20 ms (median), and other requests stayed under 100 ms; with
 * 500 they did not, and 100 cost two and a half times the statements (docs/decisions/0006).
 */
const SLOTS_PER_PART = 250;

/**
 * Creates the psychologist's slots for a weekly pattern, up to MAX_GENERATION_MONTHS_AHEAD and
 * MAX_SLOTS_PER_GENERATION. A slot overlapping any existing slot (booked or free) is left out
 * rather than stacked, as is one already in the past (docs/decisions/0006), and so is one within
 * the buffer of a booked weekly-hours time (keepClearOf, docs/decisions/0047). The slots are
 * written in short transactions that each take the psychologist's schedule lock and row before
 * looking: two generations for one psychologist, or a generation and a booking of a weekly-hours
 * time, take turns, and never double a slot or put one over a booking.
 * Between transactions the event loop serves other requests: on SQLite a write blocks the
 * whole process.
 */
export async function generateAvailability(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'member'>,
  input: GenerateAvailabilityRequest,
): Promise<{ count: number; psychologist: { name: string } }> {
  const userId = ctx.admin.id;
  refuseOutsideProfile(ctx.member, input.psychologistId, 'psychologist');
  const psychologist = await findPsychologistOf(ctx.db, userId, input.psychologistId);
  if (!psychologist) throw new NotFoundError('psychologist');
  const now = ctx.now();
  const pattern = upcomingPattern(
    {
      ...input,
      timezone: input.timezone ?? psychologist.timezone,
      slotDurationMinutes: psychologist.slotDurationMinutes,
      bufferMinutes: psychologist.bufferMinutes,
    },
    now,
  );
  let count = 0;
  for (const part of patternParts(pattern, SLOTS_PER_PART)) {
    count += await inTransaction(ctx.db, async (trx) => {
      // Held until the transaction ends, so a concurrent generation, or booking of a weekly-hours
      // time, cannot slip a slot in between an overlap check and its insert. The schedule lock
      // first, as a booking of a weekly-hours time takes it.
      await lockScheduleOf(trx, psychologist.id, now);
      if (!(await findPsychologistOf(trx, userId, psychologist.id, { lock: true }))) throw new NotFoundError('psychologist');
      return writePart(trx, { psychologistId: psychologist.id, now }, part);
    });
    await nextTurn();
  }
  return { count, psychologist: { name: psychologist.name } };
}

/** The pattern from the psychologist's today on; refused when it reaches too far or makes too many slots. */
function upcomingPattern(pattern: AvailabilityPattern, now: Date): AvailabilityPattern {
  const today = formatInTimeZone(now, pattern.timezone, 'yyyy-MM-dd');
  const lastDate = addCalendarMonths(today, MAX_GENERATION_MONTHS_AHEAD);
  if (pattern.endDate > lastDate) {
    throw new AppError('BAD_REQUEST', (t) => t.limits.availability.tooFarAhead({ months: MAX_GENERATION_MONTHS_AHEAD, lastDate }));
  }
  const upcoming = { ...pattern, startDate: pattern.startDate > today ? pattern.startDate : today };
  const count = countSlotTimes(upcoming);
  if (count > MAX_SLOTS_PER_GENERATION) {
    throw new AppError('BAD_REQUEST', (t) => t.limits.availability.tooManySlots({ max: MAX_SLOTS_PER_GENERATION, count }));
  }
  return upcoming;
}

/** One part, in the caller's transaction; answers how many slots it created. */
async function writePart(
  trx: Transaction<Database>,
  { psychologistId, now }: { psychologistId: string; now: Date },
  part: AvailabilityPattern,
): Promise<number> {
  const candidates = generateSlotTimes(part).filter((slot) => slot.startUtc > now);
  if (candidates.length === 0) return 0;
  const span = candidates.reduce((all, slot) => ({
    startUtc: slot.startUtc < all.startUtc ? slot.startUtc : all.startUtc,
    endUtc: slot.endUtc > all.endUtc ? slot.endUtc : all.endUtc,
  }));
  const buffer = part.bufferMinutes * 60_000;
  const existing = await listSlotsOverlapping(trx, psychologistId, {
    startUtc: new Date(span.startUtc.getTime() - buffer),
    endUtc: new Date(span.endUtc.getTime() + buffer),
  });
  const fresh = withoutOverlaps(candidates, keepClearOf(existing, psychologistId, part.bufferMinutes)).map((slot) => ({ ...slot, id: randomUUID() }));
  await insertSlots(trx, fresh, psychologistId, now);
  return fresh.length;
}
