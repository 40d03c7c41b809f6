import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type ClinicCrisisContact, MALAYSIAN_CRISIS_RESOURCES } from '../../domain/crisis';
import { HOUR_MS } from '../../domain/time';
import { canMove } from '../../domain/appointment-status';
import { formatAppointmentTime, formatMoment } from '../../domain/appointment-time';
import { MAX_VISITOR_MOVES } from '../../domain/visitor-changes';
import { useI18nContext } from '../../i18n/i18n-react';
import { hasErrorCode, isGone, messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { ClinicContact } from '../components/ClinicContact';
import { VisitDetails } from '../booking/SessionPlace';
import { CrisisResourceList } from '../components/CrisisResourceList';
import { NeedHelp } from '../screener/NeedHelp';
import { ScreenerHeader } from '../screener/ScreenerHeader';
import { useScreenerConfiguration } from '../screener/useScreenerConfiguration';
import { CancelDialog } from './CancelDialog';
import { brandColourStyle } from '../lib/brand-colour-style';
import { RescheduleChoice } from './RescheduleChoice';
import { ManageWhatsapp } from './ManageWhatsapp';
import { ManagePayment } from './ManagePayment';
import { paymentWords } from '../../domain/payment-words';

type OwnAppointment = RouterOutputs['public']['ownAppointment']['view'];

/** Inside the cancellation notice, a session still ahead is the clinic's to change: the link only shows how to reach it. */
function insideNotice(appointment: OwnAppointment): boolean {
  return canMove(appointment.status, 'cancelled') && Date.now() >= appointment.changeableUntil.getTime() && Date.now() < appointment.startUtc.getTime();
}

/** Before the notice, the visitor moves or cancels it here. */
const changeable = (appointment: OwnAppointment) => canMove(appointment.status, 'cancelled') && Date.now() < appointment.changeableUntil.getTime();

/** A paid booking may be cancelled here until it starts, the policy keeping its part; any other until the notice (docs/decisions/0062). */
const cancellable = (appointment: OwnAppointment) => canMove(appointment.status, 'cancelled') && Date.now() < appointment.cancellableUntil.getTime();

/** Hands the browser the visitor's data as a JSON file to save. */
function saveJson(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The visitor's rights from their link: download everything held about them, or erase it after
 * a confirm step. Once erased the link names nothing, so the page says so and asks nothing more.
 * Erasing a session still ahead cancels it, so it is refused where the cancel is: inside the
 * notice for an unpaid booking (the clinic expects them without a word), the page saying so beside
 * the clinic's contacts. A paid booking may be erased until it starts, and the confirm step says
 * what comes back, as the cancel's does (decision 0062).
 */
function YourData({ token, onHold, refundNote, onErased }: { token: string; onHold: boolean; refundNote: string | null; onErased: () => void }) {
  const { LL } = useI18nContext();
  const text = LL.booking;
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  // A read, but started by a click and saved as a file: a mutation's pending state and error fit it.
  const download = useMutation({
    mutationFn: () => utils.public.ownAppointment.data.fetch({ token }),
    onSuccess: (data) => saveJson('my-appointment-data.json', data),
  });
  const erase = trpc.public.ownAppointment.erase.useMutation({ onSuccess: onErased });
  return (
    <section className="flex flex-col gap-2 border-t border-base-300 pt-3" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="font-semibold">
        {text.manageYourData()}
      </h2>
      <p className="text-sm">{text.manageYourDataIntro()}</p>
      <button type="button" className="btn btn-outline btn-sm" disabled={download.isPending} onClick={() => download.mutate()}>
        {text.manageDownload()}
      </button>
      {onHold ? (
        <p className="text-sm">{text.manageEraseInsideNotice()}</p>
      ) : confirming ? (
        <div role="group" className="flex flex-col gap-2 rounded-box border border-error p-3">
          <p>{text.manageEraseConfirm()}</p>
          {refundNote && <p className="font-medium">{refundNote}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-error btn-sm" disabled={erase.isPending} onClick={() => erase.mutate({ token })}>
              {erase.isPending ? text.manageErasing() : text.manageEraseYes()}
            </button>
            <button type="button" className="btn btn-sm" disabled={erase.isPending} onClick={() => setConfirming(false)}>
              {text.manageEraseNo()}
            </button>
          </div>
        </div>
      ) : (
        // Red only on the step that erases: an error-coloured outline reads 2.8:1 on white (axe).
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setConfirming(true)}>
          {text.manageErase()}
        </button>
      )}
      {[download.error, erase.error].map(
        (error) =>
          error && (
            <p key={error.message} role="alert">
              {messageOf(error, text.failed())}
            </p>
          ),
      )}
    </section>
  );
}

/** The clinic's cancellation policy, stated before any change is offered: a paid booking's cancel goes on until its start. */
function CancellationPolicy({ appointment }: { appointment: OwnAppointment }) {
  const { LL, locale } = useI18nContext();
  const hours = Math.round((appointment.startUtc.getTime() - appointment.changeableUntil.getTime()) / HOUR_MS);
  const time = formatMoment(appointment.changeableUntil, appointment.clientTimezone, locale);
  const paidLateCancel = appointment.cancellableUntil.getTime() > appointment.changeableUntil.getTime();
  return (
    <section className="rounded-box bg-base-200 p-3" aria-labelledby="policy-title">
      <h2 id="policy-title" className="font-semibold">
        {LL.booking.managePolicyTitle()}
      </h2>
      <p className="text-sm">{paidLateCancel ? LL.booking.managePolicyPaid({ hours, time }) : LL.booking.managePolicy({ hours, time })}</p>
    </section>
  );
}

/** After cancelling: a way back to booking, and the crisis lines for whoever needs them now. */
function AfterCancelling({ screenerSlug, clinicContact }: { screenerSlug: string; clinicContact: ClinicCrisisContact | null }) {
  const { LL, locale } = useI18nContext();
  return (
    <section className="flex flex-col gap-2" aria-label={LL.booking.manageBookAgain()}>
      <Link className="btn btn-primary" to={`${locale === 'ms' ? '/ms' : ''}/screener/${screenerSlug}`}>
        {LL.booking.manageBookAgain()}
      </Link>
      <p className="text-sm">{LL.booking.manageAfterCancel()}</p>
      <CrisisResourceList resources={MALAYSIAN_CRISIS_RESOURCES} clinicContact={clinicContact} />
    </section>
  );
}

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

  const [erased, setErased] = useState(false);
  const [askingToCancel, setAskingToCancel] = useState(false);
  const shown = erased ? undefined : appointment.data;
  // The clinic's brand and crisis contact, as its screener shows them.
  const screener = useScreenerConfiguration(appointment.data?.screenerSlug);
  const configuration = appointment.data && screener.status === 'ready' ? screener.configuration : undefined;
  return (
    <div className="flex min-h-screen flex-col bg-base-200" style={brandColourStyle(appointment.data?.primaryColor)}>
      {configuration && <ScreenerHeader configuration={configuration} languageSwitch />}
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-3 p-4">
        {configuration && <NeedHelp clinicContact={configuration.crisisContact} textsReady />}
        <section className="card w-full bg-base-100 shadow" aria-labelledby="manage-title">
          <div className="card-body gap-3">
            <h1 id="manage-title" className="card-title text-2xl">
              {text.manageTitle()}
            </h1>
            {erased && <p role="status">{text.manageErased()}</p>}
            {appointment.isPending && <p role="status">{text.loadingSlots()}</p>}
            {!erased && appointment.error && (
              <p role="alert">
                {hasErrorCode(appointment.error, 'NOT_FOUND') && !isGone(appointment.error) ? text.manageNotFound() : messageOf(appointment.error, text.failed())}
              </p>
            )}
            {shown && (
              <>
                <p className="font-semibold">{text.manageWith({ psychologist: shown.psychologistName })}</p>
                <p>{formatAppointmentTime(shown, shown.clientTimezone, locale)}</p>
                <p className="badge badge-outline h-auto py-1">{text.status[shown.status]()}</p>
                <VisitDetails visit={shown} />
                {shown.status === 'held' && shown.holdExpiresAt && (
                  <>
                    <p>{text.manageConfirmPrompt({ time: formatMoment(shown.holdExpiresAt, shown.clientTimezone, locale) })}</p>
                    <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
                      {confirm.isPending ? text.manageConfirming() : text.manageConfirm()}
                    </button>
                  </>
                )}
                {shown.payment && <ManagePayment payment={shown.payment} />}
                {changeable(shown) && (
                  <>
                    <CancellationPolicy appointment={shown} />
                    {shown.movesLeft > 0 ? (
                      <RescheduleChoice appointment={shown} pending={reschedule.isPending} onMove={(slotId) => reschedule.mutate({ token, slotId })} />
                    ) : (
                      <p>{text.manageMovesUsedUp({ max: MAX_VISITOR_MOVES, clinic: shown.clinicName })}</p>
                    )}
                  </>
                )}
                {/* Inside the notice, a paid booking may still be cancelled: its payment's words above say what is kept. */}
                {cancellable(shown) && !changeable(shown) && <p>{text.manageLateCancel({ clinic: shown.clinicName })}</p>}
                {cancellable(shown) && (
                  <>
                    <button type="button" className="btn btn-outline" aria-haspopup="dialog" onClick={() => setAskingToCancel(true)}>
                      {text.manageCancel()}
                    </button>
                    {askingToCancel && (
                      <CancelDialog
                        pending={cancel.isPending}
                        refundNote={shown.payment && paymentWords(LL, shown.payment).ifCancelledNow}
                        onKeep={() => setAskingToCancel(false)}
                        onCancel={(reason) => cancel.mutate({ token, ...(reason && { reason }) }, { onSettled: () => setAskingToCancel(false) })}
                      />
                    )}
                  </>
                )}
                {canMove(shown.status, 'cancelled') && !cancellable(shown) && <p>{text.manageInsideNotice({ clinic: shown.clinicName })}</p>}
                {/* Messages come only while the appointment is ahead of its visitor. */}
                {canMove(shown.status, 'cancelled') && <ManageWhatsapp token={token} appointment={shown} onChanged={show} />}
                {shown.status === 'cancelled' && <AfterCancelling screenerSlug={shown.screenerSlug} clinicContact={configuration?.crisisContact ?? null} />}
                {insideNotice(shown) && shown.clinicContact && (
                  <section className="flex flex-col gap-1 rounded-box bg-base-200 p-3" aria-label={text.manageClinicContacts({ clinic: shown.clinicName })}>
                    <ClinicContact contact={shown.clinicContact} />
                  </section>
                )}
                {[confirm.error, cancel.error, reschedule.error].map(
                  (error) =>
                    error && (
                      <p key={error.message} role="alert">
                        {messageOf(error, text.failed())}
                      </p>
                    ),
                )}
                {/* Erasing a booking still ahead cancels it, so it follows the cancel's rule and its refund. */}
                <YourData
                  token={token}
                  onHold={canMove(shown.status, 'cancelled') && !cancellable(shown) && Date.now() < shown.startUtc.getTime()}
                  refundNote={shown.payment && cancellable(shown) ? paymentWords(LL, shown.payment).ifCancelledNow : null}
                  onErased={() => setErased(true)}
                />
              </>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}

