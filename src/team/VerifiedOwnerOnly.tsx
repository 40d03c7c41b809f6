import type { ReactNode } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { useCurrentOperator } from '../account/useCurrentOperator';
import { useAdminToast } from '../admin/useAdminToast';
import { trpc } from '../lib/trpc';

/**
 * What only a clinic whose owner verified their e-mail may use: inviting and webhooks
 * (docs/decisions/0039). Until then it says why instead, and offers the owner the link again.
 */
export function VerifiedOwnerOnly({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext();
  const t = LL.team.verification;
  const toast = useAdminToast();
  const current = useCurrentOperator();
  const resend = trpc.admin.account.sendEmailVerification.useMutation({
    onError: (error) => toast.failure(error, t.resendFailed()),
  });
  if (current.status !== 'signedIn') return null;
  const me = current.operator;
  if (me.ownerEmailVerified) return <>{children}</>;
  const isOwner = me.role === 'owner';
  return (
    <div role="note" className="flex flex-col items-start gap-2 rounded-box border-s-4 border-warning bg-base-200 p-4">
      <h3 className="font-semibold">{t.title()}</h3>
      <p>{isOwner ? t.owner({ email: me.email }) : t.others()}</p>
      {isOwner && (
        <button type="button" className="btn btn-outline btn-sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? t.resending() : t.resend()}
        </button>
      )}
      {resend.isSuccess && <p role="status">{t.resent({ email: me.email })}</p>}
    </div>
  );
}
