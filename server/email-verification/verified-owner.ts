import { isOwnerEmailVerified } from '../../db/repositories/email-verifications';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';

/**
 * Inviting and registering webhooks send our mail or our requests where the clinic says: only
 * once the clinic's current owner has verified their address (docs/decisions/0039). After a
 * handover the new owner's own address counts.
 */
export async function refuseUnverifiedClinic(ctx: Pick<OperatorContext, 'db' | 'admin'>): Promise<void> {
  if (!(await isOwnerEmailVerified(ctx.db, ctx.admin.id))) {
    throw new AppError('FORBIDDEN', (t) => t.errors.emailVerification.ownerUnverified());
  }
}
