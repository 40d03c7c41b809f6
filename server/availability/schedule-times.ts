import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Slot } from '../../db/repositories/availability-slots';
import { insertSlots, listSlotsOverlapping, lockScheduleOf } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { listExceptions, listWeeklyRanges } from '../../db/repositories/weekly-schedules';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Psychologist } from '../../domain/psychologist';
import { scheduleSlotId, startOfScheduleSlotId } from '../../domain/schedule-slot-id';
import type { SlotTimes } from '../../domain/slots';
import { exceptionDatesFor, freeTimes, scheduleTimes } from '../../domain/weekly-schedule';

type SchedulePsychologist = Pick<Psychologist, 'id' | 'timezone' | 'slotDurationMinutes' | 'bufferMinutes'>;

/**
 * The times the psychologist's weekly hours and exceptions offer starting in [from, to); of the
 * exceptions (years of holidays, once applied) only the range's dates are read.
 */
export async function offeredTimes(db: Kysely<Database>, psychologist: SchedulePsychologist, range: { from: Date; to: Date }): Promise<SlotTimes[]> {
  const dates = exceptionDatesFor(range);
  const [ranges, exceptions] = await Promise.all([
    listWeeklyRanges(db, psychologist.id),
    listExceptions(db, psychologist.id, dates.first, dates.last),
  ]);
  return scheduleTimes({ ...psychologist, ranges, exceptions }, range);
}

const MINUTE_MS = 60_000;

/**
 * The free times starting in [from, to) (docs/decisions/0047): the schedule's, each with its
 * schedule id, at least the buffer away from every stored slot, free or booked; and the stored
 * slots still free (generated ones, and those from before weekly hours). A stored row a schedule
 * time made but no appointment holds (a hold that ran out, a cancellation) is neither busy nor
 * offered itself: it is left to the schedule, so it comes back only while the hours still offer
 * it. The one computation behind the visitor's free times, the admin calendar's, and the check,
 * in the booking's transaction, that a schedule time is still free (takeScheduleTime).
 */
export async function freeTimesOf(
  db: Kysely<Database>,
  psychologist: SchedulePsychologist,
  range: { from: Date; to: Date },
): Promise<{ schedule: (SlotTimes & { id: string })[]; stored: Slot[] }> {
  const offered = await offeredTimes(db, psychologist, range);
  // Every stored slot within a buffer of the range or of a schedule time, even one starting before it.
  const buffer = psychologist.bufferMinutes * MINUTE_MS;
  const lastEnd = offered.reduce((end, time) => Math.max(end, time.endUtc.getTime()), range.to.getTime());
  const nearby = await listSlotsOverlapping(db, psychologist.id, {
    startUtc: new Date(range.from.getTime() - buffer),
    endUtc: new Date(lastEnd + buffer),
  });
  const kept = nearby.filter((slot) => slot.isBooked || !startOfScheduleSlotId(slot.id, psychologist.id));
  const free = freeTimes(offered, kept, psychologist.bufferMinutes);
  return {
    schedule: free.schedule.map((time) => ({ id: scheduleSlotId(psychologist.id, time.startUtc), ...time })),
    stored: free.stored.filter((slot) => slot.startUtc >= range.from && slot.startUtc < range.to),
  };
}

/**
 * The first statements of a booking's (or move's) transaction. When `slotId` names a time of
 * the psychologist's weekly hours, takes their schedule lock (lockScheduleOf), so what it reads
 * includes every generation, move and booking of theirs committed before and none runs until it
 * commits; checks the time is offered now (freeTimesOf); and writes the time's slot row under its
 * schedule id, so the booking goes on to lock and take it as any stored slot, and a refused
 * booking leaves nothing behind. Answers 'stored' for any other id (the booking treats it as a
 * stored slot's), 'offered' once the row is written, and 'gone' when the schedule does not offer
 * the time now: another booking took it, or a slot or a booking came within its buffer.
 */
export async function takeScheduleTime(
  trx: Transaction<Database>,
  owner: { userId: string; psychologistId: string },
  slotId: string,
  now: Date,
): Promise<'stored' | 'offered' | 'gone'> {
  const start = startOfScheduleSlotId(slotId, owner.psychologistId);
  if (!start) return 'stored';
  await lockScheduleOf(trx, owner.psychologistId, now);
  const psychologist = await findPsychologistOf(trx, owner.userId, owner.psychologistId);
  if (!psychologist) return 'gone';
  const free = await freeTimesOf(trx, psychologist, { from: start, to: new Date(start.getTime() + 1) });
  const time = free.schedule.find((offered) => offered.id === slotId);
  if (!time) return 'gone';
  try {
    await insertSlots(trx, [time], psychologist.id, now);
  } catch (error) {
    // The row a hold that ran out, or a cancelled booking, left behind: taken again as it is.
    if (!isUniqueViolation(error)) throw error;
  }
  return 'offered';
}
