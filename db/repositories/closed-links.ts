import type { Kysely } from 'kysely';
import type { ClosedLinksTable, Database } from '../schema';

export type ClosedLinkKind = ClosedLinksTable['kind'];
export type ClosedLinkReason = ClosedLinksTable['reason'];

/** Remembers, until `expiresAt`, why the links of these token hashes stopped working. */
export async function rememberClosedLinks(
  db: Kysely<Database>,
  closed: { tokenHashes: readonly string[]; kind: ClosedLinkKind; reason: ClosedLinkReason; expiresAt: Date },
): Promise<void> {
  if (closed.tokenHashes.length === 0) return;
  await db
    .insertInto('closed_links')
    .values(closed.tokenHashes.map((tokenHash) => ({ token_hash: tokenHash, kind: closed.kind, reason: closed.reason, expires_at: closed.expiresAt })))
    .execute();
}

/** Why this link of this kind closed, until the purge forgets it; undefined otherwise. */
export async function findClosedLink(db: Kysely<Database>, kind: ClosedLinkKind, tokenHash: string): Promise<ClosedLinkReason | undefined> {
  const row = await db.selectFrom('closed_links').select('reason').where('token_hash', '=', tokenHash).where('kind', '=', kind).executeTakeFirst();
  return row?.reason;
}

/** Forgets the links whose time is up; answers how many. */
export async function deleteLapsedClosedLinks(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('closed_links').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
