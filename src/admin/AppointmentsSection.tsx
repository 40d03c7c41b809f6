import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, localSlotTimes } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { ConfirmDialog } from './ConfirmDialog';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

type Appointment = RouterOutputs['admin']['appointments']['list'][number];

/** '<weekday, date>, 9:00 am – 10:00 am' where the psychologist works. */
function useWhen() {
  const { locale } = useI18nContext();
  const dateLocale = dateLocaleOf(locale);
  return (appointment: Appointment) => {
    const timezone = appointment.psychologist.timezone;
    return `${formatCalendarDate(localSlotTimes(appointment, timezone).date, dateLocale)}, ${formatSlotTime(
      appointment.startUtc,
      timezone,
      dateLocale,
    )} – ${formatSlotTime(appointment.endUtc, timezone, dateLocale)}`;
  };
}

function AppointmentRow({ appointment, onCancel }: { appointment: Appointment; onCancel?: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const when = useWhen();
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-semibold">
          {when(appointment)} {appointment.status === 'cancelled' && <span className="badge badge-ghost">{t.cancelled()}</span>}
        </p>
        <p>
          {appointment.clientName} · {t.withPsychologist({ name: appointment.psychologist.name })}
        </p>
        <p className="break-all text-base-content/80">
          <a className="link" href={`mailto:${appointment.clientEmail}`}>
            {appointment.clientEmail}
          </a>{' '}
          ·{' '}
          <a className="link" href={`tel:${appointment.clientPhone}`}>
            {appointment.clientPhone}
          </a>
        </p>
      </div>
      {onCancel && (
        <button type="button" className="btn btn-sm btn-error shrink-0" onClick={onCancel} aria-label={t.cancelLabel({ name: appointment.clientName })}>
          {t.cancel()}
        </button>
      )}
    </li>
  );
}

/** What was booked, upcoming first, with cancel (issue 5: operators must see their bookings). */
export function AppointmentsSection() {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const when = useWhen();
  const appointments = trpc.admin.appointments.list.useQuery();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const cancel = trpc.admin.appointments.cancel.useMutation({
    onSuccess: () => {
      refreshSchedule();
      toast.success(t.cancelledToast());
    },
    onError: (error) => toast.failure(error, t.cancelFailed()),
    onSettled: () => setCancelling(null),
  });

  const now = Date.now();
  const list = appointments.data ?? [];
  const upcoming = list.filter((a) => new Date(a.endUtc).getTime() >= now);
  const past = list.filter((a) => new Date(a.endUtc).getTime() < now);

  return (
    <AdminSection title={t.title()} intro={t.intro()}>
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
          { title: t.upcoming(), items: upcoming, cancellable: true },
          { title: t.past(), items: past, cancellable: false },
        ].map((group) => (
          <div key={group.title} className="flex flex-col gap-2">
            <h3 className="font-semibold">{group.title}</h3>
            {group.items.length === 0 ? (
              <p className="text-sm text-base-content/70">{t.none()}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {group.items.map((appointment) => (
                  <AppointmentRow
                    key={appointment.id}
                    appointment={appointment}
                    onCancel={group.cancellable && appointment.status === 'booked' ? () => setCancelling(appointment) : undefined}
                  />
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      {cancelling && (
        <ConfirmDialog
          title={t.confirmTitle()}
          message={t.confirmMessage({ name: cancelling.clientName, when: when(cancelling) })}
          confirmLabel={t.confirm()}
          pendingLabel={t.cancelling()}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate({ appointmentId: cancelling.id })}
          onCancel={() => setCancelling(null)}
        />
      )}
    </AdminSection>
  );
}
