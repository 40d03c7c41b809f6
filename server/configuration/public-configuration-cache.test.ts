import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { createPublicConfigurationCache, PUBLIC_CONFIGURATION_TTL_MS } from './public-configuration-cache';

const configuration = (appTitle: string) => ({ ...DEFAULT_CONFIGURATION, id: 'c1', userId: 'u1', appTitle });
type Configuration = ReturnType<typeof configuration>;

describe('the public configuration cache', () => {
  it('answers from memory until the time to live runs out, then reads again', async () => {
    let clock = 0;
    const cache = createPublicConfigurationCache(() => clock);
    const load = vi.fn<() => Promise<Configuration>>().mockResolvedValueOnce(configuration('first')).mockResolvedValueOnce(configuration('second'));
    expect((await cache.get('slug:k', load))?.appTitle).toBe('first');
    clock = PUBLIC_CONFIGURATION_TTL_MS - 1;
    expect((await cache.get('slug:k', load))?.appTitle).toBe('first');
    clock = PUBLIC_CONFIGURATION_TTL_MS;
    expect((await cache.get('slug:k', load))?.appTitle).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an unknown slug, so a configuration created next shows at once', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    await cache.get('slug:new', async () => undefined);
    expect((await cache.get('slug:new', async () => configuration('created')))?.appTitle).toBe('created');
  });

  it('forgets every copy after a save', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    await cache.get('id:c1', async () => configuration('before'));
    await cache.get('slug:old-name', async () => configuration('before'));
    cache.forgetAll();
    expect((await cache.get('id:c1', async () => configuration('after')))?.appTitle).toBe('after');
    expect((await cache.get('slug:old-name', async () => configuration('after')))?.appTitle).toBe('after');
  });

  it('does not keep what a read started before a save returned', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    let finishRead!: (value: Configuration) => void;
    const overlapping = cache.get('id:c1', () => new Promise<Configuration>((resolve) => (finishRead = resolve)));
    cache.forgetAll();
    finishRead(configuration('read before the save'));
    expect((await overlapping)?.appTitle).toBe('read before the save');
    expect((await cache.get('id:c1', async () => configuration('saved')))?.appTitle).toBe('saved');
  });
});
