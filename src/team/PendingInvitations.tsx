import { formatMoment } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { useAdminToast } from '../admin/useAdminToast';
import { type RouterOutputs, trpc } from '../lib/trpc';

type Invitation = RouterOutputs['admin']['members']['list']['invitations'][number];

/** Invitations not yet used: resend one for a new 72-hour link, or revoke it. */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const { LL, locale } = useI18nContext();
  const t = LL.team.invitations;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const emailOf = (id: string) => invitations.find((invitation) => invitation.id === id)?.email ?? '';
  const resend = trpc.admin.members.resendInvitation.useMutation({
    onSuccess: (team, { id }) => {
      toast.success(t.resent({ email: emailOf(id) }));
      utils.admin.members.list.setData(undefined, team);
    },
    onError: (error) => toast.failure(error, t.resendFailed()),
  });
  const revoke = trpc.admin.members.revokeInvitation.useMutation({
    onSuccess: (team, { id }) => {
      toast.success(t.revoked({ email: emailOf(id) }));
      utils.admin.members.list.setData(undefined, team);
    },
    onError: (error) => toast.failure(error, t.revokeFailed()),
  });
  const pending = resend.isPending || revoke.isPending;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t.title()}</h3>
      {invitations.length === 0 ? (
        <p className="text-sm">{t.empty()}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t.email()}</th>
                <th scope="col">{t.role()}</th>
                <th scope="col">{t.expires()}</th>
                <th scope="col">
                  <span className="sr-only">{LL.team.section.actions()}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td className="break-all">{invitation.email}</td>
                  <td>{LL.team.roles[invitation.role]()}</td>
                  <td>{invitation.expired ? <span className="badge badge-warning">{t.expired()}</span> : formatMoment(invitation.expiresAt, timeZone, locale)}</td>
                  <td className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={t.resendLabel({ email: invitation.email })}
                      disabled={pending}
                      onClick={() => resend.mutate({ id: invitation.id })}
                    >
                      {t.resend()}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={t.revokeLabel({ email: invitation.email })}
                      disabled={pending}
                      onClick={() => revoke.mutate({ id: invitation.id })}
                    >
                      {t.revoke()}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
