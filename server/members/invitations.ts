import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { findPersonById } from '../../db/repositories/accounts';
import { findConfigurationOfOperator } from '../../db/repositories/configurations';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import {
  deletePendingInvitation,
  findResendHistory,
  insertInvitation,
  renewInvitationToken,
} from '../../db/repositories/invitations';
import { inTransaction } from '../../db/transaction';
import { clinicNameOf } from '../../domain/configuration';
import { INVITATION_LIMITS, minutesUntilResend, resendRefusal } from '../../domain/invitation-limits';
import type { Role } from '../../domain/roles';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import { ZEmail } from '../auth/auth-fields';
import type { OperatorContext } from '../context';
import { refuseUnverifiedClinic } from '../email-verification/verified-owner';
import { AppError, NotFoundError } from '../errors';
import { invitationEmail } from '../mail/account-emails';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { entityId } from '../zod-fields';
import { profileForRole, readTeam, type Team, ZRoleChoice } from './team';

/** The invitation mail promises it: 'The link will expire in 72 hours and works only once.' */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60_000;

type InvitationContext = Pick<OperatorContext, 'db' | 'dialect' | 'rateLimits' | 'admin' | 'member' | 'now' | 'env' | 'locale'>;

/** POST /api/members: the owner invites someone by e-mail to a role. */
export const ZInviteMemberRequest = ZRoleChoice.extend({ email: ZEmail });

export const ZInvitationIdRequest = z.object({ id: entityId('invitation') });

/** Where the invitee lands; the token is in the link only, the database keeps its hash. */
function acceptUrl(ctx: InvitationContext, token: string): string {
  return `${ctx.env.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
}

/**
 * The mail with the link: the clinic's name, quoted as the inviter's words, the role offered,
 * the username of the member who sent it (whoever sends or resends it), and the link.
 */
async function mailInvitation(ctx: InvitationContext, db: OperatorContext['db'], to: { email: string; role: Role }, token: string, expiresAt: Date): Promise<void> {
  const configuration = await findConfigurationOfOperator(db, ctx.admin.id);
  const clinic = configuration ? clinicNameOf(configuration) : ctx.admin.username;
  const inviter = (await findPersonById(db, ctx.member.accountId))?.username ?? ctx.admin.username;
  const mail = invitationEmail(ctx.locale, { clinic, acceptUrl: acceptUrl(ctx, token), role: to.role, inviter });
  // Unsent by the time the link expires, it would only lead to a refusal.
  await enqueueEmail(db, { kind: 'member-invitation', to: to.email, ...mail, expiresAt }, ctx.now());
}

/** At most 20 new invitations per clinic per day, from a clinic whose owner verified their address. */
export async function inviteMember(ctx: InvitationContext, input: z.output<typeof ZInviteMemberRequest>): Promise<Team> {
  await refuseUnverifiedClinic(ctx);
  const psychologistId = await profileForRole(ctx, input);
  await enforceRateLimits(ctx, [['invitationsPerClinic', ctx.admin.id]], (t) =>
    t.errors.invitations.dailyLimit({ max: ctx.rateLimits.invitationsPerClinic.limit }),
  );
  const token = newSecretToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await inTransaction(ctx.db, async (trx) => {
    await insertInvitation(trx, {
      id: randomUUID(),
      clinicId: ctx.admin.id,
      email: input.email,
      role: input.role,
      psychologistId,
      tokenHash: hashSecretToken(token),
      createdAt: now,
      expiresAt,
    });
    await mailInvitation(ctx, trx, input, token, expiresAt);
  });
  return readTeam(ctx);
}

/**
 * POST /api/invitations/:id/resend: a new link for 72 more hours; the old link stops working.
 * At most once per 10 minutes and 3 times per invitation (domain/invitation-limits.ts).
 */
export async function resendInvitation(ctx: InvitationContext, input: z.output<typeof ZInvitationIdRequest>): Promise<Team> {
  await refuseUnverifiedClinic(ctx);
  const history = await findResendHistory(ctx.db, ctx.admin.id, input.id);
  if (!history) throw new NotFoundError('invitation');
  const now = ctx.now();
  const refusal = resendRefusal(history, now);
  if (refusal === 'tooMany') throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.invitations.resendTooMany({ max: INVITATION_LIMITS.maxResends }));
  if (refusal === 'tooSoon') {
    const minutes = minutesUntilResend(history.lastSentAt, now);
    throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.invitations.resendTooSoon({ gap: INVITATION_LIMITS.resendGapMinutes, minutes }));
  }
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await inTransaction(ctx.db, async (trx) => {
    const renewal = { clinicId: ctx.admin.id, id: input.id, tokenHash: hashSecretToken(token), expiresAt, sentAt: now, resendsSeen: history.resends };
    // A resend racing this one won: its mail is the one that counts.
    if (!(await renewInvitationToken(trx, renewal))) {
      throw new AppError('TOO_MANY_REQUESTS', (t) => t.errors.invitations.resendTooSoon({ gap: INVITATION_LIMITS.resendGapMinutes, minutes: INVITATION_LIMITS.resendGapMinutes }));
    }
    await mailInvitation(ctx, trx, history, token, expiresAt);
  });
  return readTeam(ctx);
}

/** DELETE /api/invitations/:id: the link stops working. */
export async function revokeInvitation(ctx: InvitationContext, input: z.output<typeof ZInvitationIdRequest>): Promise<Team> {
  if (!(await deletePendingInvitation(ctx.db, ctx.admin.id, input.id))) throw new NotFoundError('invitation');
  return readTeam(ctx);
}
