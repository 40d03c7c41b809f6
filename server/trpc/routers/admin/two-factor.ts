import { ZOk } from '../../../zod-fields';
import { disableTwoFactor, ZDisableTwoFactorRequest } from '../../../two-factor/disable-two-factor';
import { enableTwoFactor, ZEnableTwoFactorRequest, ZRecoveryCodes } from '../../../two-factor/enable-two-factor';
import { setUpTwoFactor, ZTwoFactorSetup } from '../../../two-factor/set-up-two-factor';
import { getTwoFactorStatus, ZTwoFactorStatus } from '../../../two-factor/two-factor-status';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The signed-in member's own two-factor sign-in (docs/decisions/0035): every member's, whatever their role. */
export const adminTwoFactorRouter = router({
  // A member held to the set-up their clinic requires may call these three (server/trpc/init.ts).
  status: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).output(ZTwoFactorStatus).query(({ ctx }) => getTwoFactorStatus(ctx)),
  setup: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).output(ZTwoFactorSetup).mutation(({ ctx }) => setUpTwoFactor(ctx)),
  enable: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).input(ZEnableTwoFactorRequest).output(ZRecoveryCodes).mutation(({ ctx, input }) => enableTwoFactor(ctx, input)),
  disable: memberProcedure(ACCESS.everyMember).input(ZDisableTwoFactorRequest).output(ZOk).mutation(({ ctx, input }) => disableTwoFactor(ctx, input)),
});
