import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { createPublicConfigurationCache, KEPT_FOR_MS } from './public-configuration-cache';

const configuration = (appTitle: string) => ({ ...DEFAULT_CONFIGURATION, id: 'c1', userId: 'u1', appTitle });
type Configuration = ReturnType<typeof configuration>;

describe('the public configuration cache', () => {
  it('answers from memory until the time to live runs out, then reads again', async () => {
    let clock = 0;
    const cache = createPublicConfigurationCache(() => clock);
    const load = vi.fn<() => Promise<Configuration>>().mockResolvedValueOnce(configuration('first')).mockResolvedValueOnce(configuration('second'));
    expect((await cache.configuration('slug:k', load))?.appTitle).toBe('first');
    clock = KEPT_FOR_MS - 1;
    expect((await cache.configuration('slug:k', load))?.appTitle).toBe('first');
    clock = KEPT_FOR_MS;
    expect((await cache.configuration('slug:k', load))?.appTitle).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an unknown slug, so a configuration created next shows at once', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    await cache.configuration('slug:new', async () => undefined);
    expect((await cache.configuration('slug:new', async () => configuration('created')))?.appTitle).toBe('created');
  });

  it('forgets every copy after a save', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    await cache.configuration('id:c1', async () => configuration('before'));
    await cache.configuration('slug:old-name', async () => configuration('before'));
    cache.forgetAll();
    expect((await cache.configuration('id:c1', async () => configuration('after')))?.appTitle).toBe('after');
    expect((await cache.configuration('slug:old-name', async () => configuration('after')))?.appTitle).toBe('after');
  });

  it('does not keep what a read started before a save returned', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    let finishRead!: (value: Configuration) => void;
    const overlapping = cache.configuration('id:c1', () => new Promise<Configuration>((resolve) => (finishRead = resolve)));
    cache.forgetAll();
    finishRead(configuration('read before the save'));
    expect((await overlapping)?.appTitle).toBe('read before the save');
    expect((await cache.configuration('id:c1', async () => configuration('saved')))?.appTitle).toBe('saved');
  });

  it('forgets the answers with the configurations after a save', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    const answer = (body: string) => async () => ({ headers: {}, body });
    await cache.answer('GET /api/public/configuration/slug/k', answer('before'));
    cache.forgetAll();
    expect((await cache.answer('GET /api/public/configuration/slug/k', answer('after')))?.body).toBe('after');
  });

  it('keeps configurations while a flood of query strings fills the answers', async () => {
    const cache = createPublicConfigurationCache(() => 0);
    await cache.configuration('slug:k', async () => configuration('kept'));
    for (let i = 0; i < 5_000; i++) await cache.answer(`GET /api/public/configuration/slug/k?v=${i}`, async () => ({ headers: {}, body: '{}' }));
    const reload = vi.fn(async () => configuration('read again'));
    expect((await cache.configuration('slug:k', reload))?.appTitle).toBe('kept');
    expect(reload).not.toHaveBeenCalled();
  });
});
