import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { insertAccount, type Person } from '../../db/repositories/accounts';
import { markEmailVerified } from '../../db/repositories/email-verifications';
import { claimInvitation, findUsableInvitation, type Invitation } from '../../db/repositories/invitations';
import { findMembership, insertMembership } from '../../db/repositories/memberships';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { passwordProblem } from '../../domain/password';
import { type Account, type AccountContext, toAccount } from '../account/account';
import { passwordProblemMessage, ZNewPassword } from '../auth/auth-fields';
import { checkSignIn, ZLoginRequest } from '../auth/login';
import { hashPassword } from '../auth/passwords';
import { refuseTakenCredentials, ZUsername } from '../auth/register';
import { hashSecretToken } from '../auth/secret-tokens';
import { AppError, FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { startSession } from '../session';

export const ZInvitationToken = z.string().min(1, 'The invitation token is missing').max(512, 'The invitation token is too long');

/**
 * POST /api/invitations/:token/accept: the invitee joins with a new account (a username and a
 * password; the e-mail is the invited address) or with the account they already have.
 */
export const ZAcceptInvitationRequest = z.discriminatedUnion('account', [
  z.object({ token: ZInvitationToken, account: z.literal('new'), username: ZUsername, password: ZNewPassword }),
  // The same fields as /login, the second factor's code included: joining signs the person in.
  ZLoginRequest.extend({ token: ZInvitationToken, account: z.literal('existing') }),
]);
export type AcceptInvitationRequest = z.output<typeof ZAcceptInvitationRequest>;

export const invalidInvitation = () => new AppError('BAD_REQUEST', (t) => t.errors.invalidInvitation());

/** Joining with an existing account is a sign-in: the same limits, password and second factor. */
async function existingAccount(ctx: AccountContext, input: Extract<AcceptInvitationRequest, { account: 'existing' }>): Promise<Person> {
  const person = await checkSignIn(ctx, input);
  // A field problem of `code`, so the invitation page answers with its code step, as /login does.
  if (person === 'codeNeeded') throw new FieldProblem('code', fieldMessage('codeNeededToJoin'));
  return person;
}

async function newAccount(input: AcceptInvitationRequest, invitation: Invitation): Promise<Person & { passwordHash: string }> {
  const person = { id: randomUUID(), username: input.username, email: invitation.email };
  if (passwordProblem(input.password, person) === 'sameAsAccount') {
    throw new AppError('BAD_REQUEST', passwordProblemMessage('sameAsAccount'));
  }
  return { ...person, passwordHash: await hashPassword(input.password) };
}

/**
 * Uses the invitation once (a conditional UPDATE: of two acceptances one wins), makes the person
 * a member with the invited role in the same transaction, and signs them in to that clinic.
 */
export async function acceptInvitation(ctx: AccountContext, input: AcceptInvitationRequest): Promise<Account> {
  // As many tries as a sign-in (an existing account's are counted by checkSignIn).
  if (input.account === 'new') await enforceRateLimits(ctx, [['loginPerIp', ctx.ip]]);
  const tokenHash = hashSecretToken(input.token);
  // A cheap look first, so a made-up token never costs an argon2 hash.
  const invitation = await findUsableInvitation(ctx.db, tokenHash, ctx.now());
  if (!invitation) throw invalidInvitation();
  const created = input.account === 'new' ? await newAccount(input, invitation) : undefined;
  if (created) await refuseTakenCredentials(ctx.db, created);
  const person = input.account === 'existing' ? await existingAccount(ctx, input) : created;
  if (!person) throw invalidInvitation();
  try {
    await inTransaction(ctx.db, async (trx) => {
      const now = ctx.now();
      if (!(await claimInvitation(trx, tokenHash, now))) throw invalidInvitation();
      if (created) await insertAccount(trx, { ...created, createdAt: now });
      else if (await findMembership(trx, person.id, invitation.clinicId)) throw new AppError('CONFLICT', (t) => t.errors.alreadyMember());
      await insertMembership(trx, { accountId: person.id, clinicId: invitation.clinicId, role: invitation.role, psychologistId: invitation.psychologistId, createdAt: now });
      // The link reached the invited address: an account with that address has it verified.
      await markEmailVerified(trx, person.id, invitation.email, now);
    });
  } catch (error) {
    // Another sign-up took the name or address since the check above.
    if (created && isUniqueViolation(error)) await refuseTakenCredentials(ctx.db, created);
    throw error;
  }
  await startSession(ctx, await ctx.session(), person, invitation.clinicId);
  return toAccount(person);
}
