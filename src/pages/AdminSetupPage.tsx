import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { useCurrentOperator } from '../account/useCurrentOperator';
import { AdminHeader } from '../admin/AdminHeader';
import { AppointmentsSection } from '../admin/AppointmentsSection';
import { AuditLogSection } from '../admin/AuditLogSection';
import { BookingSettingsSection } from '../admin/BookingSettingsSection';
import { DeleteAccountSection } from '../admin/DeleteAccountSection';
import { ConfigurationForm } from '../admin/ConfigurationForm';
import { PsychologistDirectory } from '../admin/PsychologistDirectory';
import { ScheduleManagement } from '../admin/ScheduleManagement';
import { screenerUrlsOf } from '../admin/screener-urls';
import { ScreenerUrlsSection } from '../admin/ScreenerUrlsSection';
import { WebhooksSection } from '../admin/WebhooksSection';
import { InsightsSection } from '../admin/InsightsSection';
import { hasErrorCode } from '../lib/errors';
import { SiteFooter } from '../components/SiteFooter';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';

function Centered({ children }: { children: ReactNode }) {
  return <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">{children}</main>;
}

function Loading() {
  const { LL } = useI18nContext();
  return (
    <Centered>
      <p role="status" aria-busy="true">
        {LL.admin.loading()}
      </p>
    </Centered>
  );
}

function LoadFailed() {
  const { LL } = useI18nContext();
  return (
    <Centered>
      <p role="alert" className="alert alert-error max-w-md">
        {LL.admin.loadFailed()}
      </p>
    </Centered>
  );
}

function AdminSetup({ username, configuration }: { username: string; configuration: ScreenerConfiguration }) {
  const { LL } = useI18nContext();
  const urls = screenerUrlsOf(configuration, window.location.origin);
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <AdminHeader username={username} screenerPath={urls && new URL(urls.english).pathname} />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-3 sm:p-4">
        <h1 className="text-2xl font-bold">{LL.admin.title()}</h1>
        <ScreenerUrlsSection urls={urls} />
        <ConfigurationForm configuration={configuration} />
        <PsychologistDirectory />
        <ScheduleManagement />
        <BookingSettingsSection />
        <AppointmentsSection />
        <WebhooksSection />
        <AuditLogSection />
        <InsightsSection />
        <DeleteAccountSection username={username} />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Loads the configuration once the operator is known to be signed in. */
function SignedInAdminSetup({ username }: { username: string }) {
  const configuration = trpc.admin.configuration.get.useQuery();
  if (configuration.isPending) return <Loading />;
  if (configuration.isError) {
    // The session ended since the page opened: back to sign-in, as on arrival.
    return hasErrorCode(configuration.error, 'UNAUTHORIZED') ? <Navigate to="/login" replace /> : <LoadFailed />;
  }
  return <AdminSetup username={username} configuration={configuration.data} />;
}

/** /admin-setup and /admin/setup: the operator's whole set-up on one screen. */
export default function AdminSetupPage() {
  const current = useCurrentOperator();
  if (current.status === 'loading') return <Loading />;
  if (current.status === 'signedOut') return <Navigate to="/login" replace />;
  if (current.status === 'error') return <LoadFailed />;
  return <SignedInAdminSetup username={current.operator.username} />;
}
