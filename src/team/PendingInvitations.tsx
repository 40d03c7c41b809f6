import { formatMoment } from '../../domain/appointment-time';
import { browserTimeZone } from '../lib/slot-times';
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
  const timeZone = browserTimeZone();
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
        <ul className="flex flex-col divide-y divide-base-300">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-all">{invitation.email}</p>
                <p className="text-sm">{LL.team.roles[invitation.role]()}</p>
                <p className="text-sm text-base-content/80">
                  {invitation.expired ? <span className="badge badge-warning">{t.expired()}</span> : t.validUntil({ when: formatMoment(invitation.expiresAt, timeZone, locale) })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm" aria-label={t.resendLabel({ email: invitation.email })} disabled={pending} onClick={() => resend.mutate({ id: invitation.id })}>
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
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
