import { z } from 'zod';
import { deleteClinic } from '../../db/repositories/clinic-deletion';
import { findSubscriptionOf } from '../../db/repositories/subscriptions';
import { inTransaction } from '../../db/transaction';
import { hasEnded } from '../../domain/subscription';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { fieldMessage } from '../field-messages';

/**
 * DELETE /api/account?confirmUsername=…: the clinic confirms by typing its username. Not the
 * password: a DELETE carries its input in the URL (server/rest/routes.ts), which proxies and
 * logs keep, and a password must never be there (docs/decisions/0026).
 */
export const ZDeleteAccountRequest = z.strictObject({
  confirmUsername: z.string({ error: fieldMessage('required') }).trim().min(1, { error: fieldMessage('required') }).max(100),
});

type DeletionContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'billing' | 'admin' | 'adminSession' | 'configurations'>;

/** Stripe is told first: a clinic whose subscription could not be cancelled keeps its data, so it can try again. */
async function cancelSubscription(ctx: DeletionContext): Promise<void> {
  const stored = await findSubscriptionOf(ctx.db, ctx.admin.id);
  if (ctx.billing.mode !== 'stripe' || !stored?.stripeSubscriptionId || hasEnded(stored.status)) return;
  try {
    await ctx.billing.stripe.subscriptions.cancel(stored.stripeSubscriptionId, {}, { idempotencyKey: `cancel-for-deletion-${stored.stripeSubscriptionId}` });
  } catch (error) {
    // Already gone at Stripe: nothing left to cancel.
    if ((error as { code?: string }).code === 'resource_missing') return;
    throw new AppError('SERVICE_UNAVAILABLE', (t) => t.errors.subscriptionNotCancelled(), { cause: error });
  }
}

/**
 * The clinic deletes itself with all its data: the Stripe subscription is cancelled first
 * (outside any transaction), then every row of the clinic goes in one transaction
 * (db/repositories/clinic-deletion.ts), and this browser's cookie is cleared.
 */
export async function deleteAccount(ctx: DeletionContext, { confirmUsername }: z.output<typeof ZDeleteAccountRequest>): Promise<{ ok: true }> {
  if (confirmUsername !== ctx.admin.username) throw new AppError('BAD_REQUEST', (t) => t.errors.accountDeletionNotConfirmed());
  await cancelSubscription(ctx);
  await inTransaction(ctx.db, (trx) => deleteClinic(trx, { userId: ctx.admin.id, email: ctx.admin.email }));
  ctx.configurations.forgetAll();
  ctx.adminSession.destroy();
  return { ok: true };
}
