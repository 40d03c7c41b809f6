import { Link, useSearchParams } from 'react-router-dom';
import { isSubscriptionStatus } from '../../domain/subscription';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { useAdminToast } from './useAdminToast';

type Plan = RouterOutputs['admin']['billing']['plan'];

/** Stripe brings the clinic back here after paying, with this in the address. */
const PAID_AND_RETURNED = 'succeeded';
/** Until Stripe's webhook makes the subscription active, the plan is asked again this often. */
const AWAIT_ACTIVATION_MS = 3_000;

function FreeBookings({ plan }: { plan: Plan }) {
  const { LL } = useI18nContext();
  const t = LL.admin.plan;
  if (plan.unlimited) return <p>{t.unlimited({ count: plan.bookingsMade })}</p>;
  const used = Math.min(plan.bookingsMade, plan.freeBookings);
  return (
    <div className="flex flex-col gap-1">
      <p>{t.freeUsed({ used, free: plan.freeBookings })}</p>
      {plan.freeBookings > 0 && <progress className="progress progress-primary w-full max-w-sm" value={used} max={plan.freeBookings} aria-hidden="true" />}
      {used >= plan.freeBookings && <p className="text-sm">{t.limitReached()}</p>}
    </div>
  );
}

function Subscription({ subscription }: { subscription: NonNullable<Plan['subscription']> }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.plan;
  const status = isSubscriptionStatus(subscription.status) ? t.statuses[subscription.status]() : subscription.status;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">{t.status()}</dt>
      <dd>{status}</dd>
      {subscription.periodEndsAt && (
        <>
          <dt className="font-semibold">{t.periodEnds()}</dt>
          <dd>
            {new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'long' }).format(subscription.periodEndsAt)}
            <span className="block text-base-content/80">{t.periodEndsHint()}</span>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The clinic's plan: its free bookings used, or its subscription; Subscribe, and Stripe's billing portal. */
export function PlanSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.plan;
  const toast = useAdminToast();
  const [params] = useSearchParams();
  const paymentReturned = params.get('redirect_status') === PAID_AND_RETURNED;
  const plan = trpc.admin.billing.plan.useQuery(undefined, {
    refetchInterval: (query) => (paymentReturned && query.state.data?.unlimited === false ? AWAIT_ACTIVATION_MS : false),
  });
  const portal = trpc.admin.billing.portal.useMutation({
    // Off to Stripe's page; it brings the clinic back to admin setup.
    onSuccess: (answer) => {
      if (answer.url) window.location.assign(answer.url);
    },
    onError: (error) => toast.failure(error, t.portalFailed()),
  });

  return (
    <AdminSection title={t.title()}>
      {plan.isPending && (
        <p role="status" aria-busy="true">
          {t.loading()}
        </p>
      )}
      {plan.isError && (
        <p role="alert" className="alert alert-error">
          {t.loadFailed()}
        </p>
      )}
      {plan.data && (
        <>
          {paymentReturned && !plan.data.unlimited && (
            <p role="status" className="alert alert-info">
              {t.paymentReceived()}
            </p>
          )}
          <FreeBookings plan={plan.data} />
          {plan.data.subscription && <Subscription subscription={plan.data.subscription} />}
          {(!plan.data.unlimited || plan.data.canManageBilling) && (
            <div className="flex flex-wrap gap-2">
              {!plan.data.unlimited && (
                <Link to="/subscribe" className="btn btn-primary btn-sm">
                  {t.subscribe()}
                </Link>
              )}
              {plan.data.canManageBilling && (
                <button type="button" className="btn btn-outline btn-sm" disabled={portal.isPending} onClick={() => portal.mutate()}>
                  {portal.isPending ? t.opening() : t.manageBilling()}
                </button>
              )}
            </div>
          )}
          {plan.data.billingMode === 'test' && <p className="text-sm text-base-content/80">{t.testMode()}</p>}
        </>
      )}
    </AdminSection>
  );
}
