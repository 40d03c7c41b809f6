import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { DEFAULT_CONFIGURATION, type ScreenerConfiguration } from '../../domain/configuration';
import type { OperatorContext } from '../context';

/**
 * The operator's configuration. Registering creates one, but an operator without it (an
 * account made before that, or by hand) sees the defaults until the first save creates it.
 */
export async function getAdminConfiguration(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<ScreenerConfiguration> {
  return (await findConfigurationOfOperator(ctx.db, ctx.admin.id)) ?? { ...DEFAULT_CONFIGURATION, userId: ctx.admin.id };
}
