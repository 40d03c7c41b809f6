import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { ScreenerConfiguration } from '../../domain/configuration';
import { ACCESS, type AdminSectionId, adminSectionsFor, mayUse } from '../../domain/roles';
import { type CurrentMember, useCurrentOperator } from '../account/useCurrentOperator';
import { AdminHeader } from '../admin/AdminHeader';
import { AppointmentsSection } from '../admin/AppointmentsSection';
import { BookingSettingsSection } from '../admin/BookingSettingsSection';
import { WhatsappSection } from '../admin/WhatsappSection';
import { ClinicVisitSection } from '../admin/ClinicVisitSection';
import { DeleteAccountSection } from '../admin/DeleteAccountSection';
import { ConfigurationForm } from '../admin/ConfigurationForm';
import { PsychologistDirectory } from '../admin/PsychologistDirectory';
import { ScheduleManagement } from '../admin/ScheduleManagement';
import { screenerUrlsOf } from '../admin/screener-urls';
import { ScreenerUrlsSection } from '../admin/ScreenerUrlsSection';
import { SectionLoading } from '../admin/SectionLoading';
import { InsightsSection } from '../admin/InsightsSection';
import { PlanSection } from '../admin/PlanSection';
import { type MenuEntry, SectionMenu } from '../admin/SectionMenu';
import { TeamSection } from '../admin/TeamSection';
import { TodaySection } from '../admin/TodaySection';
import { adminPath, movedSection } from '../admin/admin-paths';
import { TwoFactorSection } from '../admin/two-factor/TwoFactorSection';
import { hasErrorCode } from '../lib/errors';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { SiteFooter } from '../components/SiteFooter';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';

/** A screen whose code comes when it is first opened, not with Today's (decision 0017). */
function lazySection<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazyWithPreload(async () => ({ default: await load() }));
}

// Its form checks a new password against 10,000 common ones (domain/password.ts): 35 KB gzip that
// every other screen, Today first, loaded too while it was imported here.
const ChangePasswordSection = lazySection(async () => (await import('../account/ChangePasswordSection')).ChangePasswordSection);
// The integrator's screens: opened now and then by an owner, never by the day's work.
const WebhooksSection = lazySection(async () => (await import('../admin/WebhooksSection')).WebhooksSection);
const ApiKeysSection = lazySection(async () => (await import('../admin/ApiKeysSection')).ApiKeysSection);
// The clinic's Stripe account and policy: set once, then the months now and then.
const PaymentsSection = lazySection(async () => (await import('../admin/payments/PaymentsSection')).PaymentsSection);
const AuditLogSection = lazySection(async () => (await import('../admin/AuditLogSection')).AuditLogSection);
// Set once: how long a repeat measure waits for its answer, and whether clients see their trend.
const MeasureSettingsSection = lazySection(async () => (await import('../admin/MeasureSettingsSection')).MeasureSettingsSection);
// The months' outcomes: read now and then by the owner and admins.
const OutcomesSection = lazySection(async () => (await import('../admin/OutcomesSection')).OutcomesSection);

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

interface AdminSetupProps {
  me: CurrentMember;
  /** Null for a role that does not set the screener up. */
  configuration: ScreenerConfiguration | null;
  /** The screen the address names. */
  section: string;
}

/**
 * After a screen is chosen from the menu, the keyboard and the screen reader go on from the
 * new screen, not from a link the closed menu hid; the first screen keeps the browser's start.
 */
function useFocusOnNewScreen(section: string) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(section);
  useEffect(() => {
    if (section !== first.current) main.current?.focus();
    first.current = '';
  }, [section]);
  return main;
}

