import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { AppointmentRow } from './AppointmentRow';
import { ExportAppointmentsButton } from './ExportAppointmentsButton';
import { MeasureAlerts } from './MeasureAlerts';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../domain/appointment-status';
import { ACCESS, mayUse, type Role } from '../../domain/roles';

/** The bookings inbox: the alerts on clients' questionnaires first, filters, the requests waiting for an answer, and one click per answer. */
export function AppointmentsSection({ role }: { role: Role }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [psychologistId, setPsychologistId] = useState('');
  const appointments = trpc.admin.appointments.list.useQuery({ status: status || undefined, psychologistId: psychologistId || undefined });
  const waiting = trpc.admin.appointments.list.useQuery({ status: 'requested' });
  const psychologists = trpc.admin.psychologists.list.useQuery();

  const now = Date.now();
  const list = appointments.data ?? [];
  const upcoming = list.filter((a) => new Date(a.endUtc).getTime() >= now);
  const past = list.filter((a) => new Date(a.endUtc).getTime() < now);

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
      <MeasureAlerts role={role} />
      {(waiting.data?.length ?? 0) > 0 && (
        <p role="status" className="alert alert-warning">
          {t.waiting({ count: waiting.data!.length })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <label className="form-control">
          <span className="label-text">{t.filterStatus()}</span>
          <select className="select select-bordered select-sm" value={status} onChange={(event) => setStatus(event.target.value as AppointmentStatus | '')}>
            <option value="">{t.all()}</option>
            {APPOINTMENT_STATUSES.filter((s) => s !== 'held' && s !== 'expired').map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]()}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control">
          <span className="label-text">{t.filterPsychologist()}</span>
          <select className="select select-bordered select-sm" value={psychologistId} onChange={(event) => setPsychologistId(event.target.value)}>
            <option value="">{t.all()}</option>
            {(psychologists.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {appointments.isPending ? (
        <p role="status">{t.loading()}</p>
      ) : appointments.isError ? (
        <p role="alert" className="text-error">
          {t.loadFailed()}
        </p>
      ) : list.length === 0 ? (
        <p>{t.empty()}</p>
      ) : (
        [
          { title: t.upcoming(), items: upcoming },
          { title: t.past(), items: past },
        ].map((group) => (
          <div key={group.title} className="flex flex-col gap-2">
            <h3 className="font-semibold">{group.title}</h3>
            {group.items.length === 0 ? (
              <p className="text-sm text-base-content/70">{t.none()}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {group.items.map((appointment) => (
                  <AppointmentRow key={appointment.id} appointment={appointment} />
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      {/* Every visitor's contact details: only for those who set the clinic up. */}
      {mayUse(role, ACCESS.clinicSetup) && <ExportAppointmentsButton />}
    </AdminSection>
  );
}
