import type { Kysely } from 'kysely';
import { asDate } from '../dates';
import type { Database } from '../schema';
import { type Operator, OPERATOR_COLUMNS, toOperator } from './users';

export interface StoredSession {
  operator: Operator;
  createdAt: Date;
  lastSeenAt: Date;
}

export async function insertSession(
  db: Kysely<Database>,
  session: { idHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.createdAt,
      last_seen_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session with this id hash and its operator, unless it has expired. */
export async function findLiveSession(db: Kysely<Database>, idHash: string, now: Date): Promise<StoredSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('users', 'users.id', 'operator_sessions.user_id')
    .select(OPERATOR_COLUMNS.map((column) => `users.${column}` as const))
    .select(['operator_sessions.created_at', 'operator_sessions.last_seen_at'])
    .where('operator_sessions.id_hash', '=', idHash)
    .where('operator_sessions.expires_at', '>', now)
    .executeTakeFirst();
  return row && { operator: toOperator(row), createdAt: asDate(row.created_at), lastSeenAt: asDate(row.last_seen_at) };
}

export async function touchSession(db: Kysely<Database>, idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
}

/** Signs the operator out on every device. */
export async function deleteSessionsOfOperator(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
