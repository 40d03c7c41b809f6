import type { ReactNode } from 'react';
import type { Role } from '../../domain/roles';
import { TODAY_DAYS } from '../../domain/today';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf } from '../lib/slot-times';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { AppointmentRow } from './AppointmentRow';
import { MeasureAlerts } from './MeasureAlerts';
import { useWhen } from './AppointmentSummary';
import { formatDuration } from './waited-duration';

function Group({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold">{title}</h3>
      {children.length === 0 ? <p className="text-sm text-base-content/80">{empty}</p> : <ul className="flex flex-col gap-2">{children}</ul>}
    </div>
  );
}

/**
 * Each member's home (docs/decisions/0048): today's and tomorrow's sessions in time order, the
 * requests waiting (flagged ones first, for the roles that see the flag) with how long each has
 * waited, and the holds that lapse unless their visitor confirms. The server limits all of it
 * to what the member's role may see. Alerts on clients' questionnaires come first (issue 30).
 */
export function TodaySection({ role }: { role: Role }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.today;
  const dateLocale = dateLocaleOf(locale);
  const today = trpc.admin.appointments.today.useQuery();
  const when = useWhen();
  const now = Date.now();
  const duration = (milliseconds: number) => formatDuration(milliseconds, dateLocale);

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <MeasureAlerts role={role} />
      {today.isPending ? (
        <p role="status">{t.loading()}</p>
      ) : today.isError ? (
        <p role="alert" className="alert alert-error">
          {t.loadFailed()}
        </p>
      ) : (
        <>
          {TODAY_DAYS.map((day) => (
            <Group key={day} title={t[day]()} empty={t.noSessions()}>
              {today.data.sessions
                .filter((session) => session.day === day)
                .map((session) => (
                  <AppointmentRow key={session.id} appointment={session} />
                ))}
            </Group>
          ))}
          <Group title={t.waiting()} empty={t.noneWaiting()}>
            {today.data.waiting.map((appointment) => (
              <AppointmentRow key={appointment.id} appointment={appointment} note={t.waited({ duration: duration(now - appointment.createdAt.getTime()) })} />
            ))}
          </Group>
          <Group title={t.holds()} empty={t.noHolds()}>
            {today.data.holds.map((hold) => (
              <li key={hold.id} className="rounded-box border border-dashed border-base-300 p-3 text-sm">
                <p className="font-semibold">{when(hold)}</p>
                <p>{LL.admin.appointments.withPsychologist({ name: hold.psychologist.name })}</p>
                <p>{t.holdLapses({ duration: duration(hold.holdExpiresAt.getTime() - now) })}</p>
              </li>
            ))}
          </Group>
          {today.data.holds.length > 0 && <p className="text-sm text-base-content/80">{t.holdsIntro()}</p>}
        </>
      )}
    </AdminSection>
  );
}
