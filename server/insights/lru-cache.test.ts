import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('the LRU cache with expiry', () => {
  it('answers a stored value until its time to live has passed', () => {
    let now = 1_000;
    const cache = createLruCache<string>({ maxEntries: 10, ttlMs: 500, now: () => now });
    cache.set('a', 'first');
    now += 499;
    expect(cache.get('a')).toBe('first');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size, counting a read as a use', () => {
    const cache = createLruCache<number>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
  });

  it('replaces a value stored again under the same key, with a fresh time to live', () => {
    let now = 0;
    const cache = createLruCache<string>({ maxEntries: 2, ttlMs: 100, now: () => now });
    cache.set('a', 'old');
    now = 90;
    cache.set('a', 'new');
    now = 150;
    expect(cache.get('a')).toBe('new');
  });
});
