import type { Kysely } from 'kysely';
import { changePassword } from '../../db/repositories/accounts';
import { enqueueEmail } from '../../db/repositories/email-outbox';
import { deleteSessionsOfAccount } from '../../db/repositories/operator-sessions';
import { retireResetTokens } from '../../db/repositories/password-reset-tokens';
import type { Database } from '../../db/schema';
import { type AccountContext, forgotPasswordUrl } from '../account/account';
import { passwordChangedEmail } from '../mail/account-emails';
import { type AdminSession, endOtherSessions } from '../session';

/**
 * Sets a new password with all that goes with it, in the caller's transaction: the person's
 * sessions end, every one after a reset, every one but this browser's (`keep`) after a change
 * they made signed in; their unused reset links are retired; and a notice is queued to them.
 */
export async function replacePassword(
  trx: Kysely<Database>,
  ctx: Pick<AccountContext, 'env'> & { at: Date },
  change: { accountId: string; passwordHash: string; keep?: AdminSession },
): Promise<void> {
  const person = await changePassword(trx, change.accountId, change.passwordHash);
  if (change.keep) await endOtherSessions({ db: trx }, change.keep, change.accountId);
  else await deleteSessionsOfAccount(trx, change.accountId);
  await retireResetTokens(trx, change.accountId, ctx.at);
  const notice = passwordChangedEmail('en', { username: person.username, forgotPasswordUrl: forgotPasswordUrl(ctx.env) });
  await enqueueEmail(trx, { kind: 'password-changed', to: person.email, ...notice }, ctx.at);
}
