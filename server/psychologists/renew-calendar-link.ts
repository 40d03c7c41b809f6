import { z } from 'zod';
import { replaceCalendarTokenHash } from '../../db/repositories/psychologists';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import type { Env } from '../env';
import type { OperatorContext } from '../context';
import { NotFoundError } from '../errors';
import { entityId } from '../zod-fields';
import { refuseOutsideProfile } from '../members/profile-scope';

/** POST /api/psychologists/:id/calendar-link. */
export const ZRenewCalendarLinkRequest = z.object({ id: entityId('psychologist') });

export const ZRenewCalendarLinkResponse = z.object({
  /** The subscription URL, shown this once: only its token's hash is stored. */
  url: z.string(),
});

/** Where a calendar app subscribes to the psychologist whose token this is. */
const calendarFeedUrl = (env: Pick<Env, 'publicUrl'>, token: string) => `${env.publicUrl}/api/calendar/${token}.ics`;

/**
 * Draws a new secret for the operator's psychologist's calendar subscription and stores only
 * its hash, replacing the old one: the URL made before answers 404 from now on
 * (docs/decisions/0022).
 */
export async function renewCalendarLink(
  ctx: Pick<OperatorContext, 'db' | 'env' | 'now' | 'admin' | 'member'>,
  input: { id: string },
): Promise<{ url: string }> {
  refuseOutsideProfile(ctx.member, input.id, 'psychologist');
  const token = newSecretToken();
  const renewed = await replaceCalendarTokenHash(ctx.db, { userId: ctx.admin.id, id: input.id, calendarTokenHash: hashSecretToken(token), now: ctx.now() });
  if (!renewed) throw new NotFoundError('psychologist');
  return { url: calendarFeedUrl(ctx.env, token) };
}
