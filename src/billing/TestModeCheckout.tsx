import { Link } from 'react-router-dom';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { BillingNotice } from './BillingNotice';

/** Without Stripe keys: says plainly that nothing is charged, activates on the spot, and says it is done. */
export function TestModeCheckout() {
  const { LL } = useI18nContext();
  const toast = useToast();
  const utils = trpc.useUtils();
  const activate = trpc.billing.activateTestSubscription.useMutation({
    onSuccess: () => utils.admin.billing.plan.invalidate(),
    onError: (error) =>
      toast({ title: LL.billing.activationFailed(), description: messageOf(error, LL.billing.activationFailedFallback()), variant: 'error' }),
  });
  if (activate.isSuccess) {
    return (
      <BillingNotice tone="success">
        <p className="font-semibold">{LL.billing.activeTitle()}</p>
        <p>{LL.billing.activeText()}</p>
        <Link to="/admin-setup" className="btn btn-sm">
          {LL.billing.backToSetup()}
        </Link>
      </BillingNotice>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div role="note" className="alert alert-warning alert-vertical items-start text-left">
        <p className="font-semibold">{LL.billing.testModeTitle()}</p>
        <p className="text-sm">{LL.billing.testModeText()}</p>
      </div>
      <button type="button" className="btn btn-primary" disabled={activate.isPending} onClick={() => activate.mutate()}>
        {activate.isPending ? LL.billing.processing() : LL.billing.subscribe()}
      </button>
    </div>
  );
}
