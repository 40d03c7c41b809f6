import { ACCESS, mayUse } from '../../domain/roles';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useCurrentOperator } from '../account/useCurrentOperator';
import { hasErrorCode } from '../lib/errors';
import { loginReturningTo } from '../lib/return-path';
import { BillingNotice } from '../billing/BillingNotice';
import { StripeCheckout } from '../billing/StripeCheckout';
import { TestModeCheckout } from '../billing/TestModeCheckout';
import { PricingPlan } from '../components/PricingPlan';
import { useVisitorInfo } from '../components/useVisitorInfo';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';

/** Creates (or resumes) the subscription on arrival, then offers the way to pay for it. */
function Checkout() {
  const { LL } = useI18nContext();
  const { mutate, data, error, isSuccess } = trpc.billing.createSubscription.useMutation();
  useEffect(() => mutate(), [mutate]);

  if (error && hasErrorCode(error, 'CONFLICT')) {
    return (
      <BillingNotice tone="info">
        <p>{LL.billing.alreadyActive()}</p>
        <Link to="/admin-setup" className="link">
          {LL.billing.backToSetup()}
        </Link>
      </BillingNotice>
    );
  }
  if (error) return <BillingNotice tone="error">{LL.billing.initFailed()}</BillingNotice>;
  if (!isSuccess) return <BillingNotice tone="loading">{LL.billing.preparing()}</BillingNotice>;
  return data.testMode ? <TestModeCheckout /> : <StripeCheckout publishableKey={data.publishableKey} clientSecret={data.clientSecret} />;
}

/** /subscribe: the plan and its payment, for signed-in operators only. */
export default function SubscribePage() {
  const { LL } = useI18nContext();
  const current = useCurrentOperator();
  const offer = useVisitorInfo();
  // Signing in brings the clinic back here, not to admin setup.
  if (current.status === 'signedOut') return <Navigate to={loginReturningTo('/subscribe')} replace />;
  // Billing is the owner's: another member has nothing to pay here.
  if (current.status === 'signedIn' && !mayUse(current.operator.role, ACCESS.ownerOnly)) return <Navigate to="/admin-setup" replace />;
  return (
    <main className="flex min-h-screen flex-col items-center gap-4 bg-base-200 p-4">
      <div className="w-full max-w-md">
        <Link to="/admin-setup" className="link">
          <span aria-hidden="true">← </span>
          {LL.billing.backToSetup()}
        </Link>
      </div>
      <h1 className="text-2xl font-bold">{LL.billing.title()}</h1>
      <p className="max-w-md text-center">{LL.billing.intro()}</p>
      <PricingPlan offer={offer} countdown="daysLeft" headingLevel="h2">
        {current.status === 'loading' && <BillingNotice tone="loading">{LL.billing.preparing()}</BillingNotice>}
        {current.status === 'error' && <BillingNotice tone="error">{LL.billing.initFailed()}</BillingNotice>}
        {current.status === 'signedIn' && <Checkout />}
      </PricingPlan>
    </main>
  );
}
