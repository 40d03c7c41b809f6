import { useMutation } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clinicNameOf } from '../../domain/configuration';
import { isValidMalaysianPhone, normaliseMalaysianPhone } from '../../domain/phone';
import { ClinicContact } from '../components/ClinicContact';
import { Modal } from '../components/Modal';
import { TextField } from '../components/TextField';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf, messageOf } from '../lib/errors';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, localSlotTimes } from '../lib/slot-times';
import { bookingDetailsAtom, EMPTY_BOOKING_DETAILS } from '../lib/screening-store';
import { trpc } from '../lib/trpc';
import { useScreenerIdentity } from '../components/ScreenerIdentity';
import type { PublicPsychologist } from './PsychologistCard';
import { type FreeSlot, SlotPicker } from './SlotPicker';
import { useBookingWindow } from './useBookingWindow';
import { useBookingScreening } from './useBookingScreening';

interface Props {
  psychologist: PublicPsychologist;
  onClose: () => void;
  /** `confirmEmailTo`: the address that must confirm the request within 30 minutes, when the clinic asks for it. */
  onBooked: (booking: { confirmEmailTo?: string }) => void;
}

const visitorTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Slots, then the visitor's details and a summary; Confirm checks the free limit, then books. */
export function BookingDialog({ psychologist, onClose, onBooked }: Props) {
  const { LL, locale } = useI18nContext();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { identifier, configuration } = useScreenerIdentity();
  const [timezone] = useState(visitorTimezone);
  const bookingWindow = useBookingWindow();
  const slots = trpc.public.availability.useQuery({ slug: identifier, psychologistId: psychologist.id, ...bookingWindow });
  const [chosen, setChosen] = useState<FreeSlot>();
  // Kept in the tab until booked, so a reload does not lose what the visitor typed.
  const [details, setDetails] = useAtom(bookingDetailsAtom);
  const screening = useBookingScreening(configuration.testType);
  const terms = trpc.public.bookingTerms.useQuery({ slug: identifier });
  // When the visitor ticked the choice to share their results; unticked, nothing is shared.
  const [sharedAt, setSharedAt] = useState<string | null>(null);
  const clinic = clinicNameOf(configuration);

  // Confirm is one action: check the free limit, then book. One pending state, one error.
  const submit = useMutation({
    mutationFn: async (slot: FreeSlot): Promise<{ limitReached: number } | { booked: { confirmEmailTo?: string } }> => {
      // A failed check counts as not required; the server enforces the limit anyway.
      const check = await utils.client.billing.checkSubscription.query({ slug: identifier }).catch((error: unknown) => {
        console.error('Subscription check failed', error);
        return { subscriptionRequired: false, bookingCount: 0 };
      });
      if (check.subscriptionRequired) return { limitReached: check.bookingCount };
      const booking = await utils.client.public.bookAppointment.mutate({
        slug: identifier,
        psychologistId: psychologist.id,
        slotId: slot.id,
        clientName: details.name.trim(),
        clientEmail: details.email.trim(),
        clientPhone: normaliseMalaysianPhone(details.phone),
        clientTimezone: timezone,
        clientLanguage: locale,
        ...(screening?.consentGivenAt && {
          consents: {
            screener: { givenAt: screening.consentGivenAt },
            privacyNotice: { givenAt: new Date().toISOString() },
            ...(sharedAt && { resultsSharing: { givenAt: sharedAt } }),
          },
          ...(sharedAt && { sharedResults: screening.shareable }),
        }),
      });
      return { booked: booking.status === 'held' ? { confirmEmailTo: details.email.trim() } : {} };
    },
    onSuccess: (outcome) => {
      if (!('booked' in outcome)) return;
      setDetails(EMPTY_BOOKING_DETAILS);
      onBooked(outcome.booked);
    },
    // The slot may have gone meanwhile: show the list as it is now.
    onError: () => void slots.refetch(),
  });
  const limitReached = submit.data && 'limitReached' in submit.data ? submit.data.limitReached : null;
  const failure = submit.error ? messageOf(submit.error, LL.booking.failed()) : null;

  const phoneValid = isValidMalaysianPhone(details.phone);
  const submitting = submit.isPending;
  // The privacy notice is read before anyone agrees to it.
  const canConfirm = Boolean(chosen && details.name.trim() && details.email.trim() && phoneValid && terms.data && !submitting);
  const phoneError = details.phone.trim() && !phoneValid
    ? configuration.testType === 'Combined' ? LL.booking.phoneInvalidExample() : LL.booking.phoneInvalid()
    : undefined;
  // The server's problems of each field, in the visitor's language, shown under the field.
  const serverErrors = fieldErrorsOf(submit.error);
  const dateLocale = dateLocaleOf(locale);

  const confirm = () => {
    if (chosen) submit.mutate(chosen);
  };

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
      {slots.isPending ? (
        <p role="status">{LL.booking.loadingSlots()}</p>
      ) : slots.isError || slots.data.length === 0 ? (
        <div role="status">
          <p>{LL.booking.noSlots()}</p>
          <p className="text-sm text-base-content/80">{LL.booking.noSlotsHint()}</p>
          <ClinicContact contact={configuration.crisisContact} />
        </div>
      ) : (
        <SlotPicker slots={slots.data} timezone={timezone} chosenId={chosen?.id} onChoose={setChosen} />
      )}

      {chosen && (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <h3 className="font-semibold">{LL.booking.detailsTitle()}</h3>
          <TextField label={LL.booking.fullName()} autoComplete="name" required value={details.name} error={serverErrors.clientName} onChange={(name) => setDetails((d) => ({ ...d, name }))} />
          <TextField label={LL.booking.email()} type="email" autoComplete="email" required value={details.email} error={serverErrors.clientEmail} onChange={(email) => setDetails((d) => ({ ...d, email }))} />
          <TextField label={LL.booking.phone()} type="tel" autoComplete="tel" required value={details.phone} error={phoneError ?? serverErrors.clientPhone} onChange={(phone) => setDetails((d) => ({ ...d, phone }))} />
          {screening && terms.data && (
            <div className="flex flex-col gap-1">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="checkbox mt-0.5"
                  checked={sharedAt !== null}
                  onChange={(event) => setSharedAt(event.target.checked ? new Date().toISOString() : null)}
                  aria-describedby="share-results-details"
                />
                <span className="text-sm font-medium">{LL.booking.shareResults({ clinic })}</span>
              </label>
              <p id="share-results-details" className="text-xs text-base-content/80">
                {LL.booking.shareResultsDetails({ clinic, days: terms.data.retentionDays })}
              </p>
            </div>
          )}
          {terms.data && <p className="text-xs text-base-content/80">{LL.booking.privacyNotice({ clinic, days: terms.data.retentionDays })}</p>}
          <section aria-label={LL.booking.summaryTitle()} className="rounded-box bg-base-200 p-3 text-sm">
            <h3 className="font-semibold">{LL.booking.summaryTitle()}</h3>
            <p>
              {LL.booking.summaryWith()}: {psychologist.name}
            </p>
            <p>
              {LL.booking.summaryWhen()}: {formatCalendarDate(localSlotTimes(chosen, timezone).date, dateLocale)},{' '}
              {formatSlotTime(chosen.startUtc, timezone, dateLocale)} – {formatSlotTime(chosen.endUtc, timezone, dateLocale)}
            </p>
            {psychologist.pricePerHour && (
              <p>
                {LL.booking.summaryPrice()}: {LL.booking.perHour({ price: psychologist.pricePerHour })}
              </p>
            )}
          </section>
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
      {!chosen && (
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            {LL.booking.cancel()}
          </button>
        </div>
      )}
    </Modal>
  );
}
