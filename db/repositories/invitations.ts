import type { Kysely } from 'kysely';
import { type Role, storedRole } from '../../domain/roles';
import { asDate } from '../dates';
import type { Database } from '../schema';

/** A pending invitation, as the Team section lists it. */
export interface Invitation {
  id: string;
  clinicId: string;
  email: string;
  role: Role;
  psychologistId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const INVITATION_COLUMNS = ['id', 'clinic_id', 'email', 'role', 'psychologist_id', 'created_at', 'expires_at'] as const;

const invitedRole = (value: string): Role => storedRole(value, 'invitations');

function toInvitation(row: {
  id: string;
  clinic_id: string;
  email: string;
  role: string;
  psychologist_id: string | null;
  created_at: Date | string;
  expires_at: Date | string;
}): Invitation {
  return {
    id: row.id,
    clinicId: row.clinic_id,
    email: row.email,
    role: invitedRole(row.role),
    psychologistId: row.psychologist_id,
    createdAt: asDate(row.created_at),
    expiresAt: asDate(row.expires_at),
  };
}

export async function insertInvitation(db: Kysely<Database>, invitation: Invitation & { tokenHash: string }): Promise<void> {
  await db
    .insertInto('invitations')
    .values({
      id: invitation.id,
      clinic_id: invitation.clinicId,
      email: invitation.email,
      role: invitation.role,
      psychologist_id: invitation.psychologistId,
      token_hash: invitation.tokenHash,
      created_at: invitation.createdAt,
      expires_at: invitation.expiresAt,
      accepted_at: null,
      last_sent_at: invitation.createdAt,
    })
    .execute();
}

/** The clinic's invitations not yet used, expired ones included so the owner can resend them. */
export async function listPendingInvitations(db: Kysely<Database>, clinicId: string): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(INVITATION_COLUMNS)
    .where('clinic_id', '=', clinicId)
    .where('accepted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toInvitation);
}

/** How often an invitation was mailed again, and when last: what a resend must wait for (domain/invitation-limits.ts); and its role, which the mail names. */
export async function findResendHistory(
  db: Kysely<Database>,
  clinicId: string,
  id: string,
): Promise<{ email: string; role: Role; lastSentAt: Date; resends: number } | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(['email', 'role', 'last_sent_at', 'resends'])
    .where('clinic_id', '=', clinicId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return row && { email: row.email, role: invitedRole(row.role), lastSentAt: asDate(row.last_sent_at), resends: Number(row.resends) };
}

/**
 * A new link for a pending invitation: the old token stops working, the 72 hours start again.
 * Conditional on the count of resends the caller judged, so of two resends racing one wins.
 */
export async function renewInvitationToken(
  db: Kysely<Database>,
  renewal: { clinicId: string; id: string; tokenHash: string; expiresAt: Date; sentAt: Date; resendsSeen: number },
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set((eb) => ({ token_hash: renewal.tokenHash, expires_at: renewal.expiresAt, last_sent_at: renewal.sentAt, resends: eb('resends', '+', 1) }))
    .where('clinic_id', '=', renewal.clinicId)
    .where('id', '=', renewal.id)
    .where('accepted_at', 'is', null)
    .where('resends', '=', renewal.resendsSeen)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deletePendingInvitation(db: Kysely<Database>, clinicId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('clinic_id', '=', clinicId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** The invitation a token opens, if it is unused and unexpired; claimInvitation is what decides. */
export async function findUsableInvitation(db: Kysely<Database>, tokenHash: string, now: Date): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(INVITATION_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && toInvitation(row);
}

/** Marks the invitation used in one conditional UPDATE: of two concurrent acceptances exactly one wins. */
export async function claimInvitation(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
