import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { useAdminToast } from '../admin/useAdminToast';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { MemberRoleEditor } from './MemberRoleEditor';

type Member = RouterOutputs['admin']['members']['list']['members'][number];
type Asking = { action: 'remove' | 'handOver'; member: Member } | null;

interface Props {
  members: Member[];
  psychologists: readonly { id: string; name: string }[];
  /** The signed-in owner's account. */
  selfId: string;
}

/** The clinic's members: the owner changes roles, removes members and hands over ownership, each asked first but the role. */
export function TeamMembers({ members, psychologists, selfId }: Props) {
  const { LL } = useI18nContext();
  const t = LL.team.section;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState<Asking>(null);
  const remove = trpc.admin.members.remove.useMutation({
    onSuccess: (team) => {
      toast.success(t.removed({ username: asking?.member.username ?? '' }));
      setAsking(null);
      utils.admin.members.list.setData(undefined, team);
    },
    onError: (error) => toast.failure(error, t.removeFailed()),
  });
  const handOver = trpc.admin.members.handOverOwnership.useMutation({
    onSuccess: () => {
      toast.success(t.handedOver({ username: asking?.member.username ?? '' }));
      setAsking(null);
      // The page follows the new role: the Team section, billing and deleting the clinic go.
      void utils.admin.account.me.invalidate();
    },
    onError: (error) => toast.failure(error, t.handOverFailed()),
  });
  const profileName = (id: string | null) => psychologists.find((p) => p.id === id)?.name ?? t.noProfile();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t.members()}</h3>
      <ul className="flex flex-col divide-y divide-base-300">
        {members.map((member) => (
          <li key={member.accountId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all">
                {member.username} {member.accountId === selfId && <span className="text-sm text-base-content/80">{t.you()}</span>}
              </p>
              <p className="text-sm break-all text-base-content/80">{member.email}</p>
              <p className="text-sm">{member.twoFactorEnabled ? t.twoFactorOn() : t.twoFactorOff()}</p>
              {member.role === 'owner' ? (
                <span className="badge badge-primary mt-1">{LL.team.roles.owner()}</span>
              ) : (
                member.role === 'psychologist' && <p className="text-sm">{t.profile()}: {profileName(member.psychologistId)}</p>
              )}
            </div>
            {member.role !== 'owner' && (
              <div className="flex flex-col gap-2 sm:w-64">
                <MemberRoleEditor member={{ ...member, role: member.role }} psychologists={psychologists} />
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-sm" aria-label={t.handOverLabel({ username: member.username })} onClick={() => setAsking({ action: 'handOver', member })}>
                    {t.handOver()}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    aria-label={t.removeLabel({ username: member.username })}
                    onClick={() => setAsking({ action: 'remove', member })}
                  >
                    {t.remove()}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {asking?.action === 'remove' && (
        <ConfirmDialog
          title={t.removeTitle({ username: asking.member.username })}
          message={t.removeMessage({ username: asking.member.username })}
          confirmLabel={t.remove()}
          pendingLabel={t.removing()}
          pending={remove.isPending}
          onConfirm={() => remove.mutate({ accountId: asking.member.accountId })}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.action === 'handOver' && (
        <ConfirmDialog
          title={t.handOverTitle({ username: asking.member.username })}
          message={t.handOverMessage({ username: asking.member.username })}
          confirmLabel={t.handOver()}
          pendingLabel={t.handingOver()}
          pending={handOver.isPending}
          onConfirm={() => handOver.mutate({ accountId: asking.member.accountId })}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
