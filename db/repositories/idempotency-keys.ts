import type { Kysely } from 'kysely';
import { asDate } from '../dates';
import type { Database } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** A key already taken: by a request still running (`statusCode` null), or by a finished one. */
export interface TakenIdempotencyKey {
  fingerprint: string;
  statusCode: number | null;
  answer: string | null;
}

/**
 * Takes the key for a request about to run, or answers who holds it. The primary key settles a
 * race: of two requests inserting at once, one inserts and the other reads the winner's row. A
 * row whose time is up, or whose request still "runs" after `abandonedBefore` (its process died),
 * is taken over by a guarded update, which again only one of racing requests wins.
 */
export async function takeIdempotencyKey(
  db: Kysely<Database>,
  key: { keyHash: string; fingerprint: string; startedAt: Date; expiresAt: Date; abandonedBefore: Date },
): Promise<TakenIdempotencyKey | undefined> {
  const fresh = { fingerprint: key.fingerprint, appointment_id: null, status_code: null, answer: null, started_at: key.startedAt, expires_at: key.expiresAt };
  try {
    await db.insertInto('idempotency_keys').values({ key_hash: key.keyHash, ...fresh }).execute();
    return undefined;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'answer', 'started_at', 'expires_at'])
    .where('key_hash', '=', key.keyHash)
    .executeTakeFirst();
  // Let go between our insert and this read: the key is free again, so take it once more.
  if (!row) return takeIdempotencyKey(db, key);
  const lapsed = asDate(row.expires_at) <= key.startedAt || (row.status_code === null && asDate(row.started_at) < key.abandonedBefore);
  if (lapsed) {
    const result = await db
      .updateTable('idempotency_keys')
      .set(fresh)
      .where('key_hash', '=', key.keyHash)
      .where('started_at', '=', asDate(row.started_at))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return undefined;
    return takeIdempotencyKey(db, key);
  }
  return { fingerprint: row.fingerprint, statusCode: row.status_code === null ? null : Number(row.status_code), answer: row.answer };
}

/**
 * The key as one request took it: its hash and the time it started. A request that ran so long
 * that a retry took its key over (takeIdempotencyKey) no longer holds it, and leaves it alone.
 */
export interface HeldIdempotencyKey {
  keyHash: string;
  startedAt: Date;
}

/** Keeps the finished request's answer under its key, and the appointment it was about. */
export async function keepIdempotentAnswer(
  db: Kysely<Database>,
  held: HeldIdempotencyKey,
  kept: { statusCode: number; answer: string; appointmentId: string | null },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: kept.statusCode, answer: kept.answer, appointment_id: kept.appointmentId })
    .where('key_hash', '=', held.keyHash)
    .where('started_at', '=', held.startedAt)
    .where('status_code', 'is', null)
    .execute();
}

/** Lets the key go again (the request was refused, or its answer is not kept): a retry runs anew. */
export async function releaseIdempotencyKey(db: Kysely<Database>, held: HeldIdempotencyKey): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('key_hash', '=', held.keyHash)
    .where('started_at', '=', held.startedAt)
    .where('status_code', 'is', null)
    .execute();
}

/** Forgets the stored answers about an appointment whose visitor's data is erased. */
export async function deleteIdempotentAnswersAbout(db: Kysely<Database>, appointmentId: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('appointment_id', '=', appointmentId).execute();
}

/** Forgets the keys whose 24 hours are up; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
