import { LRUCache } from 'lru-cache';
import type { ScreenerConfiguration } from '../../domain/configuration';

/**
 * How long a process answers a configuration from memory. The process where an operator saves
 * forgets at once; other processes (several behind one MySQL) catch up within this time, and
 * the HTTP caches within their own max-age on top (docs/decisions/0014).
 */
export const CONFIGURATION_TTL_MS = 1_000;

export interface ConfigurationCache {
  /** The configuration kept under `key` (`id:…`, `slug:…`), else what `load` finds, kept for next time. */
  read(key: string, load: () => Promise<ScreenerConfiguration | undefined>): Promise<ScreenerConfiguration | undefined>;
  /** After a save commits: any key may name the saved configuration, old slugs included. */
  forgetAll(): void;
}

/**
 * Found configurations, which every screener visit and booking step reads. Unknown ones are not
 * kept, so a first save shows at once and made-up slugs cost no memory. Tests pass a clock.
 */
export function createConfigurationCache(clock: { now(): number } = performance): ConfigurationCache {
  const kept = new LRUCache<string, ScreenerConfiguration>({ max: 10_000, ttl: CONFIGURATION_TTL_MS, ttlResolution: 0, perf: clock });
  // Bumped by every save, so a read that overlapped a save never keeps what it read.
  let saves = 0;
  return {
    async read(key, load) {
      const hit = kept.get(key);
      if (hit) return hit;
      const savesBefore = saves;
      const found = await load();
      if (found && savesBefore === saves) kept.set(key, Object.freeze(found));
      return found;
    },
    forgetAll() {
      saves += 1;
      kept.clear();
    },
  };
}
