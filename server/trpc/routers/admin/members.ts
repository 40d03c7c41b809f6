import { ACCESS } from '../../../../domain/roles';
import { changeRole, ZChangeRoleRequest } from '../../../members/change-role';
import { handOverOwnership } from '../../../members/hand-over-ownership';
import { inviteMember, resendInvitation, revokeInvitation, ZInvitationIdRequest, ZInviteMemberRequest } from '../../../members/invitations';
import { ZMemberIdRequest } from '../../../members/member-id';
import { removeMember } from '../../../members/remove-member';
import { requireTwoFactor, ZRequireTwoFactorRequest } from '../../../members/require-two-factor';
import { readTeam, ZTeam } from '../../../members/team';
import { memberProcedure, router } from '../../init';

const ownerProcedure = memberProcedure(ACCESS.ownerOnly).output(ZTeam);

/** The clinic's team: its members and roles, and its pending invitations. The owner's alone. */
export const adminMembersRouter = router({
  list: ownerProcedure.query(({ ctx }) => readTeam(ctx)),
  invite: ownerProcedure.input(ZInviteMemberRequest).mutation(({ ctx, input }) => inviteMember(ctx, input)),
  changeRole: ownerProcedure.input(ZChangeRoleRequest).mutation(({ ctx, input }) => changeRole(ctx, input)),
  remove: ownerProcedure.input(ZMemberIdRequest).mutation(({ ctx, input }) => removeMember(ctx, input)),
  handOverOwnership: ownerProcedure.input(ZMemberIdRequest).mutation(({ ctx, input }) => handOverOwnership(ctx, input)),
  resendInvitation: ownerProcedure.input(ZInvitationIdRequest).mutation(({ ctx, input }) => resendInvitation(ctx, input)),
  revokeInvitation: ownerProcedure.input(ZInvitationIdRequest).mutation(({ ctx, input }) => revokeInvitation(ctx, input)),
  /** Two-factor sign-in for every member, or each member's own choice again. */
  requireTwoFactor: ownerProcedure.input(ZRequireTwoFactorRequest).mutation(({ ctx, input }) => requireTwoFactor(ctx, input)),
});
