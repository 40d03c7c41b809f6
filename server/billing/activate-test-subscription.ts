import { z } from 'zod';
import { activateWithoutPayment } from '../../db/repositories/subscriptions';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';

export const ZActivateTestSubscriptionResponse = z.object({ status: z.literal('active') });

/**
 * Test mode's stand-in for paying: the operator's subscription becomes active locally, so the
 * whole flow can be tried without Stripe. With Stripe configured only a payment activates it.
 */
export async function activateTestSubscription(
  ctx: Pick<OperatorContext, 'db' | 'dialect' | 'now' | 'billing' | 'admin'>,
): Promise<{ status: 'active' }> {
  if (ctx.billing.mode !== 'test') {
    throw new AppError('FORBIDDEN', 'Subscriptions are paid through Stripe here; test-mode activation is off.');
  }
  await activateWithoutPayment(ctx.db, ctx.dialect, ctx.admin.id, ctx.now());
  return { status: 'active' };
}
