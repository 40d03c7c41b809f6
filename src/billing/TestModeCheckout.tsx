import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';

/** Without Stripe keys: says plainly that nothing is charged, and activates on the spot. */
export function TestModeCheckout() {
  const { LL } = useI18nContext();
  const navigate = useNavigate();
  const toast = useToast();
  const activate = trpc.billing.activateTestSubscription.useMutation({
    onSuccess: () => navigate('/admin-setup'),
    onError: (error) =>
      toast({ title: LL.billing.activationFailed(), description: messageOf(error, LL.billing.activationFailedFallback()), variant: 'error' }),
  });
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
