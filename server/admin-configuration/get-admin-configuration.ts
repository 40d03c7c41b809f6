import type { Kysely } from 'kysely';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import type { Database } from '../../db/schema';
import { DEFAULT_CONFIGURATION, type ScreenerConfiguration } from '../../domain/configuration';

/**
 * The operator's configuration. Registering creates one, but an operator without it (an
 * account made before that, or by hand) sees the defaults until the first save creates it.
 */
export async function getAdminConfiguration(db: Kysely<Database>, userId: string): Promise<ScreenerConfiguration> {
  return (await findConfigurationOfOperator(db, userId)) ?? { ...DEFAULT_CONFIGURATION, userId };
}
