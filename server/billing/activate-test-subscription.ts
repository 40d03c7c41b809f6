import { activateWithoutPayment } from '../../db/repositories/subscriptions';
import type { Operator } from '../../db/repositories/users';
import type { AppServices } from '../context';
import { AppError } from '../errors';

/**
 * Test mode's stand-in for paying: the operator's subscription becomes active locally, so the
 * whole flow can be tried without Stripe. With Stripe configured only a payment activates it.
 */
export async function activateTestSubscription(
  services: Pick<AppServices, 'db' | 'dialect' | 'now' | 'billing'>,
  operator: Operator,
): Promise<{ status: 'active' }> {
  if (services.billing.mode !== 'test') {
    throw new AppError('FORBIDDEN', 'Subscriptions are paid through Stripe here; test-mode activation is off.');
  }
  await activateWithoutPayment(services.db, services.dialect, operator.id, services.now());
  return { status: 'active' };
}
