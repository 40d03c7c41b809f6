export interface LruCache<Value> {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
}

/**
 * A bounded in-memory cache: entries expire after `ttlMs`, and beyond `maxEntries` the least
 * recently used one goes. It lives in one process; several processes each keep their own.
 */
export function createLruCache<Value>(options: { maxEntries: number; ttlMs: number; now?: () => number }): LruCache<Value> {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order, so re-inserting on use keeps the oldest first.
  const entries = new Map<string, { value: Value; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