function AdminSetup({ me, configuration, section }: AdminSetupProps) {
  const { LL, locale } = useI18nContext();
  const main = useFocusOnNewScreen(section);
  const menu = LL.admin.sectionMenu;
  const urls = configuration && screenerUrlsOf(configuration, window.location.origin);
  // The inbox's own query (AppointmentsSection): react-query asks once for both.
  const waiting = trpc.admin.appointments.list.useQuery({ status: 'requested' }).data?.length;
  // One list drives both the screens and their menu; each role sees only what it may use.
  const all: Record<AdminSectionId, Omit<MenuEntry, 'id'> & { content: () => ReactNode }> = {
    today: { label: menu.today(), content: () => <TodaySection role={me.role} /> },
    plan: { label: menu.plan(), content: () => <PlanSection /> },
    'screener-urls': { label: menu.urls(), content: () => <ScreenerUrlsSection urls={urls ?? null} /> },
    screener: { label: menu.screener(), content: () => configuration && <ConfigurationForm configuration={configuration} /> },
    psychologists: { label: menu.psychologists(), content: () => <PsychologistDirectory /> },
    schedule: { label: menu.schedule(), content: () => <ScheduleManagement /> },
    'booking-settings': {
      label: menu.bookingSettings(),
      content: () => (
        <div className="flex flex-col gap-4">
          <BookingSettingsSection />
          <MeasureSettingsSection />
          <WhatsappSection />
          <ClinicVisitSection />
        </div>
      ),
    },
    payments: { label: menu.payments(), content: () => <PaymentsSection /> },
    appointments: { label: menu.appointments(), waiting, content: () => <AppointmentsSection role={me.role} /> },
    webhooks: { label: menu.webhooks(), content: () => <WebhooksSection /> },
    'api-keys': { label: menu.apiKeys(), content: () => <ApiKeysSection /> },
    'audit-log': { label: menu.auditLog(), content: () => <AuditLogSection /> },
    insights: { label: menu.insights(), content: () => <InsightsSection /> },
    outcomes: { label: menu.outcomes(), content: () => <OutcomesSection /> },
    team: { label: LL.team.menu(), content: () => <TeamSection selfId={me.id} /> },
    'password-and-two-factor': {
      label: menu.twoFactor(),
      content: () => (
        <div className="flex flex-col gap-4">
          <ChangePasswordSection account={me} />
          <TwoFactorSection username={me.username} />
        </div>
      ),
    },
    account: { label: menu.account(), content: () => <DeleteAccountSection /> },
  };
  const sections = adminSectionsFor(me.role).map((id) => ({ id, ...all[id] }));
  const shown = sections.find((entry) => entry.id === section);
  // A screen's old address: its new one. An unknown screen, or one the role may not use: home.
  if (!shown) return <Navigate to={adminPath(locale, movedSection(section) ?? 'today')} replace />;
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <AdminHeader me={me} screenerPath={urls ? new URL(urls.english).pathname : null} />
      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col lg:flex-row lg:gap-4 lg:p-4">
        <SectionMenu entries={sections} />
        <main ref={main} tabIndex={-1} className="flex min-w-0 flex-1 flex-col gap-4 p-3 outline-none sm:p-4 lg:p-0">
          <h1 className="text-2xl font-bold">{LL.admin.title()}</h1>
          <div id={shown.id}>
            <Suspense fallback={<SectionLoading />}>{shown.content()}</Suspense>
          </div>
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

/**
 * A member whose clinic requires two-factor sign-in, before they turned theirs on: the server
 * answers them nothing else (server/trpc/init.ts), so the page is the set-up alone, with why.
 */
function TwoFactorSetUpFirst({ me }: { me: CurrentMember }) {
  const { LL } = useI18nContext();
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <AdminHeader me={me} screenerPath={null} />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-3 sm:p-4">
        <h1 className="text-2xl font-bold">{LL.admin.title()}</h1>
        <p className="alert alert-warning">{LL.admin.twoFactor.requiredByClinic()}</p>
        <TwoFactorSection username={me.username} />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Loads the configuration, for the roles that set it up, once the person is known to be signed in. */
function SignedInAdminSetup({ me, section }: { me: CurrentMember; section: string }) {
  const setsUp = mayUse(me.role, ACCESS.clinicSetup);
  const configuration = trpc.admin.configuration.get.useQuery(undefined, { enabled: setsUp });
  if (setsUp && configuration.isPending) return <Loading />;
  if (configuration.isError) {
    // The session ended since the page opened: back to sign-in, as on arrival.
    return hasErrorCode(configuration.error, 'UNAUTHORIZED') ? <Navigate to="/login" replace /> : <LoadFailed />;
  }
  return <AdminSetup me={me} configuration={configuration.data ?? null} section={section} />;
}

/**
 * /admin/<screen> (and /ms/admin/<screen>): one screen of the admin, each at its own address
 * (docs/decisions/0048). SPEC's /admin-setup and /admin/setup open the member's home, Today.
 */
export default function AdminSetupPage() {
  const section = useParams().section ?? 'today';
  const current = useCurrentOperator();
  if (current.status === 'loading') return <Loading />;
  if (current.status === 'signedOut') return <Navigate to="/login" replace />;
  if (current.status === 'error') return <LoadFailed />;
  if (current.operator.twoFactorSetupRequired) return <TwoFactorSetUpFirst me={current.operator} />;
  return <SignedInAdminSetup me={current.operator} section={section} />;
}
