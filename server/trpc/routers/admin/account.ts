import { toAccount } from '../../../account/account';
import {
  ZAccount,
  ZLoginRequest,
  ZOk,
  ZRegisterRequest,
  ZRequestPasswordResetRequest,
  ZResetPasswordRequest,
} from '../../../account/account.schema';
import { login } from '../../../account/login';
import { logout } from '../../../account/logout';
import { logoutEverywhere } from '../../../account/logout-everywhere';
import { register } from '../../../account/register';
import { requestPasswordReset } from '../../../account/request-password-reset';
import { resetPassword } from '../../../account/reset-password';
import { adminProcedure, publicProcedure, router } from '../../init';

/** Sign-up, sign-in, sign-out and password reset: the operator's account. */
export const accountRouter = router({
  me: adminProcedure.output(ZAccount).query(({ ctx }) => toAccount(ctx.admin)),
  login: publicProcedure
    .input(ZLoginRequest)
    .output(ZAccount)
    .mutation(({ ctx, input }) => login(ctx, input)),
  register: publicProcedure
    .input(ZRegisterRequest)
    .output(ZAccount)
    .mutation(({ ctx, input }) => register(ctx, input)),
  logout: publicProcedure.output(ZOk).mutation(({ ctx }) => logout(ctx)),
  logoutEverywhere: adminProcedure.output(ZOk).mutation(({ ctx }) => logoutEverywhere(ctx)),
  requestPasswordReset: publicProcedure
    .input(ZRequestPasswordResetRequest)
    .output(ZOk)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input)),
  resetPassword: publicProcedure
    .input(ZResetPasswordRequest)
    .output(ZOk)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
