import type { OperatorContext } from '../context';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import {
  findConfigurationOfOperator,
  insertConfiguration,
  updateConfiguration,
} from '../../db/repositories/configurations';
import { retryOnUniqueViolation } from '../../db/retry-on-unique-violation';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { DEFAULT_CONFIGURATION, MALAY_TEXT_FIELDS, type ScreenerConfiguration } from '../../domain/configuration';
import { allowsUnlimitedBookings } from '../../domain/subscription';
import { FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';
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
      const whiteLabel = await whiteLabelOf(trx, userId, input, saved);
      const values = { ...input, aiInsightsEnabled, crisisContact, companySlug, ...whiteLabel };
      if (saved) await updateConfiguration(trx, id, values, now);
      else await insertConfiguration(trx, { id, userId, values, now });
      return { id, userId, ...values, uploadedLogoUrl: saved?.uploadedLogoUrl ?? null };
    }),
  );
  ctx.configurations.forgetAll();
  return configuration;
}

type WhiteLabel = Pick<ScreenerConfiguration, 'primaryColor' | 'hidePoweredBy' | (typeof MALAY_TEXT_FIELDS)[keyof typeof MALAY_TEXT_FIELDS]>;

/**
 * The colour, the "Powered by" choice and the Malay texts: each one sent, else the saved one.
 * Hiding "Powered by Minda" is for a paid plan: a subscription that allows unlimited bookings
 * (active or trialing, domain/subscription.ts).
 */
async function whiteLabelOf(
  trx: Parameters<typeof findSubscriptionOf>[0],
  userId: string,
  input: UpdateConfigurationRequest,
  saved: ScreenerConfiguration | undefined,
): Promise<WhiteLabel> {
  const base = saved ?? DEFAULT_CONFIGURATION;
  const hidePoweredBy = input.hidePoweredBy ?? base.hidePoweredBy;
  if (hidePoweredBy && !base.hidePoweredBy && !allowsUnlimitedBookings((await findSubscriptionOf(trx, userId))?.status)) {
    throw new FieldProblem('hidePoweredBy', fieldMessage('poweredByNeedsPlan'));
  }
  const malay = Object.fromEntries(Object.values(MALAY_TEXT_FIELDS).map((field) => [field, input[field] ?? base[field]]));
  return {
    primaryColor: input.primaryColor === undefined ? base.primaryColor : input.primaryColor,
    hidePoweredBy,
    ...(malay as Pick<WhiteLabel, (typeof MALAY_TEXT_FIELDS)[keyof typeof MALAY_TEXT_FIELDS]>),
  };
}
