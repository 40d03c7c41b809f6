import { type ExpressionBuilder, type Kysely, MysqlAdapter, type Transaction } from 'kysely';
import { MAX_SLOT_HOURS, type SlotTimes } from '../../domain/slots';
import type { Database } from '../schema';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';

export interface Slot extends SlotTimes {
  id: string;
  psychologistId: string;
  /** A standing appointment holds the slot (appointments.active_slot_id). */
  isBooked: boolean;
}

/** Rows of both dialects (Date on MySQL, ISO text on SQLite) as Dates. */

// Slots with whether a standing appointment holds them; the unique active_slot_id makes it at most one.
function slotsWithBooking(db: Kysely<Database>) {
  return db
    .selectFrom('availability_slots as s')
    .leftJoin('appointments as a', 'a.active_slot_id', 's.id')
    .select(['s.id', 's.psychologist_id', 's.start_utc', 's.end_utc', 'a.id as appointment_id']);
}

function toSlot(row: {
  id: string;
  psychologist_id: string;
  start_utc: Date | string;
  end_utc: Date | string;
  appointment_id: string | null;
}): Slot {
  return {
    id: row.id,
    psychologistId: row.psychologist_id,
    startUtc: asDate(row.start_utc),
    endUtc: asDate(row.end_utc),
    isBooked: row.appointment_id !== null,
  };
}

/** The psychologist's slots starting in [from, to), in time order. */
export async function listSlots(
  db: Kysely<Database>,
  psychologistId: string,
  range: { from: Date; to: Date },
): Promise<Slot[]> {
  const rows = await slotsWithBooking(db)
    .where('s.psychologist_id', '=', psychologistId)
    .where('s.start_utc', '>=', range.from)
    .where('s.start_utc', '<', range.to)
    .orderBy('s.start_utc')
    .execute();
  return rows.map(toSlot);
}

/**
 * The earliest start of a slot that may still run at `instant`: no slot is longer than
 * MAX_SLOT_HOURS. With it an overlap lookup reads a range of UNIQUE (psychologist_id,
 * start_utc), not every older slot of the psychologist.
 */
function earliestStartRunningAt(instant: Date): Date {
  return new Date(instant.getTime() - MAX_SLOT_HOURS * 3_600_000);
}

/** The psychologist's slots, booked or not, overlapping the span at all, in time order. */
export async function listSlotsOverlapping(db: Kysely<Database>, psychologistId: string, span: SlotTimes): Promise<Slot[]> {
  const rows = await slotsWithBooking(db)
    .where('s.psychologist_id', '=', psychologistId)
    .where('s.start_utc', '>', earliestStartRunningAt(span.startUtc))
    .where('s.start_utc', '<', span.endUtc)
    .where('s.end_utc', '>', span.startUtc)
    .orderBy('s.start_utc')
    .execute();
  return rows.map(toSlot);
}

