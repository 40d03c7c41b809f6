import { z } from 'zod';
import { countRecoveryCodes, findTwoFactor } from '../../db/repositories/two-factor';
import type { OperatorContext } from '../context';

export const ZTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.output<typeof ZTwoFactorStatus>;

/** Whether the signed-in member signs in with a second factor, and how many recovery codes they have left. */
export async function getTwoFactorStatus(ctx: Pick<OperatorContext, 'db' | 'member'>): Promise<TwoFactorStatus> {
  const stored = await findTwoFactor(ctx.db, ctx.member.accountId);
  const enabled = Boolean(stored?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await countRecoveryCodes(ctx.db, ctx.member.accountId) : 0 };
}
