import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ScreenerConfiguration } from '../../domain/configuration';

/**
 * How long a server process may answer a configuration without asking the database. The
 * process where an operator saves forgets its copies at once; other processes (several
 * behind one MySQL) catch up within this time (docs/decisions/0014).
 */
const PUBLIC_CONFIGURATION_TTL_MS = 5_000;
/**
 * How long one copy is kept. An answer may be made from a configuration that was itself kept,
 * so each lives half the time to live, and an answer is never older than the whole of it.
 */
export const KEPT_FOR_MS = PUBLIC_CONFIGURATION_TTL_MS / 2;

/** An HTTP answer as sent: its headers and its body, also compressed when it is worth it. */
export interface CachedAnswer {
  headers: Record<string, string>;
  body: string;
  encoded?: Record<'br' | 'gzip', Buffer>;
}

export interface PublicConfigurationCache {
  /** The configuration kept under `key` (`id:…`, `slug:…`), else what `load` reads, kept for next time. */
  configuration(key: string, load: () => Promise<ScreenerConfiguration | undefined>): Promise<ScreenerConfiguration | undefined>;
  /**
   * The answer made of configurations alone kept under `key` (method and URL), else what
   * `make` answers, kept for next time.
   */
  answer(key: string, make: () => Promise<CachedAnswer | undefined>): Promise<CachedAnswer | undefined>;
  /** After a save commits: every key may name the saved configuration (old slugs included). */
  forgetAll(): void;
}

type Shelf<T> = (key: string, load: () => Promise<T | undefined>) => Promise<T | undefined>;

/**
 * Configurations and answers are kept apart and bounded apart: a URL takes any query string,
 * so answers are many and may be a stranger's, and filling their shelf must not empty the
 * configurations' (which bookings use). Only found ones are kept: a first save shows at once.
 */
export function createPublicConfigurationCache(now: () => number = Date.now): PublicConfigurationCache {
  // Bumped by every save, so a read that overlapped a save never stores what it read.
  let saves = 0;
  const shelves: Map<string, unknown>[] = [];

  function shelf<T extends object>(maxEntries: number): Shelf<T> {
    const entries = new Map<string, { value: T; expiresAt: number }>();
    shelves.push(entries);
    return async (key, load) => {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value;
      const savesBefore = saves;
      const value = await load();
      if (value && savesBefore === saves) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { value: Object.freeze(value), expiresAt: now() + KEPT_FOR_MS });
      }
      return value;
    };
  }

  return {
    // Only existing configurations are kept, so this bounds memory, not an attacker's slugs.
    configuration: shelf<ScreenerConfiguration>(10_000),
    // About 2 KB each.
    answer: shelf<CachedAnswer>(1_000),
    forgetAll() {
      saves += 1;
      for (const entries of shelves) entries.clear();
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
