import type { Kysely } from 'kysely';
import {
  findConfigurationById,
  findConfigurationBySlug,
} from '../../db/repositories/configurations';
import type { Database } from '../../db/schema';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { NotFoundError } from '../errors';
import { publicConfigurationCacheOf } from './public-configuration-cache';

// An unknown id or slug is a 404; the client then shows the default configuration
// (SPEC section 8), so the server never invents one. Every screener visit asks for its
// configuration, so found ones are cached (public-configuration-cache.ts).

async function cachedOrNotFound(
  db: Kysely<Database>,
  key: string,
  load: () => Promise<ScreenerConfiguration | undefined>,
): Promise<ScreenerConfiguration> {
  const configuration = await publicConfigurationCacheOf(db).get(key, load);
  if (!configuration) throw new NotFoundError('Configuration');
  return configuration;
}

export function getPublicConfigurationById(db: Kysely<Database>, id: string): Promise<ScreenerConfiguration> {
  return cachedOrNotFound(db, `id:${id}`, () => findConfigurationById(db, id));
}

export function getPublicConfigurationBySlug(db: Kysely<Database>, slug: string): Promise<ScreenerConfiguration> {
  return cachedOrNotFound(db, `slug:${slug}`, () => findConfigurationBySlug(db, slug));
}
