import { Suspense, useState } from 'react';
import { ACCESS, mayUse } from '../../../domain/roles';
import { useI18nContext } from '../../../i18n/i18n-react';
import { WithNamespaces } from '../../components/LocaleProvider';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { trpc } from '../../lib/trpc';
import { SectionLoading } from '../SectionLoading';

// Its refund form and its texts come when a payment is first opened, not with Today's list.
const AppointmentPayment = lazyWithPreload(async () => ({ default: (await import('./AppointmentPayment')).AppointmentPayment }));

/**
 * An appointment's payment, folded: for the owner and admins only (money and refunds are the
 * clinic's business side, decision 0061), and read when opened, not once per row of a list.
 */
export function AppointmentPaymentDisclosure({ appointmentId }: { appointmentId: string }) {
  const { LL } = useI18nContext();
  const role = trpc.admin.account.me.useQuery().data?.role;
  const [open, setOpen] = useState(false);
  if (!role || !mayUse(role, ACCESS.clinicSetup)) return null;
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{LL.admin.appointmentPaymentTitle()}</summary>
      {open && (
        <Suspense fallback={<SectionLoading />}>
          <WithNamespaces namespaces={['clinicPayments']} fallback={<SectionLoading />}>
            <AppointmentPayment appointmentId={appointmentId} />
          </WithNamespaces>
        </Suspense>
      )}
    </details>
  );
}
