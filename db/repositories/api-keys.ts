import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ApiKeyScope, isApiKeyScope } from '../../domain/api-keys';
import { asDate } from '../dates';
import type { Database } from '../schema';

export interface ApiKey {
  id: string;
  clinicId: string;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The member who created it; a key acts in their name where a use case records one. */
  createdBy: string | null;
}

const COLUMNS = ['id', 'clinic_id', 'name', 'key_prefix', 'scopes', 'created_by', 'created_at', 'expires_at', 'revoked_at', 'last_used_at'] as const;

function toApiKey(row: {
  id: string;
  clinic_id: string;
  name: string;
  key_prefix: string;
  scopes: string;
  created_by: string | null;
  created_at: Date | string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
}): ApiKey {
  return {
    id: row.id,
    clinicId: row.clinic_id,
    name: row.name,
    prefix: row.key_prefix,
    // A scope this build no longer knows grants nothing.
    scopes: row.scopes.split(',').filter(isApiKeyScope),
    createdAt: asDate(row.created_at),
    expiresAt: row.expires_at === null ? null : asDate(row.expires_at),
    revokedAt: row.revoked_at === null ? null : asDate(row.revoked_at),
    lastUsedAt: row.last_used_at === null ? null : asDate(row.last_used_at),
    createdBy: row.created_by,
  };
}

export async function insertApiKey(
  db: Kysely<Database>,
  key: { clinicId: string; name: string; keyHash: string; prefix: string; scopes: readonly ApiKeyScope[]; createdBy: string; createdAt: Date; expiresAt: Date | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('api_keys')
    .values({
      id,
      clinic_id: key.clinicId,
      name: key.name,
      key_hash: key.keyHash,
      key_prefix: key.prefix,
      scopes: key.scopes.join(','),
      created_by: key.createdBy,
      created_at: key.createdAt,
      expires_at: key.expiresAt,
    })
    .execute();
  return id;
}

/** The clinic's keys, newest first, revoked ones included: the admin shows what each did last. */
export async function listApiKeys(db: Kysely<Database>, clinicId: string): Promise<ApiKey[]> {
  const rows = await db.selectFrom('api_keys').select(COLUMNS).where('clinic_id', '=', clinicId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toApiKey);
}

/** Keys not revoked, expired or not: what counts against the clinic's limit. */
export async function countUnrevokedApiKeys(db: Kysely<Database>, clinicId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('clinic_id', '=', clinicId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findApiKeyByHash(db: Kysely<Database>, keyHash: string): Promise<ApiKey | undefined> {
  const row = await db.selectFrom('api_keys').select(COLUMNS).where('key_hash', '=', keyHash).executeTakeFirst();
  return row && toApiKey(row);
}

/** Revokes the clinic's key; false when it is not the clinic's or was revoked already. */
export async function revokeApiKey(db: Kysely<Database>, clinicId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('clinic_id', '=', clinicId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the key's use at `now` unless it was recorded after `notSince`; answers whether it
 * wrote. One guarded UPDATE, so of racing calls one writes.
 */
export async function touchApiKey(db: Kysely<Database>, id: string, use: { now: Date; notSince: Date }): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ last_used_at: use.now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', use.notSince)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
