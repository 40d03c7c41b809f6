import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export async function insertResetToken(
  db: Kysely<Database>,
  token: { accountId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      id: randomUUID(),
      account_id: token.accountId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.createdAt,
    })
    .execute();
}

/** Whose account the token could still reset, if any; claimResetToken is what decides. */
export async function findUsableResetTokenOwner(db: Kysely<Database>, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.account_id;
}

/**
 * Marks the token used if it is unused and unexpired, in one conditional UPDATE, and answers
 * its account's id. Of two concurrent claims the database lets exactly one change the row.
 */
export async function claimResetToken(db: Kysely<Database>, tokenHash: string, now: Date): Promise<string | undefined> {
  const claimed = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return undefined;
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

/** Retires the person's other outstanding links once the password has been changed. */
export async function retireResetTokens(db: Kysely<Database>, accountId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}
