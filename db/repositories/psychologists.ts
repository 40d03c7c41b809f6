import type { Kysely, Transaction } from 'kysely';
import { type Psychologist, type PsychologistTimezone, senToPrice } from '../../domain/psychologist';
import { lockedRows } from '../row-locks';
import { placeColumnsOf, placeSettingOf } from './session-places';
import type { Database, PsychologistRow } from '../schema';

const COLUMNS = [
  'id',
  'name',
  'job_title',
  'description',
  'job_title_ms',
  'description_ms',
  'email',
  'image_url',
  'price_cents',
  'slot_duration_minutes',
  'buffer_minutes',
  'minimum_advance_hours',
  'cancellation_notice_hours',
  'timezone',
  'session_mode',
  'session_address',
  'session_video_url',
] as const;

function toPsychologist(row: Pick<PsychologistRow, (typeof COLUMNS)[number]>): Psychologist {
  return {
    id: row.id,
    name: row.name,
    jobTitle: row.job_title,
    description: row.description,
    jobTitleMs: row.job_title_ms ?? '',
    descriptionMs: row.description_ms ?? '',
    email: row.email,
    imageUrl: row.image_url,
    pricePerHour: row.price_cents === null ? null : senToPrice(row.price_cents),
    slotDurationMinutes: row.slot_duration_minutes,
    bufferMinutes: row.buffer_minutes,
    minimumAdvanceHours: row.minimum_advance_hours,
    cancellationNoticeHours: row.cancellation_notice_hours,
    timezone: row.timezone as PsychologistTimezone,
    sessionPlace: placeSettingOf(row),
  };
}

/** What an operator saves; the price in whole sen. */
export type PsychologistValues = Omit<Psychologist, 'id' | 'pricePerHour'> & { priceSen: number | null };

function toRow(values: PsychologistValues) {
  return {
    name: values.name,
    job_title: values.jobTitle,
    description: values.description,
    // Blank is none: the English text shows.
    job_title_ms: values.jobTitleMs.trim() || null,
    description_ms: values.descriptionMs.trim() || null,
    email: values.email,
    image_url: values.imageUrl,
    price_cents: values.priceSen,
    slot_duration_minutes: values.slotDurationMinutes,
    buffer_minutes: values.bufferMinutes,
    minimum_advance_hours: values.minimumAdvanceHours,
    cancellation_notice_hours: values.cancellationNoticeHours,
    timezone: values.timezone,
    ...placeColumnsOf(values.sessionPlace),
  };
}

export async function listPsychologistsOf(db: Kysely<Database>, userId: string): Promise<Psychologist[]> {
  const rows = await db
    .selectFrom('psychologists')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toPsychologist);
}

/**
 * The operator's psychologist, or undefined when the id is unknown or another operator's.
 * `lock` holds the row until the transaction ends: changes to one psychologist's slots, and the
 * bookings of them, run one after another (docs/decisions/0012).
 */
export async function findPsychologistOf(db: Kysely<Database>, userId: string, id: string): Promise<Psychologist | undefined>;
export async function findPsychologistOf(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  options: { lock: true },
): Promise<Psychologist | undefined>;
export async function findPsychologistOf(
  db: Kysely<Database>,
  userId: string,
  id: string,
  options: { lock?: true } = {},
): Promise<Psychologist | undefined> {
  const query = db.selectFrom('psychologists').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId);
  // The overloads let a lock be asked for only inside a transaction.
  const row = await (options.lock ? lockedRows(db as Transaction<Database>, query) : query).executeTakeFirst();
  return row && toPsychologist(row);
}

export async function insertPsychologist(
  db: Kysely<Database>,
  psychologist: { id: string; userId: string; values: PsychologistValues; now: Date },
): Promise<void> {
  const { id, userId, values, now } = psychologist;
  await db
    .insertInto('psychologists')
    .values({ id, user_id: userId, ...toRow(values), created_at: now, updated_at: now })
    .execute();
}

export async function updatePsychologist(
  db: Kysely<Database>,
  id: string,
  values: PsychologistValues,
  now: Date,
): Promise<void> {
  await db
    .updateTable('psychologists')
    .set({ ...toRow(values), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces the hash of the operator's psychologist's calendar subscription token, so the URL
 * made before stops working at once; false when the id is unknown or another operator's.
 */
export async function replaceCalendarTokenHash(
  db: Kysely<Database>,
  psychologist: { userId: string; id: string; calendarTokenHash: string; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('psychologists')
    .set({ calendar_token_hash: psychologist.calendarTokenHash, updated_at: psychologist.now })
    .where('id', '=', psychologist.id)
    .where('user_id', '=', psychologist.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The psychologist whose calendar subscription token has this hash; undefined for any other. */
export async function findPsychologistByCalendarTokenHash(db: Kysely<Database>, calendarTokenHash: string): Promise<Psychologist | undefined> {
  const row = await db.selectFrom('psychologists').select(COLUMNS).where('calendar_token_hash', '=', calendarTokenHash).executeTakeFirst();
  return row && toPsychologist(row);
}

/** The hashes of the clinic's calendar subscription tokens, of the psychologists who have one. */
export async function calendarTokenHashesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('psychologists').select('calendar_token_hash').where('user_id', '=', userId).where('calendar_token_hash', 'is not', null).execute();
  return rows.map((row) => row.calendar_token_hash!);
}

/** Its slots and appointments go with it (ON DELETE CASCADE). */
export async function deletePsychologist(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('psychologists').where('id', '=', id).execute();
}
