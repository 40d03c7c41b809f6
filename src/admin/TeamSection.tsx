import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { InviteMemberForm } from '../team/InviteMemberForm';
import { PendingInvitations } from '../team/PendingInvitations';
import { TeamMembers } from '../team/TeamMembers';
import { TwoFactorRequirement } from '../team/TwoFactorRequirement';
import { VerifiedOwnerOnly } from '../team/VerifiedOwnerOnly';
import { AdminSection } from './AdminSection';

/**
 * The owner's Team section (GET /api/members): members and roles, inviting (once the owner's
 * e-mail is verified), pending invitations, the two-factor requirement.
 */
export function TeamSection({ selfId }: { selfId: string }) {
  const { LL } = useI18nContext();
  const t = LL.team.section;
  const team = trpc.admin.members.list.useQuery();
  const psychologists = trpc.admin.psychologists.list.useQuery().data ?? [];
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      {team.isError && <p role="alert">{t.loadFailed()}</p>}
      {team.data && (
        <>
          <TwoFactorRequirement required={team.data.twoFactorRequired} />
          <TeamMembers members={team.data.members} psychologists={psychologists} selfId={selfId} />
          <VerifiedOwnerOnly>
            <InviteMemberForm psychologists={psychologists} />
          </VerifiedOwnerOnly>
          <PendingInvitations invitations={team.data.invitations} />
        </>
      )}
    </AdminSection>
  );
}
