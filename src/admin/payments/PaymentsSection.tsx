import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useI18nContext } from '../../../i18n/i18n-react';
import { WithNamespaces } from '../../components/LocaleProvider';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { AdminSection } from '../AdminSection';
import { SectionLoading } from '../SectionLoading';
import { useAdminToast } from '../useAdminToast';
import { PaymentMonths } from './PaymentMonths';
import { PolicyForm } from './PolicyForm';

type PaymentsState = RouterOutputs['admin']['payments']['get'];

/**
 * /admin/payments (issue 28, docs/decisions/0061): the clinic's own Stripe account and its
 * onboarding (Stripe comes back here with ?stripe=return or ?stripe=refresh), the clinic's
 * payment policy, each psychologist's own, and the months.
 */
export function PaymentsSection() {
  return (
    <WithNamespaces namespaces={['clinicPayments']} fallback={<SectionLoading />}>
      <PaymentsScreen />
    </WithNamespaces>
  );
}

function PaymentsScreen() {
  const state = trpc.admin.payments.get.useQuery();
  if (!state.data) return null;
  return (
    <div className="flex flex-col gap-4">
      <AccountCard state={state.data} />
      <ClinicPolicy state={state.data} />
      <PsychologistPolicies state={state.data} />
      <PaymentMonths />
    </div>
  );
}

function AccountCard({ state }: { state: PaymentsState }) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  const toast = useAdminToast();
  const back = useSearchParams()[0].get('stripe');
  const onboarding = trpc.admin.payments.startOnboarding.useMutation({
    onSuccess: (answer) => {
      if (answer.url) window.location.assign(answer.url);
    },
    onError: (error) => toast.failure(error, t.openFailed()),
  });
  const flag = (on: boolean, yes: string, no: string) => (
    <li className="flex items-center gap-2">
      <span aria-hidden="true" className={`badge ${on ? 'badge-success' : 'badge-warning'}`}>
        {on ? '✓' : '!'}
      </span>
      <span>{on ? yes : no}</span>
    </li>
  );
  const methods = state.paymentMethods.map((method) => t.methodNames[method]()).join(', ');
  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      {state.testMode && <p className="alert alert-info">{t.testMode()}</p>}
      {!state.testMode && back === 'return' && <p className="alert alert-success">{t.returned()}</p>}
      {!state.testMode && back === 'refresh' && <p className="alert alert-warning">{t.refreshed()}</p>}
      <h3 className="font-semibold">{t.account()}</h3>
      {state.connected ? (
        <ul className="flex flex-col gap-1 text-sm">
          {flag(state.chargesEnabled, t.chargesEnabled(), t.chargesDisabled())}
          {flag(state.payoutsEnabled, t.payoutsEnabled(), t.payoutsDisabled())}
          {flag(state.detailsSubmitted, t.detailsSubmitted(), t.detailsMissing())}
          <li>{methods ? t.methods({ methods }) : t.noMethods()}</li>
        </ul>
      ) : (
        <p className="text-sm">{t.notConnected()}</p>
      )}
      <p className="text-sm">{t.platformFee({ percent: (state.platformFeeBasisPoints / 100).toFixed(2) })}</p>
      {!state.testMode && !(state.connected && state.detailsSubmitted && state.chargesEnabled) && (
        <div className="flex flex-col gap-1">
          <div>
            <button type="button" className="btn btn-primary" disabled={onboarding.isPending} onClick={() => onboarding.mutate()}>
              {onboarding.isPending ? t.opening() : state.connected ? t.continueOnboarding() : t.connect()}
            </button>
          </div>
          {!state.connected && <p className="text-sm text-base-content/80">{t.existingAccount()}</p>}
        </div>
      )}
    </AdminSection>
  );
}

function ClinicPolicy({ state }: { state: PaymentsState }) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const save = trpc.admin.payments.setPolicy.useMutation({
    onSuccess: (policy) => {
      utils.admin.payments.get.setData(undefined, (old) => old && { ...old, policy });
      toast.success(t.saved());
    },
  });
  return (
    <AdminSection title={t.policyTitle()} intro={t.policyIntro()}>
      <PolicyForm initial={state.policy} saving={save.isPending} error={save.error} onSave={(policy) => save.mutate(policy)} />
    </AdminSection>
  );
}

function PsychologistPolicies({ state }: { state: PaymentsState }) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  if (state.psychologists.length === 0) return null;
  return (
    <AdminSection title={t.psychologistsTitle()} intro={t.psychologistsIntro()}>
      <ul className="flex flex-col gap-3">
        {state.psychologists.map((psychologist) => (
          <PsychologistPolicy key={psychologist.id} psychologist={psychologist} clinicPolicy={state.policy} />
        ))}
      </ul>
    </AdminSection>
  );
}

function PsychologistPolicy({ psychologist, clinicPolicy }: { psychologist: PaymentsState['psychologists'][number]; clinicPolicy: PaymentsState['policy'] }) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const save = trpc.admin.payments.setPsychologistPolicy.useMutation({
    onSuccess: ({ psychologistId, policy }) => {
      utils.admin.payments.get.setData(undefined, (old) => old && { ...old, psychologists: old.psychologists.map((entry) => (entry.id === psychologistId ? { ...entry, policy } : entry)) });
      setEditing(false);
      toast.success(t.saved());
    },
  });
  const own = psychologist.policy;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{psychologist.name}</p>
          <p className="text-sm text-base-content/80">{own ? `${t.ownPolicy()}: ${t.modes[own.mode]()}` : t.followsClinic()}</p>
        </div>
        <div className="flex gap-2">
          {!editing && (
            <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
              {t.giveOwnPolicy()}
            </button>
          )}
          {own && (
            <button type="button" className="btn btn-sm" disabled={save.isPending} onClick={() => save.mutate({ psychologistId: psychologist.id, policy: null })}>
              {t.followClinic()}
            </button>
          )}
        </div>
      </div>
      {editing && (
        <PolicyForm
          initial={own ?? clinicPolicy}
          prefix="policy"
          saving={save.isPending}
          error={save.error}
          onSave={(policy) => save.mutate({ psychologistId: psychologist.id, policy })}
        />
      )}
    </li>
  );
}
