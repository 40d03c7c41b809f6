import { type ApiKey, findApiKeyByHash, touchApiKey } from '../../db/repositories/api-keys';
import { recordAudit } from '../../db/repositories/audit-log';
import { findOperatorById } from '../../db/repositories/users';
import { hashSecretToken } from '../auth/secret-tokens';
import type { ApiKeyCall, OperatorContext, RequestContext } from '../context';
import { AppError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';

/** The audit column holds at most this many characters of the operation. */
const MAX_OPERATION_LENGTH = 200;

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A key's last use is written at most this often, and its reads audited at most once in it: a
 * sync that polls every few seconds would otherwise write twice a call (docs/decisions/0058).
 */
const USE_RECORDED_EVERY_MS = 60_000;

/**
 * The live key a request presents, or a 401 that says why not: unknown, revoked or expired.
 * Whatever keeps state per caller (an idempotency key's clinic) reads the key's clinic here.
 */
export async function liveApiKey(ctx: Pick<RequestContext, 'db' | 'now'>, presented: string): Promise<ApiKey> {
  const key = await findApiKeyByHash(ctx.db, hashSecretToken(presented));
  if (!key) throw new AppError('UNAUTHORIZED', (t) => t.errors.apiKeys.unknown());
  if (key.revokedAt) throw new AppError('UNAUTHORIZED', (t) => t.errors.apiKeys.revoked({ name: key.name, date: day(key.revokedAt!) }));
  if (key.expiresAt && key.expiresAt <= ctx.now()) throw new AppError('UNAUTHORIZED', (t) => t.errors.apiKeys.expired({ name: key.name, date: day(key.expiresAt!) }));
  return key;
}

/**
 * The clinic and member a REST call with an API key acts as, after the key proved live, within
 * its per-key rate limit, and holding the scope the route needs (`call.scope`, which the REST
 * adapter read from server/rest/api-key-scopes.ts).
 * The key acts with a receptionist's view of the clinic, whatever its creator's role: the whole
 * clinic's schedules and bookings, never health data. Its use is recorded: the key's last use,
 * to the minute, and an audit entry under its name for every change and for a read when the
 * last use moved (at most one read a minute per key).
 */
export async function actAsApiKey(ctx: RequestContext, call: ApiKeyCall): Promise<Pick<OperatorContext, 'admin' | 'member' | 'adminSession'>> {
  const key = await liveApiKey(ctx, call.key);
  const now = ctx.now();
  const clinic = await findOperatorById(ctx.db, key.clinicId);
  if (!clinic) throw new AppError('UNAUTHORIZED', (t) => t.errors.apiKeys.unknown());
  // Counted before the scope is checked, so a key cannot flood even the calls it may not make.
  await enforceRateLimits(ctx, [['apiKeyCalls', key.id]], (t) => t.errors.apiKeys.tooManyCalls());
  const { scope } = call;
  if (!scope) throw new AppError('FORBIDDEN', (t) => t.errors.apiKeys.notForKeys());
  if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', (t) => t.errors.apiKeys.missingScope({ scope }));
  const touched = await touchApiKey(ctx.db, key.id, { now, notSince: new Date(now.getTime() - USE_RECORDED_EVERY_MS) });
  if (touched || !call.reads) {
    await recordAudit(ctx.db, {
      userId: clinic.id,
      actor: 'api-key',
      apiKeyId: key.id,
      operation: call.operation.slice(0, MAX_OPERATION_LENGTH),
      action: 'api-key.used',
      subjectId: null,
      at: now,
    });
  }
  return {
    admin: clinic,
    member: {
      accountId: key.createdBy ?? '',
      username: key.name,
      email: clinic.email,
      role: 'receptionist',
      psychologistId: null,
      twoFactorSetupRequired: false,
    },
    // A bearer request carries no cookie (bearer-guard.ts): an empty session nobody saves.
    adminSession: await ctx.session(),
  };
}
