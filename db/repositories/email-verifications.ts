import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Verified addresses (docs/decisions/0039): an account's address counts once its owner opened a
 * link mailed to it. One link waits per account; a new one replaces it.
 */
export async function replaceEmailVerification(
  db: Kysely<Database>,
  link: { accountId: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.deleteFrom('email_verifications').where('account_id', '=', link.accountId).execute();
  await db
    .insertInto('email_verifications')
    .values({ account_id: link.accountId, email: link.email, token_hash: link.tokenHash, created_at: link.createdAt, expires_at: link.expiresAt })
    .execute();
}

/**
 * Uses a link: the account is verified if the link is unexpired and was mailed to the address
 * the account still has. The link is spent either way. Answers whether an account was verified.
 */
export async function useEmailVerification(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const link = await db
    .selectFrom('email_verifications')
    .select(['account_id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!link) return false;
  const spent = await db.deleteFrom('email_verifications').where('token_hash', '=', tokenHash).executeTakeFirst();
  // Another click of the same link won the delete.
  if (spent.numDeletedRows !== 1n) return false;
  return markEmailVerified(db, link.account_id, link.email, now);
}

/** Marks the account's address verified, if it still is this address; answers whether it was. */
export async function markEmailVerified(db: Kysely<Database>, accountId: string, email: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ email_verified_at: now })
    .where('id', '=', accountId)
    .where('email', '=', email)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Whether this account's address is verified. */
export async function isEmailVerified(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('email_verified_at').where('id', '=', accountId).executeTakeFirst();
  return row?.email_verified_at != null;
}

/** Whether the clinic's current owner has a verified address: what inviting and webhooks need. */
export async function isOwnerEmailVerified(db: Kysely<Database>, clinicId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select('a.email_verified_at')
    .where('m.clinic_id', '=', clinicId)
    .where('m.role', '=', 'owner')
    .executeTakeFirst();
  return row?.email_verified_at != null;
}
