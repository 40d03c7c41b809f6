import { useState } from 'react';
import type { Psychologist } from '../../domain/psychologist';
import { ADMIN_SLOT_VIEW_DAYS } from '../../domain/slots';
import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import type { AdminSlot } from './admin-slot';
import { EditSlotDialog } from './EditSlotDialog';
import { dateLocaleOf, formatCalendarDate, formatSlotTime, slotsByDay } from '../lib/slot-times';

/**
 * The chosen psychologist's slots for the next 90 days (the server's default window), one
 * group per day in the psychologist's timezone. A slot opens the edit dialog.
 */
export function SlotCalendar({ psychologist }: { psychologist: Psychologist }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.calendar;
  const dateLocale = dateLocaleOf(locale);
  const slots = trpc.admin.availability.list.useQuery({ psychologistId: psychologist.id });
  const [editing, setEditing] = useState<AdminSlot | null>(null);

  const time = (instant: string) => formatSlotTime(instant, psychologist.timezone, dateLocale);

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">{t.title({ days: ADMIN_SLOT_VIEW_DAYS })}</h3>
      {slots.isPending ? (
        <p role="status">{t.loading()}</p>
      ) : slots.isError ? (
        <p role="alert" className="alert alert-error">
          {t.fetchFailed()}
        </p>
      ) : slots.data.length === 0 ? (
        <p>{t.empty({ days: ADMIN_SLOT_VIEW_DAYS })}</p>
      ) : (
        <>
          <p className="text-sm text-base-content/80">{t.editHint()}</p>
          <ol className="flex flex-col gap-3">
            {slotsByDay(slots.data, psychologist.timezone).map((day) => (
              <li key={day.date}>
                <h4 className="text-sm font-semibold">
                  {formatCalendarDate(day.date, dateLocale)}{' '}
                  <span className="font-normal text-base-content/70">({t.slotCount({ count: day.slots.length })})</span>
                </h4>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {day.slots.map((slot) => (
                    <li key={slot.id}>
                      <button
                        type="button"
                        className={`btn btn-sm ${slot.isBooked ? 'btn-warning' : 'btn-outline'}`}
                        onClick={() => setEditing(slot)}
                      >
                        {t.slotTimes({ start: time(slot.startUtc), end: time(slot.endUtc) })}
                        {slot.isBooked && <span className="badge badge-sm">{t.booked()}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      )}
      {editing && <EditSlotDialog slot={editing} psychologist={psychologist} onClose={() => setEditing(null)} />}
    </div>
  );
}
