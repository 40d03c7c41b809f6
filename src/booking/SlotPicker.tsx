import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, slotsByDay } from '../lib/slot-times';
import type { RouterOutputs } from '../lib/trpc';

export type FreeSlot = RouterOutputs['public']['availability'][number];

interface Props {
  slots: readonly FreeSlot[];
  timezone: string;
  chosenId: string | undefined;
  onChoose: (slot: FreeSlot) => void;
}

/** Free slots grouped by day in the visitor's own timezone, en-MY 12-hour times. */
export function SlotPicker({ slots, timezone, chosenId, onChoose }: Props) {
  const { LL, locale } = useI18nContext();
  const dateLocale = dateLocaleOf(locale);
  return (
    <div className="flex max-h-72 flex-col gap-3 overflow-y-auto">
      <p className="text-sm text-base-content/80">{LL.booking.timesIn({ timezone })}</p>
      {slotsByDay(slots, timezone).map((day) => (
        <section key={day.date} aria-label={formatCalendarDate(day.date, dateLocale)}>
          <h4 className="text-sm font-semibold">{formatCalendarDate(day.date, dateLocale)}</h4>
          <div className="mt-1 flex flex-wrap gap-2">
            {day.slots.map((slot) => (
              <button
                key={slot.id}
                type="button"
                aria-pressed={slot.id === chosenId}
                className={`btn btn-sm ${slot.id === chosenId ? 'btn-primary' : 'btn-outline'}`}
                onClick={() => onChoose(slot)}
              >
                {formatSlotTime(slot.startUtc, timezone, dateLocale)}
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
