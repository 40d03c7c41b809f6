import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Slot } from '../../db/repositories/availability-slots';
import { insertSlots, listSlotsOverlapping } from '../../db/repositories/availability-slots';
import { findPsychologistOf } from '../../db/repositories/psychologists';
import { listExceptions, listWeeklyRanges } from '../../db/repositories/weekly-schedules';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Psychologist } from '../../domain/psychologist';
import { scheduleSlotId, startOfScheduleSlotId } from '../../domain/schedule-slot-id';
import type { SlotTimes } from '../../domain/slots';
import { freeTimes, scheduleTimes } from '../../domain/weekly-schedule';

type SchedulePsychologist = Pick<Psychologist, 'id' | 'timezone' | 'slotDurationMinutes' | 'bufferMinutes'>;

/** The times the psychologist's weekly hours and exceptions offer starting in [from, to). */
export async function offeredTimes(db: Kysely<Database>, psychologist: SchedulePsychologist, range: { from: Date; to: Date }): Promise<SlotTimes[]> {
  const [ranges, exceptions] = await Promise.all([listWeeklyRanges(db, psychologist.id), listExceptions(db, psychologist.id)]);
  return scheduleTimes({ ...psychologist, ranges, exceptions }, range);
}

const MINUTE_MS = 60_000;

/**
 * The free times starting in [from, to) (docs/decisions/0047): the schedule's, each with its
 * schedule id, at least the buffer away from every stored slot, free or booked; and the stored
 * slots still free (generated ones, and those from before weekly hours). A stored row a schedule
 * time made but no appointment holds (a hold that ran out, a cancellation) is neither busy nor
 * offered itself: it is left to the schedule, so it comes back only while the hours still offer
 * it. The one computation behind the visitor's free times, the admin calendar's, and the check
 * before a schedule time is booked.
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
 * Before booking or moving to `slotId`, outside the transaction: when it names a time the
 * schedule offers now (freeTimesOf), that time; undefined for any other id (the booking then
 * treats it as a stored slot's, and finds none).
 */
export async function offeredScheduleSlot(
  db: Kysely<Database>,
  owner: { userId: string; psychologistId: string },
  slotId: string,
): Promise<(SlotTimes & { id: string }) | undefined> {
  const start = startOfScheduleSlotId(slotId, owner.psychologistId);
  if (!start) return undefined;
  const psychologist = await findPsychologistOf(db, owner.userId, owner.psychologistId);
  if (!psychologist) return undefined;
  const free = await freeTimesOf(db, psychologist, { from: start, to: new Date(start.getTime() + 1) });
  return free.schedule.find((time) => time.id === slotId);
}

/**
 * The first statement of a booking's (or move's) transaction: the schedule time's slot row,
 * under its schedule id, so the booking then locks and takes it as any stored slot, and a
 * refused booking leaves nothing behind. Two processes writing it at once meet at the primary
 * key (and UNIQUE (psychologist_id, start_utc)): the second waits for the first's commit, its
 * duplicate is ignored, and it finds the slot taken after its lock.
 */
export async function writeScheduleSlot(trx: Transaction<Database>, psychologistId: string, slot: SlotTimes & { id: string }, now: Date): Promise<void> {
  try {
    await insertSlots(trx, [slot], psychologistId, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
