import type { OperatorContext } from '../context';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import {
  findConfigurationOfOperator,
  insertConfiguration,
  updateConfiguration,
} from '../../db/repositories/configurations';
import { retryOnUniqueViolation } from '../../db/retry-on-unique-violation';
import { DEFAULT_CONFIGURATION, type ScreenerConfiguration } from '../../domain/configuration';
import type { UpdateConfigurationRequest } from './update-admin-configuration.types';
import { assignCompanySlug } from './company-slug';

/**
 * Saves the operator's configuration, creating it on the first save. Two operators saving
 * the same company name at once collide on the unique slug index: the loser retries and
 * gets the next suffix. Once the save commits, this process forgets its kept configurations.
 */
export async function updateAdminConfiguration(
  ctx: Pick<OperatorContext, 'db' | 'now' | 'admin' | 'configurations'>,
  input: UpdateConfigurationRequest,
): Promise<ScreenerConfiguration> {
  const userId = ctx.admin.id;
  const configuration = await retryOnUniqueViolation(() =>
    inTransaction(ctx.db, async (trx) => {
      const now = ctx.now();
      const saved = await findConfigurationOfOperator(trx, userId);
      const id = saved?.id ?? randomUUID();
      const companySlug = await assignCompanySlug(trx, { configurationId: id, saved }, input.companyName, now);
      const aiInsightsEnabled = input.aiInsightsEnabled ?? saved?.aiInsightsEnabled ?? DEFAULT_CONFIGURATION.aiInsightsEnabled;
      const crisisContact = input.crisisContact === undefined ? (saved?.crisisContact ?? null) : input.crisisContact;
      const values = { ...input, aiInsightsEnabled, crisisContact, companySlug };
      if (saved) await updateConfiguration(trx, id, values, now);
      else await insertConfiguration(trx, { id, userId, values, now });
      return { id, userId, ...values };
    }),
  );
  ctx.configurations.forgetAll();
  return configuration;
}
