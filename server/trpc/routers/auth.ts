import { ZAccount } from '../../account/account';
import { ZOk } from '../../zod-fields';
import { login, ZLoginAnswer, ZLoginRequest } from '../../auth/login';
import { logout } from '../../auth/logout';
import { register, ZRegisterRequest } from '../../auth/register';
import { requestPasswordReset, ZRequestPasswordResetRequest } from '../../auth/request-password-reset';
import { resetPassword, ZResetPasswordRequest } from '../../auth/reset-password';
import { acceptInvitation, ZAcceptInvitationRequest } from '../../members/accept-invitation';
import { previewInvitation, ZInvitationPreview, ZPreviewInvitationRequest } from '../../members/preview-invitation';
import { verifyEmail, ZVerifyEmailRequest } from '../../email-verification/verify-email';
import { publicProcedure, router } from '../init';

/** What anyone may call to get into an account: sign-up, sign-in, sign-out and password reset. */
export const authRouter = router({
  login: publicProcedure
    .input(ZLoginRequest)
    .output(ZLoginAnswer)
    .mutation(({ ctx, input }) => login(ctx, input)),
  register: publicProcedure
    .input(ZRegisterRequest)
    .output(ZAccount)
    .mutation(({ ctx, input }) => register(ctx, input)),
  logout: publicProcedure.output(ZOk).mutation(({ ctx }) => logout(ctx)),
  requestPasswordReset: publicProcedure
    .input(ZRequestPasswordResetRequest)
    .output(ZOk)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input)),
  /** Joins a clinic with an e-mailed invitation, with a new account or one the person has. */
  acceptInvitation: publicProcedure
    .input(ZAcceptInvitationRequest)
    .output(ZAccount)
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input)),
  /** What the invitation page shows: the role offered and who sent it. */
  invitationPreview: publicProcedure
    .input(ZPreviewInvitationRequest)
    .output(ZInvitationPreview)
    .query(({ ctx, input }) => previewInvitation(ctx, input)),
  /** The button of the page a verification link opens: verifies the address, signs nobody in. */
  verifyEmail: publicProcedure
    .input(ZVerifyEmailRequest)
    .output(ZOk)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input)),
  resetPassword: publicProcedure
    .input(ZResetPasswordRequest)
    .output(ZOk)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
