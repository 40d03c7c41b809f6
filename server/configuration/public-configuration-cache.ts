import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ScreenerConfiguration } from '../../domain/configuration';

/**
 * How long a server process may answer a configuration without asking the database. The
 * process where an operator saves forgets its copies at once; other processes (several
 * behind one MySQL) catch up within this time (docs/decisions/0014).
 */
export const PUBLIC_CONFIGURATION_TTL_MS = 5_000;
/** Only existing configurations are kept, so this bounds memory, not an attacker's slugs. */
const MAX_ENTRIES = 10_000;

/**
 * What is kept: configurations (`id:…`, `slug:…`) and answers made of nothing else, such as the
 * REST route's serialized body (`GET /api/public/configuration/…`), forgotten together.
 */
type Cached = ScreenerConfiguration | string;

export interface PublicConfigurationCache {
  /** The copy kept under `key`, else what `load` reads, kept for next time. */
  get<T extends Cached>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** After a save commits: every key may name the saved configuration (old slugs included). */
  forgetAll(): void;
}

export function createPublicConfigurationCache(now: () => number = Date.now): PublicConfigurationCache {
  const entries = new Map<string, { value: Cached; expiresAt: number }>();
  // Bumped by every save, so a read that overlapped a save never stores what it read.
  let saves = 0;
  return {
    async get<T extends Cached>(key: string, load: () => Promise<T | undefined>) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value as T;
      const savesBefore = saves;
      const value = await load();
      // Misses are not kept: an operator's first save must show at once in every process.
      if (value && savesBefore === saves) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        Object.freeze(value);
        entries.set(key, { value, expiresAt: now() + PUBLIC_CONFIGURATION_TTL_MS });
      }
      return value;
    },
    forgetAll() {
      saves += 1;
      entries.clear();
    },
  };
}

const cacheOfDatabase = new WeakMap<Kysely<Database>, PublicConfigurationCache>();

/** One cache per database handle: one per process in production, one per test database in tests. */
export function publicConfigurationCacheOf(db: Kysely<Database>): PublicConfigurationCache {
  let cache = cacheOfDatabase.get(db);
  if (!cache) cacheOfDatabase.set(db, (cache = createPublicConfigurationCache()));
  return cache;
}
