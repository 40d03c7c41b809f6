import type { Kysely } from 'kysely';
import { isRole, type Role } from '../../domain/roles';
import { asDate } from '../dates';
import type { Database } from '../schema';
import { type Operator, OPERATOR_COLUMNS, toOperator } from './users';

/** The member behind a session: who they are and what they may do in the session's clinic. */
export interface SessionMember {
  accountId: string;
  username: string;
  email: string;
  role: Role;
  psychologistId: string | null;
  /**
   * The clinic requires two-factor sign-in and this person has not turned theirs on: until they
   * do, only their own session and the set-up are open to them (server/trpc/init.ts).
   */
  twoFactorSetupRequired: boolean;
}

export interface StoredSession {
  /** The clinic the session acts on. */
  operator: Operator;
  member: SessionMember;
  createdAt: Date;
  lastSeenAt: Date;
}

export async function insertSession(
  db: Kysely<Database>,
  session: { idHash: string; accountId: string; clinicId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      id_hash: session.idHash,
      account_id: session.accountId,
      clinic_id: session.clinicId,
      created_at: session.createdAt,
      last_seen_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/**
 * The session with this id hash, its clinic and its member, unless it has expired or the
 * person is no longer a member of that clinic.
 */
export async function findLiveSession(db: Kysely<Database>, idHash: string, now: Date): Promise<StoredSession | undefined> {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('users', 'users.id', 'operator_sessions.clinic_id')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.account_id', '=', 'operator_sessions.account_id').onRef('memberships.clinic_id', '=', 'operator_sessions.clinic_id'),
    )
    .innerJoin('accounts', 'accounts.id', 'operator_sessions.account_id')
    .leftJoin('two_factor_secrets', 'two_factor_secrets.account_id', 'operator_sessions.account_id')
    .select(OPERATOR_COLUMNS.map((column) => `users.${column}` as const))
    .select([
      'operator_sessions.created_at',
      'operator_sessions.last_seen_at',
      'memberships.account_id',
      'memberships.role',
      'memberships.psychologist_id',
      'accounts.username as account_username',
      'accounts.email as account_email',
      'users.require_two_factor',
      'two_factor_secrets.enabled_at as two_factor_enabled_at',
    ])
    .where('operator_sessions.id_hash', '=', idHash)
    .where('operator_sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || !isRole(row.role)) return undefined;
  return {
    operator: toOperator(row),
    member: {
      accountId: row.account_id,
      username: row.account_username,
      email: row.account_email,
      role: row.role,
      psychologistId: row.psychologist_id,
      twoFactorSetupRequired: Boolean(row.require_two_factor) && !row.two_factor_enabled_at,
    },
    createdAt: asDate(row.created_at),
    lastSeenAt: asDate(row.last_seen_at),
  };
}

export async function touchSession(db: Kysely<Database>, idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
}

/** Points the session at another of the person's clinics. */
export async function switchSessionClinic(db: Kysely<Database>, idHash: string, clinicId: string): Promise<void> {
  await db.updateTable('operator_sessions').set({ clinic_id: clinicId }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
}

/** Signs the person out on every device, whatever clinic each session acts on, but for the session `except` names. */
export async function deleteSessionsOfAccount(db: Kysely<Database>, accountId: string, except?: { idHash: string }): Promise<void> {
  await db
    .deleteFrom('operator_sessions')
    .where('account_id', '=', accountId)
    .$if(except !== undefined, (query) => query.where('id_hash', '!=', except!.idHash))
    .execute();
}

/** Ends the person's sessions in one clinic: they were removed from it. */
export async function deleteSessionsOfMember(db: Kysely<Database>, accountId: string, clinicId: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('account_id', '=', accountId).where('clinic_id', '=', clinicId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
