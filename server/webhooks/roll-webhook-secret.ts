import { addHours } from 'date-fns';
import { rollWebhookSecret as storeRolledSecret } from '../../db/repositories/webhooks';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { listWebhooks, newWebhookSecret, type Webhooks } from './webhook-endpoints';

/** How long the secret a roll replaced keeps signing: a day to move every receiver to the new one. */
const PREVIOUS_SECRET_HOURS = 24;

/**
 * POST /api/webhooks/secret/roll: draws a new signing secret. The one it replaces signs every
 * event beside it for 24 hours, as Stripe's roll does, so receivers can switch without a gap;
 * a secret that leaked stops signing at the latest then. Rolling again within the day drops
 * the oldest at once: only the last two secrets ever sign.
 */
export async function rollWebhookSecret(ctx: Pick<OperatorContext, 'db' | 'admin' | 'now'>): Promise<Webhooks> {
  const rolled = await storeRolledSecret(ctx.db, ctx.admin.id, { fresh: newWebhookSecret(), until: addHours(ctx.now(), PREVIOUS_SECRET_HOURS) });
  if (!rolled) throw new AppError('CONFLICT', (t) => t.errors.webhooks.noSecretYet());
  return listWebhooks(ctx);
}
