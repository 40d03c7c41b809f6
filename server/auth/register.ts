import { z } from 'zod';
import { normaliseAccountName } from '../../domain/account-names';
import { passwordProblem as passwordProblemOf } from '../../domain/password';
import { passwordProblemMessage, ZEmail, ZNewPassword } from './auth-fields';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../../db/transaction';
import type { Kysely } from 'kysely';
import { insertConfiguration } from '../../db/repositories/configurations';
import { findTakenCredentials, insertAccount } from '../../db/repositories/accounts';
import { insertMembership } from '../../db/repositories/memberships';
import { insertClinic } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { DEFAULT_CONFIGURATION } from '../../domain/configuration';
import { hashPassword } from './passwords';
import { AppError, FieldProblem } from '../errors';
import { fieldMessage } from '../field-messages';
import { enforceRateLimits } from '../rate-limit/rate-limits';
import { startSession } from '../session';
import { type Account, type AccountContext, toAccount } from '../account/account';
import { queueVerificationMail } from '../email-verification/verification-mail';

/**
 * Stored and looked up normalised (NFKC, case folded: docs/decisions/0041), and checked after
 * that, so `ＯＷＮＥＲＣ` is the name `ownerc` and `ownerç` is refused for its letter.
 */
export const ZUsername = z
  .string()
  .overwrite(normaliseAccountName)
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[a-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');

export const ZRegisterRequest = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZNewPassword,
}).refine((request) => passwordProblemOf(request.password, request) !== 'sameAsAccount', {
  path: ['password'],
  message: passwordProblemMessage('sameAsAccount'),
});
export type RegisterRequest = z.output<typeof ZRegisterRequest>;

/**
 * Refuses a new account whose username or e-mail another account or clinic has, or whose
 * username could pass for a person's at a glance (`c1inic` beside `clinic`).
 */
export async function refuseTakenCredentials(db: Kysely<Database>, input: Pick<RegisterRequest, 'username' | 'email'>): Promise<void> {
  const taken = await findTakenCredentials(db, input);
  if (taken.username) throw new AppError('CONFLICT', (t) => t.errors.usernameTaken());
  if (taken.lookAlike) throw new FieldProblem('username', fieldMessage('usernameLooksTaken'));
  if (taken.email) throw new AppError('CONFLICT', (t) => t.errors.emailTaken());
}

/**
 * Creates the clinic with the default screener configuration (no company name, so no slug yet),
 * its owner's account and the owner's membership in one transaction, queues the mail that
 * verifies the owner's address, and signs the owner in.
 */
export async function register(ctx: AccountContext, input: RegisterRequest): Promise<Account> {
  await enforceRateLimits(ctx, [
    ['registerPerIp', ctx.ip],
    ['registerPerEmail', input.email],
  ]);
  await refuseTakenCredentials(ctx.db, input);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const { id: _id, userId: _userId, ...defaults } = DEFAULT_CONFIGURATION;
  let owner;
  try {
    owner = await inTransaction(ctx.db, async (trx) => {
      const clinic = await insertClinic(trx, { id: randomUUID(), username: input.username, email: input.email, createdAt: now });
      await insertConfiguration(trx, { id: randomUUID(), userId: clinic.id, values: defaults, now });
      // The founder's account shares the clinic's id, as every owner migrated from a single login does.
      const account = await insertAccount(trx, { id: clinic.id, username: input.username, email: input.email, passwordHash, createdAt: now });
      await insertMembership(trx, { accountId: account.id, clinicId: clinic.id, role: 'owner', psychologistId: null, createdAt: now });
      // Until the owner opens it, the clinic cannot invite anyone or register a webhook.
      await queueVerificationMail(ctx, trx, account);
      return { account, clinicId: clinic.id };
    });
  } catch (error) {
    // Another sign-up took the name or address since the check above.
    if (isUniqueViolation(error)) await refuseTakenCredentials(ctx.db, input);
    throw error;
  }
  await startSession(ctx, await ctx.session(), owner.account, owner.clinicId);
  return toAccount(owner.account);
}
