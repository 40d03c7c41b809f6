import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  findConfigurationById,
  findConfigurationBySlug,
} from '../../db/repositories/configurations';
import type { Database } from '../../db/schema';
import { parseScreenerIdentifier, type PublicScreenerConfiguration, type ScreenerConfiguration } from '../../domain/configuration';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { entityId } from '../zod-fields';
import { publicConfigurationCacheOf } from './public-configuration-cache';

export const ZConfigurationByIdRequest = z.object({
  id: entityId('configuration'),
});

export const ZConfigurationBySlugRequest = z.object({
  // Lower-cased so MySQL (case-insensitive) and SQLite (case-sensitive) find the same clinic.
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, fieldMessage('required'))
    .max(100, fieldMessage('atMostCharacters', { max: 100 })),
});

// An unknown id or slug is a 404; the client then shows the default configuration
// (its built-in stock texts), so the server never invents one. Every screener visit asks for its
// configuration, and every booking step names its screener, so found ones are cached
// (public-configuration-cache.ts).

function cachedById(db: Kysely<Database>, id: string): Promise<ScreenerConfiguration | undefined> {
  return publicConfigurationCacheOf(db).configuration(`id:${id}`, () => findConfigurationById(db, id));
}

function cachedBySlug(db: Kysely<Database>, slug: string): Promise<ScreenerConfiguration | undefined> {
  return publicConfigurationCacheOf(db).configuration(`slug:${slug}`, () => findConfigurationBySlug(db, slug));
}

/** The public form of a found configuration: its owner stays on the server. */
function publicFormOrNotFound(configuration: ScreenerConfiguration | undefined): PublicScreenerConfiguration {
  if (!configuration) throw new NotFoundError('configuration');
  const { userId: _owner, ...publicForm } = configuration;
  return publicForm;
}

export async function getPublicConfigurationById(ctx: Pick<RequestContext, 'db'>, { id }: { id: string }): Promise<PublicScreenerConfiguration> {
  return publicFormOrNotFound(await cachedById(ctx.db, id));
}

export async function getPublicConfigurationBySlug(ctx: Pick<RequestContext, 'db'>, { slug }: { slug: string }): Promise<PublicScreenerConfiguration> {
  return publicFormOrNotFound(await cachedBySlug(ctx.db, slug));
}

/** The configuration a screener URL names, by the URL rule: a UUID is an id, anything else a slug. */
export function findScreenerConfiguration(db: Kysely<Database>, identifier: string): Promise<ScreenerConfiguration | undefined> {
  const parsed = parseScreenerIdentifier(identifier);
  return parsed.kind === 'id' ? cachedById(db, parsed.id) : cachedBySlug(db, parsed.slug);
}
