import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, localSlotTimes } from '../lib/slot-times';
import type { RouterOutputs } from '../lib/trpc';

/** A booking as every admin answer gives it; the list's `cursor` is for integrators reconciling. */
export type Appointment = Omit<RouterOutputs['admin']['appointments']['list'][number], 'cursor'>;

/** '<weekday, date>, 9:00 am – 10:00 am' where the psychologist works. */
export function useWhen() {
  const { locale } = useI18nContext();
  const dateLocale = dateLocaleOf(locale);
  return (appointment: Pick<Appointment, 'psychologist' | 'startUtc' | 'endUtc'>) => {
    const timezone = appointment.psychologist.timezone;
    return `${formatCalendarDate(localSlotTimes(appointment, timezone).date, dateLocale)}, ${formatSlotTime(
      appointment.startUtc,
      timezone,
      dateLocale,
    )} – ${formatSlotTime(appointment.endUtc, timezone, dateLocale)}`;
  };
}

/**
 * When, the status, who with, whether they answered "I'll be there" on WhatsApp, how to reach the
 * client and, when they cancelled with a reason (and the role may read it), why: the inbox's and
 * Today's rows and the calendar's dialog alike.
 */
export function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const when = useWhen();
  return (
    <div className="min-w-0 text-sm">
      <p className="font-semibold">
        {when(appointment)}{' '}
        <span className={`badge ${appointment.status === 'requested' ? 'badge-warning' : 'badge-ghost'}`}>{t.statuses[appointment.status]()}</span>
        {appointment.contactPromptly && (
          <>
            {' '}
            <span className="badge badge-error" title={t.contactPromptlyHint()}>
              {t.contactPromptly()}
            </span>
          </>
        )}
        {appointment.attendanceConfirmedAt && (
          <>
            {' '}
            <span className="badge badge-success" title={t.attendanceConfirmedHint()}>
              {t.attendanceConfirmed()}
            </span>
          </>
        )}
      </p>
      <p>
        {appointment.clientName || LL.admin.privacy.erasedVisitor()} · {t.withPsychologist({ name: appointment.psychologist.name })}
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
      {appointment.cancelReason && <p className="whitespace-pre-line break-words">{t.cancelReason({ reason: appointment.cancelReason })}</p>}
    </div>
  );
}
