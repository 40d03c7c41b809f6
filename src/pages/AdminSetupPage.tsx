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
import { PlanSection } from '../admin/PlanSection';
import { SectionMenu } from '../admin/SectionMenu';
import { TwoFactorSection } from '../admin/two-factor/TwoFactorSection';
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
  const menu = LL.admin.sectionMenu;
  const urls = screenerUrlsOf(configuration, window.location.origin);
  // The inbox's own query (AppointmentsSection): react-query asks once for both.
  const waiting = trpc.admin.appointments.list.useQuery({ status: 'requested' }).data?.length;
  // One list drives both the page and its section menu.
  const sections = [
    { id: 'plan', label: menu.plan(), content: <PlanSection /> },
    { id: 'screener-urls', label: menu.urls(), content: <ScreenerUrlsSection urls={urls} /> },
    { id: 'screener', label: menu.screener(), content: <ConfigurationForm configuration={configuration} /> },
    { id: 'psychologists', label: menu.psychologists(), content: <PsychologistDirectory /> },
    { id: 'schedule', label: menu.schedule(), content: <ScheduleManagement /> },
    { id: 'booking-settings', label: menu.bookingSettings(), content: <BookingSettingsSection /> },
    { id: 'appointments', label: menu.appointments(), waiting, content: <AppointmentsSection /> },
    { id: 'webhooks', label: menu.webhooks(), content: <WebhooksSection /> },
    { id: 'audit-log', label: menu.auditLog(), content: <AuditLogSection /> },
    { id: 'insights', label: menu.insights(), content: <InsightsSection /> },
    { id: 'two-factor', label: menu.twoFactor(), content: <TwoFactorSection username={username} /> },
    { id: 'account', label: menu.account(), content: <DeleteAccountSection username={username} /> },
  ];
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <AdminHeader username={username} screenerPath={urls && new URL(urls.english).pathname} />
      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col lg:flex-row lg:gap-4 lg:p-4">
        <SectionMenu entries={sections} />
        <main className="flex min-w-0 flex-1 flex-col gap-4 p-3 sm:p-4 lg:p-0">
          <h1 className="text-2xl font-bold">{LL.admin.title()}</h1>
          {sections.map((section) => (
            // Clear of the menu strip above it on a narrow screen.
            <div key={section.id} id={section.id} className="scroll-mt-14 lg:scroll-mt-4">
              {section.content}
            </div>
          ))}
        </main>
      </div>
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
