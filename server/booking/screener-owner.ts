import type { Kysely } from 'kysely';
import { findConfigurationById, findConfigurationBySlug } from '../../db/repositories/configurations';
import type { Database } from '../../db/schema';
import { parseScreenerIdentifier, type ScreenerConfiguration } from '../../domain/configuration';

/** A screener that an operator owns: where visitors book that operator's psychologists. */
export type OwnedScreener = ScreenerConfiguration & { userId: string };

/**
 * The screener of the visitor's URL, by the same rule as the configuration lookup (SPEC
 * section 5): a UUID is a configuration id, anything else a current or earlier company slug.
 * Undefined for an unknown identifier; the sample screener has no owner and is never found.
 */
export async function findOwnedScreener(db: Kysely<Database>, identifier: string): Promise<OwnedScreener | undefined> {
  const parsed = parseScreenerIdentifier(identifier);
  const configuration =
    parsed.kind === 'id' ? await findConfigurationById(db, parsed.id) : await findConfigurationBySlug(db, parsed.slug);
  return configuration?.userId ? { ...configuration, userId: configuration.userId } : undefined;
}
