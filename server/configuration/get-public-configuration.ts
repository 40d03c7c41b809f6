import { z } from 'zod';
import type { Kysely } from 'kysely';
import {
  findConfigurationById,
  findConfigurationBySlug,
} from '../../db/repositories/configurations';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import type { Database } from '../../db/schema';
import { parseScreenerIdentifier, type PublicScreenerConfiguration, type ScreenerConfiguration, withPlanApplied } from '../../domain/configuration';
import type { RequestContext } from '../context';
import { NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { entityId } from '../zod-fields';

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
// configuration, and every booking step names its screener, so found ones are kept briefly
// (configuration-cache.ts). What is kept is the configuration under the clinic's plan, so a lapsed
// subscription shows "Powered by Minda" again within that time.

export type ConfigurationReader = Pick<RequestContext, 'db' | 'configurations'>;

async function underPlan(db: Kysely<Database>, configuration: ScreenerConfiguration | undefined): Promise<ScreenerConfiguration | undefined> {
  if (!configuration?.hidePoweredBy) return configuration;
  const subscription = configuration.userId === null ? undefined : await findSubscriptionOf(db, configuration.userId);
  return withPlanApplied(configuration, subscription?.status);
}

function cachedById({ db, configurations }: ConfigurationReader, id: string): Promise<ScreenerConfiguration | undefined> {
  return configurations.read(`id:${id}`, async () => underPlan(db, await findConfigurationById(db, id)));
}

function cachedBySlug({ db, configurations }: ConfigurationReader, slug: string): Promise<ScreenerConfiguration | undefined> {
  return configurations.read(`slug:${slug}`, async () => underPlan(db, await findConfigurationBySlug(db, slug)));
}

/** The public form of a found configuration: its owner stays on the server. */
function publicFormOrNotFound(configuration: ScreenerConfiguration | undefined): PublicScreenerConfiguration {
  if (!configuration) throw new NotFoundError('configuration');
  const { userId: _owner, ...publicForm } = configuration;
  return publicForm;
}

export async function getPublicConfigurationById(ctx: ConfigurationReader, { id }: { id: string }): Promise<PublicScreenerConfiguration> {
  return publicFormOrNotFound(await cachedById(ctx, id));
}

export async function getPublicConfigurationBySlug(ctx: ConfigurationReader, { slug }: { slug: string }): Promise<PublicScreenerConfiguration> {
  return publicFormOrNotFound(await cachedBySlug(ctx, slug));
}

/** The configuration a screener URL names, by the URL rule: a UUID is an id, anything else a slug. */
export function findScreenerConfiguration(ctx: ConfigurationReader, identifier: string): Promise<ScreenerConfiguration | undefined> {
  const parsed = parseScreenerIdentifier(identifier);
  return parsed.kind === 'id' ? cachedById(ctx, parsed.id) : cachedBySlug(ctx, parsed.slug);
}
