import { useId } from 'react';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { formatAppointmentTime } from '../../domain/appointment-time';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { BookingSummary } from './BookingSummary';
import type { SessionPlace } from '../../domain/session-place';
import { HoldCountdown } from './HoldCountdown';

export interface BookedAppointment {
  psychologistName: string;
  /** 'held' (the visitor confirms their e-mail first), 'requested' (the clinic confirms) or 'confirmed'. */
  status: AppointmentStatus;
  startUtc: Date;
  endUtc: Date;
  /** The timezone the visitor read the times in. */
  timezone: string;
  email: string;
  /** Where the session is (docs/decisions/0049). */
  place: SessionPlace | null;
  /** Until when a hold waits for the visitor's e-mail; null once the booking reached the clinic. */
  holdExpiresAt: Date | null;
}

/**
 * The outcome: who, when, and what happens next for this clinic's way of booking (docs/decisions/0021).
 * A hold is not a booking yet: it says to check the e-mail, with the time left (decision 0050);
 * 'Booking Received!' is only for what the clinic will really see.
 */
export function BookingReceived({ booking, onClose }: { booking: BookedAppointment; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const nextId = useId();
  const confirmed = booking.status === 'confirmed';
  const title = booking.status === 'held' ? LL.booking.holdTitle() : confirmed ? LL.booking.confirmedTitle() : LL.booking.receivedTitle();
  return (
    <Modal title={title} onClose={onClose}>
      <BookingSummary psychologistName={booking.psychologistName} when={formatAppointmentTime(booking, booking.timezone, locale)} place={booking.place} />
      <section aria-labelledby={nextId} className="flex flex-col gap-2">
        <h3 id={nextId} className="font-semibold">
          {LL.booking.nextTitle()}
        </h3>
        {booking.status === 'held' ? (
          <div role="note" className="alert alert-warning flex flex-col items-start gap-1">
            <strong>{LL.booking.checkEmailTitle()}</strong>
            <span>{LL.booking.checkEmailText({ email: booking.email })}</span>
            {booking.holdExpiresAt && <HoldCountdown expiresAt={booking.holdExpiresAt} />}
          </div>
        ) : (
          <>
            <p>{confirmed ? LL.booking.confirmedText() : LL.booking.receivedText({ name: booking.psychologistName })}</p>
            <p>{LL.booking.manageByEmail()}</p>
          </>
        )}
      </section>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {LL.booking.close()}
        </button>
      </div>
    </Modal>
  );
}
