import { ACCESS, mayUse, type Role } from '../../domain/roles';
import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, localSlotTimes } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';
import { ConfirmDialog } from './ConfirmDialog';
import { SharedResultsDialog } from './SharedResultsDialog';
import { ExportAppointmentsButton } from './ExportAppointmentsButton';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';
import { APPOINTMENT_STATUSES, type AppointmentStatus, canMove } from '../../domain/appointment-status';

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

type Answer = 'confirm' | 'decline' | 'complete' | 'noShow';
const ANSWER_STATUS: Record<Answer, AppointmentStatus> = { confirm: 'confirmed', decline: 'declined', complete: 'completed', noShow: 'no_show' };

/** What the clinic may do next: answer a request, or record how a session that began went. */
function answersFor(appointment: Appointment, now: number): Answer[] {
  const began = new Date(appointment.startUtc).getTime() <= now;
  return (Object.keys(ANSWER_STATUS) as Answer[]).filter(
    (answer) => canMove(appointment.status, ANSWER_STATUS[answer]) && (answer === 'complete' || answer === 'noShow' ? began : true),
  );
}

function AppointmentRow({
  appointment,
  onCancel,
  answers,
  onAnswer,
  onViewResults,
}: {
  appointment: Appointment;
  onCancel?: () => void;
  answers: Answer[];
  onAnswer: (answer: Answer) => void;
  /** Absent for a role that may not open results a visitor attached. */
  onViewResults?: () => void;
}) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const when = useWhen();
  const answerLabel: Record<Answer, string> = {
    confirm: t.answerConfirm(),
    decline: t.answerDecline(),
    complete: t.answerComplete(),
    noShow: t.answerNoShow(),
  };
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 p-3 sm:flex-row sm:items-start sm:justify-between">
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
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        {appointment.resultsShared && onViewResults && (
          <button type="button" className="btn btn-sm" onClick={onViewResults} aria-label={t.viewResultsLabel({ name: appointment.clientName })}>
            {t.viewResults()}
          </button>
        )}
        {answers.map((answer) => (
          <button
            key={answer}
            type="button"
            className={`btn btn-sm ${answer === 'confirm' ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => onAnswer(answer)}
            aria-label={t.answerLabel({ action: answerLabel[answer], name: appointment.clientName })}
          >
            {answerLabel[answer]}
          </button>
        ))}
        {onCancel && (
          <button type="button" className="btn btn-sm btn-error" onClick={onCancel} aria-label={t.cancelLabel({ name: appointment.clientName })}>
            {t.cancel()}
          </button>
        )}
      </div>
    </li>
  );
}

/** The bookings inbox: filters, the requests waiting for an answer, and one click per answer. */
/** The inbox; what a role may not use (attached results, the CSV export) is left off. */
export function AppointmentsSection({ role }: { role: Role }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const when = useWhen();
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [psychologistId, setPsychologistId] = useState('');
  const appointments = trpc.admin.appointments.list.useQuery({ status: status || undefined, psychologistId: psychologistId || undefined });
  const waiting = trpc.admin.appointments.list.useQuery({ status: 'requested' });
  const psychologists = trpc.admin.psychologists.list.useQuery();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [viewingResults, setViewingResults] = useState<Appointment | null>(null);
  const answered = {
    onSuccess: () => {
      refreshSchedule();
      toast.success(t.answeredToast());
    },
    onError: (error: Parameters<typeof toast.failure>[0]) => toast.failure(error, t.answerFailed()),
  };
  const answerMutations = {
    confirm: trpc.admin.appointments.confirm.useMutation(answered),
    decline: trpc.admin.appointments.decline.useMutation(answered),
    complete: trpc.admin.appointments.complete.useMutation(answered),
    noShow: trpc.admin.appointments.noShow.useMutation(answered),
  };
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
                    onCancel={group.cancellable && canMove(appointment.status, 'cancelled') ? () => setCancelling(appointment) : undefined}
                    answers={answersFor(appointment, now)}
                    onAnswer={(answer) => answerMutations[answer].mutate({ appointmentId: appointment.id })}
                    onViewResults={mayUse(role, ACCESS.attachedResults) ? () => setViewingResults(appointment) : undefined}
                  />
                ))}
              </ul>
            )}
          </div>
        ))
      )}
      {viewingResults && <SharedResultsDialog appointment={viewingResults} onClose={() => setViewingResults(null)} />}
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
      {mayUse(role, ACCESS.clinicSetup) && <ExportAppointmentsButton />}
    </AdminSection>
  );
}
