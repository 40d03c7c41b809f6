import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatInTimeZone } from 'date-fns-tz';
import type { Kysely } from 'kysely';
import { insertSlots, slotsOverlapping } from '../../db/repositories/availability-slots';
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
import { AppError, NotFoundError } from '../errors';
import { translationsFor } from '../translations';
import type { GenerateAvailabilityRequest } from './availability.schema';

/**
 * Slots written per transaction. Each part holds the psychologist's row (and on SQLite the one
 * connection) for a few milliseconds only, so bookings and other operators' requests wait
 * for one part at most, never for the whole generation (docs/decisions/0006).
 */
const SLOTS_PER_PART = 100;

/**
 * Creates the psychologist's slots for a weekly pattern, up to MAX_GENERATION_MONTHS_AHEAD and
 * MAX_SLOTS_PER_GENERATION. A slot overlapping any existing slot (booked or free) is left out
 * rather than stacked, as is one already in the past (docs/decisions/0006). The slots are
 * written a part at a time, each part in its own transaction that locks the psychologist's
 * row and then looks for overlaps: two generations for one psychologist may take turns, but
 * never double a slot. Between parts the event loop serves other requests: on SQLite a write
 * blocks the whole process.
 */
export async function generateAvailability(
  services: { db: Kysely<Database>; now: () => Date },
  userId: string,
  input: GenerateAvailabilityRequest,
): Promise<{ count: number; psychologist: { name: string } }> {
  const psychologist = await findPsychologistOf(services.db, userId, input.psychologistId);
  if (!psychologist) throw new NotFoundError('Psychologist');
  const pattern = upcomingPattern(
    {
      ...input,
      timezone: input.timezone ?? psychologist.timezone,
      slotDurationMinutes: psychologist.slotDurationMinutes,
      bufferMinutes: psychologist.bufferMinutes,
    },
    services.now(),
  );
  const now = services.now();
  let count = 0;
  for (const part of patternParts(pattern, SLOTS_PER_PART)) {
    count += await writePart(services.db, { userId, psychologistId: psychologist.id, now }, part);
    await nextTurn();
  }
  return { count, psychologist: { name: psychologist.name } };
}

/** The pattern from the psychologist's today on; refused when it reaches too far or makes too many slots. */
function upcomingPattern(pattern: AvailabilityPattern, now: Date): AvailabilityPattern {
  const refusals = translationsFor('en').limits.availability;
  const today = formatInTimeZone(now, pattern.timezone, 'yyyy-MM-dd');
  const lastDate = addCalendarMonths(today, MAX_GENERATION_MONTHS_AHEAD);
  if (pattern.endDate > lastDate) {
    throw new AppError('BAD_REQUEST', refusals.tooFarAhead({ months: MAX_GENERATION_MONTHS_AHEAD, lastDate }));
  }
  const upcoming = { ...pattern, startDate: pattern.startDate > today ? pattern.startDate : today };
  const count = countSlotTimes(upcoming);
  if (count > MAX_SLOTS_PER_GENERATION) {
    throw new AppError('BAD_REQUEST', refusals.tooManySlots({ max: MAX_SLOTS_PER_GENERATION, count }));
  }
  return upcoming;
}

/** One part in one transaction; answers how many slots it created. */
async function writePart(
  db: Kysely<Database>,
  { userId, psychologistId, now }: { userId: string; psychologistId: string; now: Date },
  part: AvailabilityPattern,
): Promise<number> {
  const candidates = generateSlotTimes(part).filter((slot) => slot.startUtc > now);
  if (candidates.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    // Held until the part is in, so a concurrent generation's part cannot slip between the
    // overlap check and the insert.
    if (!(await findPsychologistOf(trx, userId, psychologistId, { lock: 'update' }))) throw new NotFoundError('Psychologist');
    const span = candidates.reduce((all, slot) => ({
      startUtc: slot.startUtc < all.startUtc ? slot.startUtc : all.startUtc,
      endUtc: slot.endUtc > all.endUtc ? slot.endUtc : all.endUtc,
    }));
    const existing = await slotsOverlapping(trx, psychologistId, span);
    const fresh = withoutOverlaps(candidates, existing).map((slot) => ({ ...slot, id: randomUUID() }));
    await insertSlots(trx, fresh, psychologistId, now);
    return fresh.length;
  });
}
