import { useMemo, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, dayToShow, formatCalendarDate, formatShortDate, formatSlotTime, localSlotTimes, slotsByDay } from '../lib/slot-times';
import type { RouterOutputs } from '../lib/trpc';
import { ChoiceButtons } from './ChoiceButtons';
import { TimeZoneSelect } from './TimeZoneSelect';

export type FreeSlot = RouterOutputs['public']['availability'][number];

interface Props {
  slots: readonly FreeSlot[];
  /** The zone the visitor reads times in: days and times are its own. */
  timezone: string;
  onTimezoneChange: (timezone: string) => void;
  chosenId: string | undefined;
  onChoose: (slotId: string) => void;
}

/** The timezone, then the days that have free times, then the times of one day. */
export function SlotPicker({ slots, timezone, onTimezoneChange, chosenId, onChoose }: Props) {
  const { LL, locale } = useI18nContext();
  const dateLocale = dateLocaleOf(locale);
  const days = useMemo(() => slotsByDay(slots, timezone), [slots, timezone]);
  const chosen = slots.find((slot) => slot.id === chosenId);
  const dayOf = (slot: FreeSlot, zone: string) => localSlotTimes(slot, zone).date;
  // The day the visitor last picked or chose a time on; after a reload, the kept time's day.
  const [wantedDay, setWantedDay] = useState<string>();
  const shown = dayToShow(
    days.map((day) => day.date),
    wantedDay ?? (chosen && dayOf(chosen, timezone)),
  );
  const times = days.find((day) => day.date === shown)?.slots ?? [];

  const changeTimezone = (zone: string) => {
    // The chosen time stays chosen: show its day as the new zone reads it.
    if (chosen) setWantedDay(dayOf(chosen, zone));
    onTimezoneChange(zone);
  };
  const choose = (slotId: string) => {
    const slot = slots.find((candidate) => candidate.id === slotId);
    if (slot) setWantedDay(dayOf(slot, timezone));
    onChoose(slotId);
  };

  return (
    <div className="flex flex-col gap-4">
      <TimeZoneSelect value={timezone} onChange={changeTimezone} />
      <ChoiceButtons
        legend={LL.booking.daysTitle()}
        choices={days.map((day) => ({ value: day.date, label: formatShortDate(day.date, dateLocale) }))}
        chosen={shown}
        onChoose={setWantedDay}
      />
      {shown && (
        <ChoiceButtons
          legend={LL.booking.timesOn({ date: formatCalendarDate(shown, dateLocale) })}
          choices={times.map((slot) => ({ value: slot.id, label: formatSlotTime(slot.startUtc, timezone, dateLocale) }))}
          chosen={chosenId}
          onChoose={choose}
        />
      )}
    </div>
  );
}
