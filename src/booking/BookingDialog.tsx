import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatAppointmentTime } from '../../domain/appointment-time';
import { clinicNameOf } from '../../domain/configuration';
import { normaliseMalaysianPhone } from '../../domain/phone';
import { ClinicContact } from '../components/ClinicContact';
import { Modal } from '../components/Modal';
import { TextField } from '../components/TextField';
import { ConsentChoice } from './ConsentChoice';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { fieldErrorsOf } from '../lib/form-errors';
import { type BookingDetails, bookingDetailsAtom, EMPTY_BOOKING_DETAILS } from '../lib/screening-store';
import { trpc } from '../lib/trpc';
import { useScreenerIdentity } from '../components/ScreenerIdentity';
import type { BookedAppointment } from './BookingReceived';
import { BookingSummary } from './BookingSummary';
import type { PublicPsychologist } from './PsychologistCard';
import { type FreeSlot, SlotPicker } from './SlotPicker';
import { browserTimeZone } from '../lib/slot-times';
import { useBookingWindow } from './useBookingWindow';
import { useBookingScreening } from './useBookingScreening';
import { useDetailChecks } from './useDetailChecks';
import { useBookingProof } from './useBookingProof';
import { isEmbedded } from '../lib/embedder';
import type { PaidHold } from './paid-hold';
import { PaymentDialog } from './PaymentDialog';
import { PopupPaymentDialog } from './PopupPaymentDialog';

interface Props {
  psychologist: PublicPsychologist;
  onClose: () => void;
  onBooked: (booking: BookedAppointment) => void;
}

type TypedField = 'name' | 'email' | 'phone';

/**
 * Days, then times, in the visitor's timezone; then their details and a summary. Confirm checks
 * the free limit, then books with the proof of work solved since the dialog opened. A refused booking leaves the dialog as it was, with the list as it
 * is now: a time taken meanwhile is gone from it, and Confirm waits for a new choice. At a clinic
 * that asks payment at booking, the booking is a hold whose payment step follows (PaymentDialog;
 * inside the embed, PopupPaymentDialog, which pays in a pop-up).
 */
