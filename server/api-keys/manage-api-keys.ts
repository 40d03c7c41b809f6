import { z } from 'zod';
import { countUnrevokedApiKeys, insertApiKey, listApiKeys, revokeApiKey } from '../../db/repositories/api-keys';
import { API_KEY_PREFIX, API_KEY_SCOPES, API_KEY_SHOWN_CHARACTERS, MAX_API_KEYS } from '../../domain/api-keys';
import { hashSecretToken, newSecretToken } from '../auth/secret-tokens';
import type { OperatorContext } from '../context';
import { AppError, FieldProblem, NotFoundError } from '../errors';
import { fieldMessage } from '../field-messages';
import { entityId, oneOf, requiredText, ZInstant } from '../zod-fields';

/** POST /api/api-keys: a name, at least one scope, and an optional expiry. */
export const ZCreateApiKeyRequest = z.object({
  name: requiredText(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: oneOf(API_KEY_SCOPES) }), { error: oneOf(API_KEY_SCOPES) })
    .min(1, fieldMessage('atLeastOneScope'))
    .transform((scopes) => [...new Set(scopes)]),
  /** When the key stops working; none: until it is revoked. */
  expiresAt: ZInstant.nullish().transform((value) => (value ? new Date(value) : null)),
});

/** DELETE /api/api-keys/{id}. */
export const ZApiKeyIdRequest = z.object({ id: entityId('apiKey') });

const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the rest was shown once. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
});

/** GET /api/api-keys: the clinic's keys, newest first, without their secrets. */
export const ZApiKeys = z.array(ZApiKey);

/** The created key's secret beside the list: the only time it is ever shown. */
export const ZCreatedApiKey = z.object({ key: z.string(), keys: ZApiKeys });

type Ctx = Pick<OperatorContext, 'db' | 'admin' | 'member' | 'now'>;

export function listClinicApiKeys(ctx: Pick<OperatorContext, 'db' | 'admin'>) {
  return listApiKeys(ctx.db, ctx.admin.id);
}

/**
 * Draws a key of 256 random bits and stores only its SHA-256: a fast hash is enough, as nobody
 * can guess through 2^256 candidates whatever the hash costs, and a lookup by hash keeps each
 * call to one indexed read (docs/decisions/0058).
 */
export async function createApiKey(ctx: Ctx, input: z.output<typeof ZCreateApiKeyRequest>): Promise<z.output<typeof ZCreatedApiKey>> {
  const now = ctx.now();
  if (input.expiresAt && input.expiresAt <= now) throw new FieldProblem('expiresAt', fieldMessage('inTheFuture'));
  if ((await countUnrevokedApiKeys(ctx.db, ctx.admin.id)) >= MAX_API_KEYS) {
    throw new AppError('CONFLICT', (t) => t.errors.apiKeys.tooMany({ max: MAX_API_KEYS }));
  }
  const key = `${API_KEY_PREFIX}${newSecretToken()}`;
  await insertApiKey(ctx.db, {
    clinicId: ctx.admin.id,
    name: input.name,
    keyHash: hashSecretToken(key),
    prefix: key.slice(0, API_KEY_SHOWN_CHARACTERS),
    scopes: input.scopes,
    createdBy: ctx.member.accountId,
    createdAt: now,
    expiresAt: input.expiresAt,
  });
  return { key, keys: await listClinicApiKeys(ctx) };
}

/** Revokes a key at once; its next call answers 401. */
export async function revokeClinicApiKey(ctx: Ctx, { id }: z.output<typeof ZApiKeyIdRequest>) {
  if (!(await revokeApiKey(ctx.db, ctx.admin.id, id, ctx.now()))) throw new NotFoundError('apiKey');
  return listClinicApiKeys(ctx);
}
