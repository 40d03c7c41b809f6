import { ZOk } from '../../../zod-fields';
import { changeOwnPassword, ZChangePasswordRequest } from '../../../account/change-password';
import { logoutEverywhere } from '../../../account/logout-everywhere';
import { deleteAccount, ZDeleteAccountRequest } from '../../../account/delete-account';
import { upcomingBeforeDeletion, ZUpcomingBeforeDeletion } from '../../../account/upcoming-before-deletion';
import { me, ZMe } from '../../../account/me';
import { sendVerificationMail } from '../../../email-verification/verification-mail';
import { switchClinic, ZSwitchClinicRequest } from '../../../members/switch-clinic';
import { ACCESS } from '../../../../domain/roles';
import { memberProcedure, router } from '../../init';

/** The signed-in person's own session, and the clinic it acts on. */
export const accountRouter = router({
  // Open to a member held to the two-factor set-up their clinic requires (server/trpc/init.ts),
  // as are signing out and the switch to a clinic that may not require it.
  me: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).output(ZMe).query(({ ctx }) => me(ctx)),
  logoutEverywhere: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).output(ZOk).mutation(({ ctx }) => logoutEverywhere(ctx)),
  /** Another of the person's clinics for this session; `me` tells which they have. */
  switchClinic: memberProcedure(ACCESS.everyMember, { openBeforeTwoFactor: true }).input(ZSwitchClinicRequest).output(ZMe).mutation(({ ctx, input }) => switchClinic(ctx, input)),
  /** A new password, given the current one; the person's other sessions end. */
  changePassword: memberProcedure(ACCESS.everyMember).input(ZChangePasswordRequest).output(ZOk).mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
  /** The owner asks for the link that verifies their address again; `me` tells whether it is verified. */
  sendEmailVerification: memberProcedure(ACCESS.ownerOnly).output(ZOk).mutation(({ ctx }) => sendVerificationMail(ctx)),
  /** What deleting the clinic would cancel: its upcoming appointments, without their visitors. */
  upcomingBeforeDeletion: memberProcedure(ACCESS.ownerOnly).output(ZUpcomingBeforeDeletion).query(({ ctx }) => upcomingBeforeDeletion(ctx)),
  /** The clinic deletes itself with all its data, its subscription cancelled first; its upcoming visitors are told. */
  delete: memberProcedure(ACCESS.ownerOnly).input(ZDeleteAccountRequest).output(ZOk).mutation(({ ctx, input }) => deleteAccount(ctx, input)),
});
