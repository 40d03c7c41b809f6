import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

export interface PasswordResetRequest {
  id: string;
  email: string;
  locale: string;
}

export async function insertPasswordResetRequest(
  db: Kysely<Database>,
  request: { email: string; locale: string; requestedAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_requests')
    .values({ id: randomUUID(), email: request.email, locale: request.locale, requested_at: request.requestedAt, lease_owner: null, lease_until: null })
    .execute();
}

/**
 * Leases up to `limit` requests that no live lease holds, and answers those this owner won. A
 * plain conditional UPDATE on the ids it saw, then a read of what it won: no locking read, so
 * every MySQL-compatible engine and SQLite run it alike.
 */
export async function leasePasswordResetRequests(
  db: Kysely<Database>,
  lease: { owner: string; now: Date; until: Date; limit: number },
): Promise<PasswordResetRequest[]> {
  const free = db
    .selectFrom('password_reset_requests')
    .select('id')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
    .orderBy('requested_at')
    .limit(lease.limit);
  const ids = (await free.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  await db
    .updateTable('password_reset_requests')
    .set({ lease_owner: lease.owner, lease_until: lease.until })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', lease.now)]))
    .execute();
  return db
    .selectFrom('password_reset_requests')
    .select(['id', 'email', 'locale'])
    .where('id', 'in', ids)
    .where('lease_owner', '=', lease.owner)
    .execute();
}

/** Deletes a request its owner still holds; answers whether it did (a lapsed lease may have passed it on). */
export async function deleteLeasedPasswordResetRequest(trx: Transaction<Database>, id: string, owner: string): Promise<boolean> {
  const result = await trx.deleteFrom('password_reset_requests').where('id', '=', id).where('lease_owner', '=', owner).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
