import type { Kysely, Transaction } from 'kysely';
import { type Role, storedRole } from '../../domain/roles';
import { asDate } from '../dates';
import { lockedRows } from '../row-locks';
import type { Database } from '../schema';

/** A person's place in one clinic. */
export interface Membership {
  accountId: string;
  clinicId: string;
  role: Role;
  psychologistId: string | null;
}

/** A member as the clinic's Team section lists them. */
export interface MemberRow extends Membership {
  username: string;
  email: string;
  joinedAt: Date;
  /** Signs in with a code from an app as well as the password. */
  twoFactorEnabled: boolean;
}

const roleOf = (value: string): Role => storedRole(value, 'memberships');

export async function insertMembership(db: Kysely<Database>, membership: Membership & { createdAt: Date }): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      account_id: membership.accountId,
      clinic_id: membership.clinicId,
      role: membership.role,
      psychologist_id: membership.psychologistId,
      created_at: membership.createdAt,
    })
    .execute();
}

export async function findMembership(db: Kysely<Database>, accountId: string, clinicId: string): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select(['account_id', 'clinic_id', 'role', 'psychologist_id'])
    .where('account_id', '=', accountId)
    .where('clinic_id', '=', clinicId)
    .executeTakeFirst();
  return row && { accountId: row.account_id, clinicId: row.clinic_id, role: roleOf(row.role), psychologistId: row.psychologist_id };
}

/** The clinics a person belongs to, the ones they own first, then the oldest: the first is where sign-in lands. */
export async function listClinicsOf(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ clinicId: string; role: Role; name: string }[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.clinic_id')
    .leftJoin('screener_configurations', 'screener_configurations.user_id', 'users.id')
    .select(['memberships.clinic_id', 'memberships.role', 'memberships.created_at', 'users.username', 'screener_configurations.company_name'])
    .where('memberships.account_id', '=', accountId)
    .execute();
  return rows
    .map((row) => ({ clinicId: row.clinic_id, role: roleOf(row.role), name: row.company_name ?? row.username, since: asDate(row.created_at).getTime() }))
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || a.since - b.since || a.clinicId.localeCompare(b.clinicId))
    .map(({ since: _since, ...clinic }) => clinic);
}

export async function listMembers(db: Kysely<Database>, clinicId: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .leftJoin('two_factor_secrets', 'two_factor_secrets.account_id', 'memberships.account_id')
    .select([
      'memberships.account_id',
      'memberships.role',
      'memberships.psychologist_id',
      'memberships.created_at',
      'accounts.username',
      'accounts.email',
      'two_factor_secrets.enabled_at',
    ])
    .where('memberships.clinic_id', '=', clinicId)
    .orderBy('memberships.created_at')
    .orderBy('accounts.username')
    .execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    clinicId,
    role: roleOf(row.role),
    psychologistId: row.psychologist_id,
    username: row.username,
    email: row.email,
    joinedAt: asDate(row.created_at),
    // A secret waiting for its first code is not yet on.
    twoFactorEnabled: row.enabled_at !== null,
  }));
}

export async function updateMembershipRole(
  db: Kysely<Database>,
  membership: Pick<Membership, 'accountId' | 'clinicId' | 'role' | 'psychologistId'>,
  /** Only a handover, holding the clinic's members locked, changes the owner's row. */
  options: { ownerToo?: boolean } = {},
): Promise<boolean> {
  // Otherwise never the owner's row, even when a handover made them owner after the caller looked.
  const result = await db
    .updateTable('memberships')
    .set({ role: membership.role, psychologist_id: membership.psychologistId })
    .where('account_id', '=', membership.accountId)
    .where('clinic_id', '=', membership.clinicId)
    .$if(!options.ownerToo, (query) => query.where('role', '!=', 'owner'))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteMembership(db: Kysely<Database>, accountId: string, clinicId: string): Promise<boolean> {
  // Never the owner's row, even when a handover made them owner after the caller looked.
  const result = await db
    .deleteFrom('memberships')
    .where('account_id', '=', accountId)
    .where('clinic_id', '=', clinicId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/**
 * Locks the clinic's membership rows until the transaction ends, so two handovers (or a
 * handover and a removal) run one after the other and the clinic keeps exactly one owner.
 */
export async function lockMembersOf(trx: Transaction<Database>, clinicId: string): Promise<Membership[]> {
  const rows = await lockedRows(
    trx,
    trx.selectFrom('memberships').select(['account_id', 'clinic_id', 'role', 'psychologist_id']).where('clinic_id', '=', clinicId),
  ).execute();
  return rows.map((row) => ({ accountId: row.account_id, clinicId: row.clinic_id, role: roleOf(row.role), psychologistId: row.psychologist_id }));
}

/**
 * The distinct addresses of the clinic's members in `roles`, and of the psychologist member who
 * is the profile `psychologistId`, when given: who staff notices go to.
 */
export async function listStaffAddresses(db: Kysely<Database>, clinicId: string, to: { roles: readonly Role[]; psychologistId?: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select('accounts.email')
    .distinct()
    .where('memberships.clinic_id', '=', clinicId)
    .where((eb) =>
      eb.or([
        eb('memberships.role', 'in', [...to.roles]),
        ...(to.psychologistId === undefined ? [] : [eb.and([eb('memberships.role', '=', 'psychologist'), eb('memberships.psychologist_id', '=', to.psychologistId)])]),
      ]),
    )
    .orderBy('accounts.email')
    .execute();
  return rows.map((row) => row.email);
}
