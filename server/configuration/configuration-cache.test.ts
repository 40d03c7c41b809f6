import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION, type ScreenerConfiguration } from '../../domain/configuration';
import { CONFIGURATION_TTL_MS, createConfigurationCache } from './configuration-cache';

const configuration = (appTitle: string): ScreenerConfiguration => ({ ...DEFAULT_CONFIGURATION, id: 'c1', userId: 'u1', appTitle });
const found = (appTitle: string) => async () => configuration(appTitle);

describe('the configuration cache', () => {
  it('answers from memory until the time to live runs out, then reads again', async () => {
    // lru-cache reads a start time of 0 as "never stale".
    const clock = { time: 1, now: () => clock.time };
    const cache = createConfigurationCache(clock);
    expect((await cache.read('slug:k', found('first')))?.appTitle).toBe('first');
    clock.time += CONFIGURATION_TTL_MS - 1;
    expect((await cache.read('slug:k', found('second')))?.appTitle).toBe('first');
    clock.time += 2;
    expect((await cache.read('slug:k', found('second')))?.appTitle).toBe('second');
  });

  it('keeps no unknown configuration, so one created next is found at once', async () => {
    const cache = createConfigurationCache();
    await cache.read('slug:new', async () => undefined);
    expect((await cache.read('slug:new', found('created')))?.appTitle).toBe('created');
  });

  it('forgets every key on a save, old slugs included', async () => {
    const cache = createConfigurationCache();
    await cache.read('id:c1', found('before'));
    await cache.read('slug:old-name', found('before'));
    cache.forgetAll();
    expect((await cache.read('id:c1', found('after')))?.appTitle).toBe('after');
    expect((await cache.read('slug:old-name', found('after')))?.appTitle).toBe('after');
  });

  it('does not keep what a read that overlapped a save found', async () => {
    const cache = createConfigurationCache();
    let finishRead!: (value: ScreenerConfiguration) => void;
    const overlapping = cache.read('id:c1', () => new Promise((resolve) => (finishRead = resolve)));
    cache.forgetAll();
    finishRead(configuration('before the save'));
    expect((await overlapping)?.appTitle).toBe('before the save');
    expect((await cache.read('id:c1', found('saved')))?.appTitle).toBe('saved');
  });
});
