import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Every slug starting with `prefix` that belongs to another configuration, as its current
 * slug or as one it used before. The configuration's own earlier slugs stay free for it.
 */
export async function slugsTakenByOthers(
  db: Kysely<Database>,
  prefix: string,
  configurationId: string,
): Promise<Set<string>> {
  // Slugs hold only [a-z0-9-], so the prefix carries no LIKE wildcard.
  const pattern = `${prefix}%`;
  const current = await db
    .selectFrom('screener_configurations')
    .select('company_slug as slug')
    .where('company_slug', 'like', pattern)
    .where('id', '!=', configurationId)
    .execute();
  const earlier = await db
    .selectFrom('slug_redirects')
    .select('slug')
    .where('slug', 'like', pattern)
    .where('configuration_id', '!=', configurationId)
    .execute();
  return new Set([...current, ...earlier].flatMap((row) => (row.slug === null ? [] : [row.slug])));
}

export async function addSlugRedirect(
  db: Kysely<Database>,
  redirect: { slug: string; configurationId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('slug_redirects')
    .values({ slug: redirect.slug, configuration_id: redirect.configurationId, created_at: redirect.now })
    .execute();
}

/**
 * Releases the configuration's redirects beyond the `keep` most recent, so they are free for
 * anyone again. Equal times (two renames within one clock tick) are ordered by slug, so
 * every process releases the same ones.
 */
export async function releaseOldRedirects(db: Kysely<Database>, configurationId: string, keep: number): Promise<void> {
  const released = await db
    .selectFrom('slug_redirects')
    .select('slug')
    .where('configuration_id', '=', configurationId)
    .orderBy('created_at', 'desc')
    .orderBy('slug')
    .offset(keep)
    .limit(1_000)
    .execute();
  if (released.length === 0) return;
  await db
    .deleteFrom('slug_redirects')
    .where('configuration_id', '=', configurationId)
    .where('slug', 'in', released.map((row) => row.slug))
    .execute();
}

/** A configuration taking an earlier slug back: it is its current slug again, not a redirect. */
export async function removeSlugRedirect(db: Kysely<Database>, slug: string, configurationId: string): Promise<void> {
  await db
    .deleteFrom('slug_redirects')
    .where('slug', '=', slug)
    .where('configuration_id', '=', configurationId)
    .execute();
}
