import { createHash } from 'node:crypto';
import { z } from 'zod';
import { findConfigurationOfOperator, findLogo, saveLogo, type StoredLogo } from '../../db/repositories/configurations';
import { logoTypeOf, MAX_LOGO_BYTES } from '../../domain/logo-file';
import { sanitiseSvg } from '../branding/sanitise-svg';
import type { OperatorContext, RequestContext } from '../context';
import { AppError, NotFoundError } from '../errors';
import { enforceRateLimits } from '../rate-limit/rate-limits';

/**
 * The clinic's uploaded logo (docs/decisions/0051): PUT /api/configuration/logo takes the file's
 * bytes as the body, whatever type the browser claims; the first bytes decide (domain/logo-file.ts)
 * and an SVG is kept only as sanitised. Stored in the database, so every server process serves it.
 */
export const ZUploadLogoRequest = z.object({ bytes: z.instanceof(Uint8Array) });
export const ZUploadedLogo = z.object({ uploadedLogoUrl: z.string() });

type LogoContext = Pick<OperatorContext, 'db' | 'dialect' | 'env' | 'rateLimits' | 'now' | 'admin' | 'configurations'>;

async function configurationIdOf(ctx: LogoContext): Promise<string> {
  const configuration = await findConfigurationOfOperator(ctx.db, ctx.admin.id);
  if (!configuration) throw new NotFoundError('configuration');
  return configuration.id;
}

/** The bytes as they will be served, or a readable refusal. */
export function acceptedLogo(bytes: Uint8Array): StoredLogo {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', (t) => t.errors.logo.empty());
  if (bytes.length > MAX_LOGO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', (t) => t.errors.logo.tooLarge({ maxKb: MAX_LOGO_BYTES / 1024 }));
  const contentType = logoTypeOf(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', (t) => t.errors.logo.wrongType());
  let data = Buffer.from(bytes);
  if (contentType === 'image/svg+xml') {
    const clean = sanitiseSvg(data.toString('utf8'));
    if (!clean) throw new AppError('UNSUPPORTED_MEDIA_TYPE', (t) => t.errors.logo.unsafeSvg());
    data = Buffer.from(clean, 'utf8');
  }
  return { data, contentType, hash: createHash('sha256').update(data).digest('hex') };
}

export async function uploadLogo(ctx: LogoContext, input: z.output<typeof ZUploadLogoRequest>): Promise<z.output<typeof ZUploadedLogo>> {
  // Counted before the file is read: a refused file cost the reading too.
  await enforceRateLimits(ctx, [['logoUploadsPerClinic', ctx.admin.id]]);
  const logo = acceptedLogo(input.bytes);
  const id = await configurationIdOf(ctx);
  await saveLogo(ctx.db, id, logo, ctx.now());
  ctx.configurations.forgetAll();
  const saved = await findConfigurationOfOperator(ctx.db, ctx.admin.id);
  return { uploadedLogoUrl: saved!.uploadedLogoUrl! };
}

/** The clinic goes back to its logo URL, or none. */
export async function removeLogo(ctx: LogoContext): Promise<void> {
  await saveLogo(ctx.db, await configurationIdOf(ctx), null, ctx.now());
  ctx.configurations.forgetAll();
}

/** GET /api/public/logo/:id: public, like the screener it heads. */
export async function getLogo(ctx: Pick<RequestContext, 'db'>, configurationId: string): Promise<StoredLogo> {
  const logo = z.uuid().safeParse(configurationId).success ? await findLogo(ctx.db, configurationId.toLowerCase()) : undefined;
  if (!logo) throw new NotFoundError('logo');
  return logo;
}
