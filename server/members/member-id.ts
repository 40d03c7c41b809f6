import { z } from 'zod';
import { findMembership, type Membership } from '../../db/repositories/memberships';
import type { OperatorContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { entityId } from '../zod-fields';

/** PATCH, DELETE /api/members/:accountId */
export const ZMemberIdRequest = z.object({ accountId: entityId('member') });

/** A member of the session's clinic other than its owner: the owner changes only by a handover. */
export async function memberOtherThanOwner(ctx: Pick<OperatorContext, 'db' | 'admin'>, accountId: string): Promise<Membership> {
  const membership = await findMembership(ctx.db, accountId, ctx.admin.id);
  if (!membership) throw new NotFoundError('member');
  if (membership.role === 'owner') throw new AppError('BAD_REQUEST', (t) => t.errors.ownerRoleByHandover());
  return membership;
}
