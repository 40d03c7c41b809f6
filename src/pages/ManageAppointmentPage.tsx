import { useParams } from 'react-router-dom';
import { canMove } from '../../domain/appointment-status';
import { formatAppointmentTime, formatMoment } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { hasErrorCode, messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { RescheduleChoice } from './RescheduleChoice';

/**
 * The visitor's own appointment, reached through the private link in their e-mails. Opening it
 * changes nothing (mail scanners open links); confirming a hold is the button's POST.
 */
export default function ManageAppointmentPage() {
  const { LL, locale } = useI18nContext();
  const text = LL.booking;
  const token = useParams().token ?? '';
  const utils = trpc.useUtils();
  const appointment = trpc.public.ownAppointment.view.useQuery({ token });
  const show = (changed: NonNullable<typeof appointment.data>) => utils.public.ownAppointment.view.setData({ token }, changed);
  const confirm = trpc.public.ownAppointment.confirmEmail.useMutation({ onSuccess: show });
  const cancel = trpc.public.ownAppointment.cancel.useMutation({ onSuccess: show });
  const reschedule = trpc.public.ownAppointment.reschedule.useMutation({
    onSuccess: (moved) => {
      show(moved);
      void utils.public.availability.invalidate();
    },
  });

  const shown = appointment.data;
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <section className="card w-full max-w-md bg-base-100 shadow" aria-labelledby="manage-title">
        <div className="card-body gap-3">
          <h1 id="manage-title" className="card-title text-2xl">
            {text.manageTitle()}
          </h1>
          {appointment.isPending && <p role="status">{text.loadingSlots()}</p>}
          {appointment.error && (
            <p role="alert">{hasErrorCode(appointment.error, 'NOT_FOUND') ? text.manageNotFound() : messageOf(appointment.error, text.failed())}</p>
          )}
          {shown && (
            <>
              <p className="font-semibold">{text.manageWith({ psychologist: shown.psychologistName })}</p>
              <p>{formatAppointmentTime(shown, shown.clientTimezone, locale)}</p>
              <p className="badge badge-outline h-auto py-1">{text.status[shown.status]()}</p>
              {shown.status === 'held' && shown.holdExpiresAt && (
                <>
                  <p>{text.manageConfirmPrompt({ time: formatMoment(shown.holdExpiresAt, shown.clientTimezone, locale) })}</p>
                  <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
                    {confirm.isPending ? text.manageConfirming() : text.manageConfirm()}
                  </button>
                </>
              )}
              {canMove(shown.status, 'cancelled') &&
                (Date.now() < shown.changeableUntil.getTime() ? (
                  <>
                    <p className="text-sm">{text.manageCancelPrompt({ time: formatMoment(shown.changeableUntil, shown.clientTimezone, locale) })}</p>
                    <RescheduleChoice appointment={shown} pending={reschedule.isPending} onMove={(slotId) => reschedule.mutate({ token, slotId })} />
                    <button type="button" className="btn btn-outline btn-error" disabled={cancel.isPending} onClick={() => cancel.mutate({ token })}>
                      {cancel.isPending ? text.manageCancelling() : text.manageCancel()}
                    </button>
                  </>
                ) : (
                  <p>{text.manageInsideNotice({ clinic: shown.clinicName })}</p>
                ))}
              {[confirm.error, cancel.error, reschedule.error].map(
                (error) =>
                  error && (
                    <p key={error.message} role="alert">
                      {messageOf(error, text.failed())}
                    </p>
                  ),
              )}
            </>
          )}
        </div>
      </section>
    </main>
  );
}

