import QRCode from 'qrcode';
import { z } from 'zod';
import { savePendingSecret } from '../../db/repositories/two-factor';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import type { OperatorContext } from '../context';
import { AppError } from '../errors';
import { sealSecret } from './sealed-secret';
import { newTotpSecret, otpauthUri } from './totp';

export const ZTwoFactorSetup = z.object({
  /** The secret in base32, for apps set up by typing it. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The same address as a QR code, an SVG document. */
  qrCodeSvg: z.string(),
});
export type TwoFactorSetup = z.output<typeof ZTwoFactorSetup>;

const alreadyOn = () => new AppError('CONFLICT', (t) => t.errors.twoFactor.alreadyOn());

/**
 * POST /api/two-factor/setup: a fresh secret, stored sealed and waiting for its first code
 * (enable-two-factor.ts). Asking again replaces a secret still waiting; an enabled one stays
 * until it is turned off. The answer is the only time the secret leaves the server.
 */
export async function setUpTwoFactor(ctx: Pick<OperatorContext, 'db' | 'env' | 'now' | 'member'>): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const sealed = sealSecret(ctx.env.sessionSecret, secret);
  try {
    if (!(await inTransaction(ctx.db, (trx) => savePendingSecret(trx, ctx.member.accountId, sealed, ctx.now())))) throw alreadyOn();
  } catch (error) {
    // Another set-up of the same account won the insert a moment before: that one stands.
    if (isUniqueViolation(error)) throw alreadyOn();
    throw error;
  }
  const uri = otpauthUri(secret, ctx.member.username);
  return { secret, otpauthUri: uri, qrCodeSvg: await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) };
}
