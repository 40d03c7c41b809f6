import { ZOk } from '../../../zod-fields';
import { disableTwoFactor, ZDisableTwoFactorRequest } from '../../../two-factor/disable-two-factor';
import { enableTwoFactor, ZEnableTwoFactorRequest, ZRecoveryCodes } from '../../../two-factor/enable-two-factor';
import { setUpTwoFactor, ZTwoFactorSetup } from '../../../two-factor/set-up-two-factor';
import { getTwoFactorStatus, ZTwoFactorStatus } from '../../../two-factor/two-factor-status';
import { adminProcedure, router } from '../../init';

/** The signed-in member's own two-factor sign-in (docs/decisions/0035). */
export const adminTwoFactorRouter = router({
  status: adminProcedure.output(ZTwoFactorStatus).query(({ ctx }) => getTwoFactorStatus(ctx)),
  setup: adminProcedure.output(ZTwoFactorSetup).mutation(({ ctx }) => setUpTwoFactor(ctx)),
  enable: adminProcedure.input(ZEnableTwoFactorRequest).output(ZRecoveryCodes).mutation(({ ctx, input }) => enableTwoFactor(ctx, input)),
  disable: adminProcedure.input(ZDisableTwoFactorRequest).output(ZOk).mutation(({ ctx, input }) => disableTwoFactor(ctx, input)),
});