/** The slot if it belongs to one of the operator's psychologists; undefined otherwise. */
export async function findSlotOf(db: Kysely<Database>, userId: string, slotId: string): Promise<Slot | undefined> {
  const row = await slotsWithBooking(db)
    .innerJoin('psychologists as p', 'p.id', 's.psychologist_id')
    .where('s.id', '=', slotId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  return row && toSlot(row);
}

/**
 * Holds the slot's row until the transaction ends: bookings of one slot, and its moves and
 * deletion, run one after another (docs/decisions/0012). Only this row: a locking read of
 * findSlotOf's join would lock the psychologist too.
 */
export async function lockSlot(trx: Transaction<Database>, slotId: string): Promise<void> {
  await lockedRows(trx, trx.selectFrom('availability_slots').select('id').where('id', '=', slotId)).execute();
}

/**
 * Holds the psychologist's schedule lock row until the transaction ends (docs/decisions/0047):
 * a booking of a weekly-hours time (its check that the time is still free, and its slot row),
 * a generation and a slot's move take it first, so they run one after another in any number of
 * processes. An upsert that always writes: an exclusive row lock on MySQL, and on SQLite the
 * database's write lock from the first statement, so the transaction reads nothing stale.
 */
export async function lockScheduleOf(trx: Transaction<Database>, psychologistId: string, now: Date): Promise<void> {
  const insert = trx.insertInto('schedule_slot_locks').values({ psychologist_id: psychologistId, locked_at: now });
  await (trx.getExecutor().adapter instanceof MysqlAdapter
    ? insert.onDuplicateKeyUpdate({ locked_at: now })
    : insert.onConflict((conflict) => conflict.column('psychologist_id').doUpdateSet({ locked_at: now }))
  ).execute();
}

/**
 * Holds the psychologist's slots (those starting in `range`, or all) until the transaction
 * ends, waiting for the bookings of them in flight. Taken before the psychologist's row, in the
 * order a booking takes its slot and then, by its insert's foreign key, the psychologist.
 */
export async function lockSlotsOf(trx: Transaction<Database>, psychologistId: string, range?: { from: Date; to: Date }): Promise<void> {
  const query = trx
    .selectFrom('availability_slots')
    .select('id')
    .where('psychologist_id', '=', psychologistId)
    .$if(range !== undefined, (slots) => slots.where('start_utc', '>=', range!.from).where('start_utc', '<', range!.to));
  await lockedRows(trx, query).execute();
}

/** The psychologist's slots overlapping the range, booked or not, leaving out `exceptSlotId`. */
export async function slotsOverlapping(
  db: Kysely<Database>,
  psychologistId: string,
  range: SlotTimes,
  exceptSlotId?: string,
): Promise<SlotTimes[]> {
  const rows = await db
    .selectFrom('availability_slots')
    .select(['start_utc', 'end_utc'])
    .where('psychologist_id', '=', psychologistId)
    .where('start_utc', '>', earliestStartRunningAt(range.startUtc))
    .where('start_utc', '<', range.endUtc)
    .where('end_utc', '>', range.startUtc)
    .$if(exceptSlotId !== undefined, (query) => query.where('id', '!=', exceptSlotId!))
    .execute();
  return rows.map((row) => ({ startUtc: asDate(row.start_utc), endUtc: asDate(row.end_utc) }));
}

// Four columns a row: 500 rows stay far below MySQL's and SQLite's bound-parameter limits.
const INSERT_BATCH = 500;

export async function insertSlots(
  db: Kysely<Database>,
  slots: readonly (SlotTimes & { id: string })[],
  psychologistId: string,
  now: Date,
): Promise<void> {
  for (let i = 0; i < slots.length; i += INSERT_BATCH) {
    const rows = slots.slice(i, i + INSERT_BATCH).map((slot) => ({
      id: slot.id,
      psychologist_id: psychologistId,
      start_utc: slot.startUtc,
      end_utc: slot.endUtc,
      created_at: now,
    }));
    await db.insertInto('availability_slots').values(rows).execute();
  }
}

const notBooked = (eb: ExpressionBuilder<Database, 'availability_slots'>) =>
  eb.not(
    eb.exists(
      eb.selectFrom('appointments').select('appointments.id').whereRef('appointments.active_slot_id', '=', 'availability_slots.id'),
    ),
  );

/**
 * Sets the slot's times. Unless `evenIfBooked`, the statement itself skips a booked slot, so a
 * booking made a moment ago is never moved unasked. Answers whether the slot was changed.
 */
export async function moveSlot(
  db: Kysely<Database>,
  slotId: string,
  times: SlotTimes,
  options: { evenIfBooked: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('availability_slots')
    .set({ start_utc: times.startUtc, end_utc: times.endUtc })
    .where('id', '=', slotId)
    .$if(!options.evenIfBooked, (query) => query.where(notBooked))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the slot, and with it its appointments (ON DELETE CASCADE); guarded like moveSlot. */
export async function deleteSlot(db: Kysely<Database>, slotId: string, options: { evenIfBooked: boolean }): Promise<boolean> {
  const result = await db
    .deleteFrom('availability_slots')
    .where('id', '=', slotId)
    .$if(!options.evenIfBooked, (query) => query.where(notBooked))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes the psychologist's free slots starting in [from, to). The statement itself skips a
 * slot a standing appointment holds, so a booking made a moment ago is never removed. Answers
 * how many went.
 */
export async function deleteFreeSlots(db: Kysely<Database>, psychologistId: string, range: { from: Date; to: Date }): Promise<number> {
  const result = await db
    .deleteFrom('availability_slots')
    .where('psychologist_id', '=', psychologistId)
    .where('start_utc', '>=', range.from)
    .where('start_utc', '<', range.to)
    .where(notBooked)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