export function BookingDialog({ psychologist, onClose, onBooked }: Props) {
  const { LL, locale } = useI18nContext();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { identifier, configuration } = useScreenerIdentity();
  const bookingWindow = useBookingWindow();
  const slots = trpc.public.availability.useQuery({ slug: identifier, psychologistId: psychologist.id, ...bookingWindow });
  // Kept in the tab until booked: a reload reopens the dialog with what the visitor chose and typed.
  const [details, setDetails] = useAtom(bookingDetailsAtom);
  const timezone = details.timezone ?? browserTimeZone();
  const chosen = slots.data?.find((slot) => slot.id === details.slotId);
  // SPEC: choosing a time shows the form; it stays when that time is taken meanwhile.
  const [formShown, setFormShown] = useState(details.slotId !== undefined);
  // When the visitor ticked WhatsApp reminders (issue 29); unticked, messages come by e-mail only.
  const [whatsappAt, setWhatsappAt] = useState<string | null>(null);
  const checks = useDetailChecks(details, { whatsApp: whatsappAt !== null });
  const [detailsRefused, setDetailsRefused] = useState(false);
  const screening = useBookingScreening(configuration.testType);
  const terms = trpc.public.bookingTerms.useQuery({ slug: identifier });
  // When the visitor ticked the choice to share their results; unticked, nothing is shared.
  const [sharedAt, setSharedAt] = useState<string | null>(null);
  const clinic = clinicNameOf(configuration);
  const proof = useBookingProof(identifier);

  // Confirm is one action: check the free limit, then book. One pending state, one error.
  const submit = useMutation({
    mutationFn: async ({ slot, zone }: { slot: FreeSlot; zone: string }): Promise<{ limitReached: number } | { booked: BookedAppointment } | { paid: PaidHold }> => {
      // A failed check counts as not required; the server enforces the limit anyway.
      const check = await utils.client.billing.checkSubscription.query({ slug: identifier }).catch((error: unknown) => {
        console.error('Subscription check failed', error);
        return { subscriptionRequired: false, bookingCount: 0 };
      });
      if (check.subscriptionRequired) return { limitReached: check.bookingCount };
      const email = details.email.trim();
      const proofOfWork = await proof.take();
      const booking = await utils.client.public.bookAppointment.mutate({
        slug: identifier,
        psychologistId: psychologist.id,
        slotId: slot.id,
        clientName: details.name.trim(),
        clientEmail: email,
        clientPhone: normaliseMalaysianPhone(details.phone),
        clientTimezone: zone,
        clientLanguage: locale,
        proofOfWork,
        whatsappReminders: whatsappAt !== null,
        ...(screening?.consentGivenAt && {
          consents: {
            screener: { givenAt: screening.consentGivenAt },
            privacyNotice: { givenAt: new Date().toISOString() },
            ...(sharedAt && { resultsSharing: { givenAt: sharedAt } }),
            ...(whatsappAt && { whatsappReminders: { givenAt: whatsappAt } }),
          },
          ...(sharedAt && { sharedResults: screening.shareable }),
        }),
      });
      // A paid hold goes on to its payment step; it is booked once Stripe's webhook says it is paid.
      if (booking.paymentToken) return { paid: { appointmentId: booking.appointmentId, token: booking.paymentToken } };
      const { psychologistName, status, startUtc, endUtc, holdExpiresAt, place } = booking;
      return { booked: { psychologistName, status, startUtc, endUtc, holdExpiresAt, timezone: zone, email, place } };
    },
    onSuccess: (outcome) => {
      if ('paid' in outcome) update({ payment: outcome.paid });
      if (!('booked' in outcome)) return;
      setDetails(EMPTY_BOOKING_DETAILS);
      onBooked(outcome.booked);
    },
    // The time may have gone meanwhile: show the list as it is now.
    onError: () => void slots.refetch(),
  });
  const limitReached = submit.data && 'limitReached' in submit.data ? submit.data.limitReached : null;

  // The server's problems with a field read as the field's own sentence, never as its name.
  const serverFields = fieldErrorsOf(submit.error);
  const phoneTexts = {
    phone: configuration.testType === 'Combined' ? LL.booking.phoneInvalidExample() : LL.booking.phoneInvalid(),
    mobilePhone: LL.booking.whatsapp.phoneNotMobile(),
  };
  const phoneShown = checks.problem.phone ?? (serverFields.clientPhone ? 'phone' : undefined);
  const errors = {
    name: serverFields.clientName ? LL.booking.nameInvalid() : undefined,
    email: checks.problem.email || serverFields.clientEmail ? LL.booking.emailInvalid() : undefined,
    phone: phoneShown && phoneTexts[phoneShown],
  };
  const marked = Boolean(errors.name || errors.email || errors.phone);
  const failure = submit.error
    ? marked
      ? LL.booking.checkDetails()
      : messageOf(submit.error, LL.booking.failed())
    : detailsRefused && marked
      ? LL.booking.checkDetails()
      : null;

  const submitting = submit.isPending;
  // SPEC: a time, a name, an e-mail and a valid phone. The privacy notice is read before anyone agrees to it.
  const canConfirm = Boolean(chosen && details.name.trim() && details.email.trim() && checks.valid.phone && terms.data && !submitting);

  const update = (change: Partial<BookingDetails>) => {
    setDetails((before) => ({ ...before, ...change }));
    // A refusal belongs to what was sent; the visitor is changing it.
    if (submit.isError) submit.reset();
  };
  const type = (field: TypedField, value: string) => {
    update({ [field]: value });
    if (field !== 'name') checks.edited(field, value);
  };
  const chooseWhatsapp = (checked: boolean) => {
    setWhatsappAt(checked ? new Date().toISOString() : null);
    // The number's rule changes with the choice: a refusal belongs to the choice that was sent.
    if (submit.isError) submit.reset();
  };
  const chooseSlot = (slotId: string) => {
    update({ slotId });
    setFormShown(true);
  };
  const confirm = () => {
    const detailsValid = checks.checkAll();
    setDetailsRefused(!detailsValid);
    if (detailsValid && chosen) submit.mutate({ slot: chosen, zone: timezone });
  };

  if (details.payment) {
    const email = details.email.trim();
    const Payment = isEmbedded() ? PopupPaymentDialog : PaymentDialog;
    return (
      <Payment
        hold={details.payment}
        title={psychologist.name}
        onSettled={({ psychologistName, status, startUtc, endUtc, place }) => {
          setDetails(EMPTY_BOOKING_DETAILS);
          onBooked({ psychologistName, status, startUtc, endUtc, holdExpiresAt: null, timezone, email, place });
        }}
        onClose={() => {
          // Closed unpaid: the hold lapses on its own, and the visitor may choose a time again.
          update({ payment: undefined });
          onClose();
        }}
      />
    );
  }

  if (limitReached !== null) {
    return (
      <Modal title={LL.booking.limitTitle()} onClose={onClose}>
        <p>{LL.booking.limitPrompt({ count: limitReached })}</p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {LL.booking.cancel()}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/subscribe')}>
            {LL.booking.subscribe()}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={psychologist.name} onClose={onClose}>
      <h3 className="font-semibold">{LL.booking.slotsTitle()}</h3>
      {/* A failed refresh keeps the list it had: the visitor still sees the other times. */}
      {slots.data && slots.data.length > 0 ? (
        <SlotPicker
          slots={slots.data}
          timezone={timezone}
          onTimezoneChange={(zone) => update({ timezone: zone })}
          chosenId={chosen?.id}
          onChoose={chooseSlot}
        />
      ) : slots.isPending ? (
        <p role="status">{LL.booking.loadingSlots()}</p>
      ) : (
        <div role="status">
          <p>{LL.booking.noSlots()}</p>
          <p className="text-sm text-base-content/80">{LL.booking.noSlotsHint()}</p>
          <ClinicContact contact={configuration.crisisContact} />
        </div>
      )}

      {formShown && (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <h3 className="font-semibold">{LL.booking.detailsTitle()}</h3>
          <TextField label={LL.booking.fullName()} autoComplete="name" required value={details.name} error={errors.name} onChange={(value) => type('name', value)} />
          {/* React's blur bubbles: leaving the input is leaving the field. */}
          <div onBlur={() => checks.leave('email')}>
            <TextField label={LL.booking.email()} type="email" autoComplete="email" required value={details.email} error={errors.email} onChange={(value) => type('email', value)} />
          </div>
          <div onBlur={() => checks.leave('phone')}>
            <TextField label={LL.booking.phone()} type="tel" autoComplete="tel" required value={details.phone} error={errors.phone} onChange={(value) => type('phone', value)} />
          </div>
          {/* Consents go with the screener's: a booking without a screening offers none. */}
          {screening && terms.data?.whatsappOffered && (
            <ConsentChoice
              label={LL.booking.whatsappReminders()}
              details={LL.booking.whatsappRemindersDetails({ clinic })}
              checked={whatsappAt !== null}
              onChange={chooseWhatsapp}
            />
          )}
          {screening && terms.data && (
            <ConsentChoice
              label={LL.booking.shareResults({ clinic })}
              details={LL.booking.shareResultsDetails({ clinic, days: terms.data.retentionDays })}
              checked={sharedAt !== null}
              onChange={(checked) => setSharedAt(checked ? new Date().toISOString() : null)}
            />
          )}
          {terms.data && <p className="text-xs text-base-content/80">{LL.booking.privacyNotice({ clinic, days: terms.data.retentionDays })}</p>}
          <BookingSummary
            psychologistName={psychologist.name}
            when={chosen ? formatAppointmentTime(chosen, timezone, locale) : LL.booking.chooseAnotherTime()}
            pricePerHour={psychologist.pricePerHour}
            place={psychologist.place}
          />
          {failure && (
            <p role="alert" className="alert alert-error">
              {failure}
            </p>
          )}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>
              {LL.booking.cancel()}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!canConfirm}>
              {submitting ? LL.booking.confirming() : LL.booking.confirm()}
            </button>
          </div>
        </form>
      )}
      {!formShown && (
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {LL.booking.cancel()}
          </button>
        </div>
      )}
    </Modal>
  );
}
