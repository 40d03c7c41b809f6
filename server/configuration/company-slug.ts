import type { Transaction } from 'kysely';
import { addSlugRedirect, releaseOldRedirects, removeSlugRedirect, slugsTakenByOthers } from '../../db/repositories/slug-redirects';
import type { Database } from '../../db/schema';
import { firstFreeSlug, isProtectedSlug, MAX_SLUG_REDIRECTS, slugify } from '../../domain/slug';
import { AppError } from '../errors';
import { translationsFor } from '../translations';

/** The refusal in English, the default language; callers read it in theirs. */
export const SLUG_RESERVED_MESSAGE = translationsFor('en').limits.slugReserved();

export interface SlugOwner {
  configurationId: string;
  /** What is stored now; undefined for a configuration saved for the first time. */
  saved?: { companyName: string | null; companySlug: string | null };
}

/**
 * The slug a configuration gets when saved with `companyName`. A name whose slug form did
 * not change keeps the slug it has (so 'Klinik Minda' → 'KLINIK MINDA' keeps 'klinik-minda-2').
 * Otherwise it gets the first free slug of the new name, and the slug it leaves behind becomes
 * a redirect so links already shared keep working; only the most recent few are kept. A name
 * protected for a crisis line or public hospital is refused (docs/decisions/0005).
 */
export async function assignCompanySlug(
  trx: Transaction<Database>,
  owner: SlugOwner,
  companyName: string | null,
  now: Date,
): Promise<string | null> {
  const base = companyName === null ? null : slugify(companyName);
  const current = owner.saved?.companySlug ?? null;
  const previousBase = owner.saved?.companyName ? slugify(owner.saved.companyName) : null;
  if (owner.saved && previousBase === base && (current !== null || base === null)) return current;
  if (base && isProtectedSlug(base)) throw new AppError('BAD_REQUEST', (t) => t.limits.slugReserved());

  const next = base && firstFreeSlug(base, await slugsTakenByOthers(trx, base, owner.configurationId));
  if (next === current) return next;
  if (next) await removeSlugRedirect(trx, next, owner.configurationId);
  if (current) {
    await addSlugRedirect(trx, { slug: current, configurationId: owner.configurationId, now });
    await releaseOldRedirects(trx, owner.configurationId, MAX_SLUG_REDIRECTS);
  }
  return next;
}
