import { useId } from 'react';
import type { SessionPlace as Place } from '../../domain/session-place';
import { useI18nContext } from '../../i18n/i18n-react';
import { SessionPlace } from './SessionPlace';

interface Props {
  psychologistName: string;
  /** The appointment's date and time with its timezone named, or what to do to choose one. */
  when: string;
  pricePerHour?: string | null;
  /** Where the session is; null when the clinic has not said. */
  place: Place | null;
}

/** Who and when (and the price, before booking): the form's summary and the confirmation's. */
export function BookingSummary({ psychologistName, when, pricePerHour, place }: Props) {
  const { LL } = useI18nContext();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-box bg-base-200 p-3 text-sm">
      <h3 id={titleId} className="font-semibold">
        {LL.booking.summaryTitle()}
      </h3>
      <p>
        {LL.booking.summaryWith()}: {psychologistName}
      </p>
      <p>
        {LL.booking.summaryWhen()}: {when}
      </p>
      <SessionPlace place={place} psychologistName={psychologistName} />
      {pricePerHour && (
        <p>
          {LL.booking.summaryPrice()}: {LL.booking.perHour({ price: pricePerHour })}
        </p>
      )}
    </section>
  );
}
