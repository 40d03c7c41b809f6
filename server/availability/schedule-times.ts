import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Slot } from '../../db/repositories/availability-slots';
import { insertSlots, slotsOverlapping } from '../../db/repositories/availability-slots';
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

/**
 * The free times a visitor may book: the schedule's, each with its schedule id, and the stored
 * slots still free (generated ones, and those from before weekly hours). A stored row a schedule
 * time made but no appointment holds (a hold that ran out, a cancellation) is left to the
 * schedule, so it comes back only while the hours still offer it.
 */
export async function freeTimesOf(
  db: Kysely<Database>,
  psychologist: SchedulePsychologist,
  stored: readonly Slot[],
  range: { from: Date; to: Date },
): Promise<(SlotTimes & { id: string })[]> {
  const kept = stored.filter((slot) => slot.isBooked || !startOfScheduleSlotId(slot.id, psychologist.id));
  const free = freeTimes(await offeredTimes(db, psychologist, range), kept);
  const fromSchedule = free.schedule.map((time) => ({ id: scheduleSlotId(psychologist.id, time.startUtc), ...time }));
  return [...fromSchedule, ...free.stored].sort((a, b) => a.startUtc.getTime() - b.startUtc.getTime());
}

/**
 * Before booking or moving to `slotId`, outside the transaction: when it names a time the
 * schedule offers now, overlapping no stored slot but its own, that time; undefined for any
 * other id (the booking then treats it as a stored slot's).
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
  const [time] = await offeredTimes(db, psychologist, { from: start, to: new Date(start.getTime() + 1) });
  if (!time || time.startUtc.getTime() !== start.getTime()) return undefined;
  if ((await slotsOverlapping(db, psychologist.id, time, slotId)).length > 0) return undefined;
  return { id: slotId, ...time };
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
