import { z } from 'zod';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { findUsableInvitation } from '../../db/repositories/invitations';
import { listMembers } from '../../db/repositories/memberships';
import { clinicNameOf } from '../../domain/configuration';
import { ROLES } from '../../domain/roles';
import type { AccountContext } from '../account/account';
import { hashSecretToken } from '../auth/secret-tokens';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { invalidInvitation, ZInvitationToken } from './accept-invitation';

/** GET /api/invitations/:token: what the invitation page shows before anyone joins. */
export const ZPreviewInvitationRequest = z.object({ token: ZInvitationToken });

/**
 * The role offered, who sent it (the clinic's owner, the one role that invites) and the clinic's
 * name as its owner typed it. Only the holder of the link's secret token can read it.
 */
export const ZInvitationPreview = z.object({ role: z.enum(ROLES), inviter: z.string(), clinic: z.string() });
export type InvitationPreview = z.output<typeof ZInvitationPreview>;

export async function previewInvitation(
  ctx: Pick<AccountContext, 'db' | 'dialect' | 'env' | 'now' | 'rateLimits' | 'ip'>,
  input: z.output<typeof ZPreviewInvitationRequest>,
): Promise<InvitationPreview> {
  // Public and unauthenticated: bounded per client, as sign-in and booking are.
  await enforceRateLimits(ctx, [['invitationPreviewPerIp', ctx.ip]]);
  const invitation = await findUsableInvitation(ctx.db, hashSecretToken(input.token), ctx.now());
  if (!invitation) throw invalidInvitation();
  const owner = (await listMembers(ctx.db, invitation.clinicId)).find((member) => member.role === 'owner');
  const configuration = await findConfigurationOfOperator(ctx.db, invitation.clinicId);
  const inviter = owner?.username ?? '';
  return { role: invitation.role, inviter, clinic: configuration ? clinicNameOf(configuration) : inviter };
}
