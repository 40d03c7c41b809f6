import { useState } from 'react';
import { type AppointmentStatus, canMove, SPAM_MARKABLE_STATUSES } from '../../domain/appointment-status';
import { ACCESS, mayUse } from '../../domain/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { type Appointment, useWhen } from './AppointmentSummary';
import { ConfirmDialog } from './ConfirmDialog';
import { MeasureRecordButton } from './MeasureRecordButton';
import { SharedResultsDialog } from './SharedResultsDialog';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

type Answer = 'confirm' | 'decline' | 'complete' | 'noShow';
const ANSWER_STATUS: Record<Answer, AppointmentStatus> = { confirm: 'confirmed', decline: 'declined', complete: 'completed', noShow: 'no_show' };

/** What the clinic may do next: answer a request, or record how a session that began went. */
function answersFor(appointment: Appointment, now: number): Answer[] {
  const began = appointment.startUtc.getTime() <= now;
  return (Object.keys(ANSWER_STATUS) as Answer[]).filter(
    (answer) => canMove(appointment.status, ANSWER_STATUS[answer]) && (answer === 'complete' || answer === 'noShow' ? began : true),
  );
}

/** Whether the clinic may still decline it as spam: a request, or a confirmed session not yet begun. */
function spamMarkable(appointment: Appointment, now: number): boolean {
  return (SPAM_MARKABLE_STATUSES as readonly AppointmentStatus[]).includes(appointment.status) && appointment.startUtc.getTime() > now;
}

/**
 * The answers, Decline as spam, Cancel (until the session has ended) and View results of one
 * appointment, with the question before cancelling or declining as spam and the shared results'
 * dialog. `onDone` runs after an answer
 * or a cancellation went through. A refusal shows beside the buttons, not as a toast: opened
 * from the week view they sit in a modal dialog, which would cover the toast.
 */
export function AppointmentActions({ appointment, onDone }: { appointment: Appointment; onDone?: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.appointments;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const when = useWhen();
  const [cancelling, setCancelling] = useState(false);
  const [markingSpam, setMarkingSpam] = useState(false);
  const [viewingResults, setViewingResults] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const done = (message: string) => {
    refreshSchedule();
    toast.success(message);
    onDone?.();
  };
  const answered = {
    onMutate: () => setFailure(null),
    onSuccess: () => done(t.answeredToast()),
    onError: (error: unknown) => setFailure(messageOf(error, t.answerFailed())),
  };
  const answerMutations = {
    confirm: trpc.admin.appointments.confirm.useMutation(answered),
    decline: trpc.admin.appointments.decline.useMutation(answered),
    complete: trpc.admin.appointments.complete.useMutation(answered),
    noShow: trpc.admin.appointments.noShow.useMutation(answered),
  };
  const cancel = trpc.admin.appointments.cancel.useMutation({
    onMutate: () => setFailure(null),
    onSuccess: () => done(t.cancelledToast()),
    onError: (error) => setFailure(messageOf(error, t.cancelFailed())),
    onSettled: () => setCancelling(false),
  });
  const spam = trpc.admin.appointments.declineAsSpam.useMutation({
    onMutate: () => setFailure(null),
    onSuccess: () => done(t.spamToast()),
    onError: (error) => setFailure(messageOf(error, t.answerFailed())),
    onSettled: () => setMarkingSpam(false),
  });
  const answerLabel: Record<Answer, string> = {
    confirm: t.answerConfirm(),
    decline: t.answerDecline(),
    complete: t.answerComplete(),
    noShow: t.answerNoShow(),
  };
  // A receptionist books and moves sessions but never opens what a visitor attached.
  const role = trpc.admin.account.me.useQuery().data?.role;
  const mayViewResults = role !== undefined && mayUse(role, ACCESS.attachedResults);
  const now = Date.now();
  const cancellable = appointment.endUtc.getTime() >= now && canMove(appointment.status, 'cancelled');

  return (
    <div className="flex shrink-0 flex-wrap gap-1">
      {appointment.resultsShared && mayViewResults && (
        <button type="button" className="btn btn-sm" onClick={() => setViewingResults(true)} aria-label={t.viewResultsLabel({ name: appointment.clientName })}>
          {t.viewResults()}
        </button>
      )}
      {/* A client in care, whose repeat measures there may be (docs/decisions/0067). */}
      {mayViewResults && (appointment.status === 'confirmed' || appointment.status === 'completed') && <MeasureRecordButton appointment={appointment} />}
      {answersFor(appointment, now).map((answer) => (
        <button
          key={answer}
          type="button"
          className={`btn btn-sm ${answer === 'confirm' ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => answerMutations[answer].mutate({ appointmentId: appointment.id })}
          aria-label={t.answerLabel({ action: answerLabel[answer], name: appointment.clientName })}
        >
          {answerLabel[answer]}
        </button>
      ))}
      {spamMarkable(appointment, now) && (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setMarkingSpam(true)} aria-label={t.spamLabel({ name: appointment.clientName })}>
          {t.spam()}
        </button>
      )}
      {cancellable && (
        <button type="button" className="btn btn-sm btn-error" onClick={() => setCancelling(true)} aria-label={t.cancelLabel({ name: appointment.clientName })}>
          {t.cancel()}
        </button>
      )}
      {failure && (
        <p role="alert" className="alert alert-error w-full text-sm">
          {failure}
        </p>
      )}
      {viewingResults && <SharedResultsDialog appointment={appointment} onClose={() => setViewingResults(false)} />}
      {cancelling && (
        <ConfirmDialog
          title={t.confirmTitle()}
          message={t.confirmMessage({ name: appointment.clientName, when: when(appointment) })}
          confirmLabel={t.confirm()}
          pendingLabel={t.cancelling()}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate({ appointmentId: appointment.id })}
          onCancel={() => setCancelling(false)}
        />
      )}
      {markingSpam && (
        <ConfirmDialog
          title={t.spam()}
          message={t.spamMessage({ name: appointment.clientName, when: when(appointment) })}
          confirmLabel={t.spam()}
          pendingLabel={t.spamPending()}
          pending={spam.isPending}
          onConfirm={() => spam.mutate({ appointmentId: appointment.id })}
          onCancel={() => setMarkingSpam(false)}
        />
      )}
    </div>
  );
}
