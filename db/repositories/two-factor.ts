import type { Kysely, Transaction } from 'kysely';
import { asDate } from '../dates';
import type { Database } from '../schema';

/** An account's TOTP secret as stored: still sealed, enabled or waiting for its first code. */
export interface StoredTwoFactor {
  secretSealed: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export async function findTwoFactor(db: Kysely<Database>, accountId: string): Promise<StoredTwoFactor | undefined> {
  const row = await db
    .selectFrom('two_factor_secrets')
    .select(['secret_sealed', 'enabled_at', 'last_used_step'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return (
    row && {
      secretSealed: row.secret_sealed,
      enabledAt: row.enabled_at === null ? null : asDate(row.enabled_at),
      lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    }
  );
}

/**
 * A fresh secret waiting for its first code, replacing an earlier one still waiting; an
 * enabled secret is left alone (answers false), so a stolen session cannot swap it quietly.
 */
export async function savePendingSecret(trx: Transaction<Database>, accountId: string, secretSealed: string, now: Date): Promise<boolean> {
  await trx.deleteFrom('two_factor_secrets').where('account_id', '=', accountId).where('enabled_at', 'is', null).execute();
  const enabled = await trx.selectFrom('two_factor_secrets').select('account_id').where('account_id', '=', accountId).executeTakeFirst();
  if (enabled) return false;
  await trx.insertInto('two_factor_secrets').values({ account_id: accountId, secret_sealed: secretSealed, created_at: now }).execute();
  return true;
}

/**
 * Takes the code of `step` if no code of this step or a later one was taken before: one
 * conditional UPDATE, so of two simultaneous sign-ins with one code only one succeeds.
 * `enabling` also turns the waiting secret on; otherwise only an enabled secret counts.
 */
export async function claimTimeStep(
  db: Kysely<Database>,
  accountId: string,
  { step, enabling, now }: { step: number; enabling: boolean; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ last_used_step: step, ...(enabling && { enabled_at: now }) })
    .where('account_id', '=', accountId)
    .where('enabled_at', enabling ? 'is' : 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(trx: Transaction<Database>, accountId: string, codeHashes: string[]): Promise<void> {
  await trx.deleteFrom('two_factor_recovery_codes').where('account_id', '=', accountId).execute();
  await trx
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ account_id: accountId, code_hash: codeHash })))
    .execute();
}

/** Uses a recovery code up: true when it was there, unused, and this call deleted it. */
export async function useRecoveryCode(db: Kysely<Database>, accountId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('two_factor_recovery_codes')
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countRecoveryCodes(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('left'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** Turns two-factor sign-in off for these accounts: the secret, enabled or waiting, and every recovery code. */
export async function deleteTwoFactor(db: Kysely<Database>, accountIds: readonly string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('account_id', 'in', accountIds).execute();
  await db.deleteFrom('two_factor_secrets').where('account_id', 'in', accountIds).execute();
}
