import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppointmentStatus } from '../../domain/appointment-status';
import { addCalendarDays, calendarDateIn, localDaysBounds, mondayOf, weekDates } from '../../domain/calendar-days';
import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf, formatCalendarDate, formatShortDate, formatSlotTime } from '../lib/slot-times';
import { trpc } from '../lib/trpc';
import type { AdminSlot } from './admin-slot';
import { AppointmentDialog } from './AppointmentDialog';
import type { Appointment } from './AppointmentSummary';
import { ClearDayDialog } from './ClearDayDialog';
import { EditSlotDialog } from './EditSlotDialog';
import { clearableSlots, weekEntries } from './week-entries';

const STATUS_BADGE: Partial<Record<AppointmentStatus, string>> = {
  requested: 'badge-warning',
  confirmed: 'badge-success',
};

type Open = { slot: AdminSlot } | { appointment: Appointment; slot: AdminSlot } | { clear: { date: string; count: number } } | null;

/**
 * One week of the psychologist's slots, Monday to Sunday where they work, today's week first:
 * free and held slots open the slot's dialog, appointments (requested, confirmed, and sessions
 * that took place) open theirs, and the weekly hours' free times (admin.schedule.freeTimes, the
 * visitor's own computation) stand between them, named as such. Seven columns on a wide screen; on a phone one day at a time,
 * with a chip per day to move between them (docs/decisions/0048).
 */
export function WeekCalendar({ psychologist }: { psychologist: Psychologist }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.calendar;
  const dateLocale = dateLocaleOf(locale);
  const timezone = psychologist.timezone;
  const todayDate = calendarDateIn(new Date(), timezone);
  const thisMonday = mondayOf(todayDate);
  const [monday, setMonday] = useState(thisMonday);
  // The day a phone shows: today in this week, the Monday of any other.
  const [chosenDay, setChosenDay] = useState(todayDate);
  const [open, setOpen] = useState<Open>(null);
  const dates = weekDates(monday);
  const shownDay = dates.includes(chosenDay) ? chosenDay : monday === thisMonday ? todayDate : monday;
  const bounds = localDaysBounds(monday, timezone, dates.length);
  const range = { psychologistId: psychologist.id, from: bounds.startUtc.toISOString(), to: bounds.endUtc.toISOString() };
  // The week shown stays until the next one has arrived, so the grid does not jump.
  const slots = trpc.admin.availability.list.useQuery(range, { placeholderData: keepPreviousData });
  const appointments = trpc.admin.appointments.list.useQuery(range, { placeholderData: keepPreviousData });
  const scheduleTimes = trpc.admin.schedule.freeTimes.useQuery(range, { placeholderData: keepPreviousData });
  const time = (instant: string | Date) => formatSlotTime(instant, timezone, dateLocale);
  const now = Date.now();

  const days = weekEntries(
    dates,
    { slots: slots.data ?? [], appointments: appointments.data ?? [], scheduleTimes: scheduleTimes.data ?? [] },
    psychologist,
  );
  const weekButton = (label: string, to: string) => (
    <button type="button" className="btn btn-sm" onClick={() => setMonday(to)} disabled={to === monday}>
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-3" data-week-calendar>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t.title()}</h3>
        {/* Apart, not joined: in Malay the three do not fit a phone on one line. */}
        <div className="flex flex-wrap gap-1">
          {weekButton(t.previousWeek(), addCalendarDays(monday, -7))}
          {weekButton(t.thisWeek(), thisMonday)}
          {weekButton(t.nextWeek(), addCalendarDays(monday, 7))}
        </div>
      </div>
      <p className="text-sm font-medium" aria-live="polite">
        {t.week({ from: formatCalendarDate(dates[0]!, dateLocale), to: formatCalendarDate(dates.at(-1)!, dateLocale) })}{' '}
        <span className="font-normal text-base-content/70">({timezone})</span>
      </p>
      {slots.isPending || appointments.isPending || scheduleTimes.isPending ? (
        <p role="status">{t.loading()}</p>
      ) : slots.isError || appointments.isError || scheduleTimes.isError ? (
        <p role="alert" className="alert alert-error">
          {t.fetchFailed()}
        </p>
      ) : (
        <>
          <p className="text-sm text-base-content/80">{days.some((day) => day.entries.length > 0) ? t.editHint() : t.emptyWeek()}</p>
          <div role="group" aria-label={t.dayChips()} className="flex flex-wrap gap-1 md:hidden">
            {dates.map((date) => (
              <button
                key={date}
                type="button"
                className={`btn btn-sm ${date === shownDay ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={date === shownDay}
                onClick={() => setChosenDay(date)}
              >
                {formatShortDate(date, dateLocale)}
              </button>
            ))}
          </div>
          <ol className="grid grid-cols-1 gap-2 md:grid-cols-7">
            {days.map((day) => {
              const clearable = clearableSlots(day.entries, now).length;
              return (
                <li
                  key={day.date}
                  className={`min-w-0 flex-col gap-1 rounded-box border border-base-300 p-2 ${day.date === shownDay ? 'flex' : 'hidden md:flex'}`}
                >
                  <h4 className="text-sm font-semibold">
                    <time dateTime={day.date}>{formatShortDate(day.date, dateLocale)}</time>
                  </h4>
                  {day.entries.length === 0 ? (
                    <p className="text-xs text-base-content/70">{t.noSlots()}</p>
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {day.entries.map((entry) => {
                        if ('scheduleTime' in entry) {
                          const { scheduleTime } = entry;
                          // Not a button: the hours above make this time, and a visitor books it.
                          return (
                            <li
                              key={scheduleTime.id}
                              className="flex flex-col items-start gap-0.5 rounded-field border border-dotted border-base-content/60 px-3 py-1 text-sm"
                            >
                              <span className="font-medium">{t.slotTimes({ start: time(scheduleTime.startUtc), end: time(scheduleTime.endUtc) })}</span>
                              <span className="text-xs">{t.openInHours()}</span>
                            </li>
                          );
                        }
                        const { slot, appointment } = entry;
                        return (
                          <li key={slot.id}>
                            <button
                              type="button"
                              className={`btn btn-sm h-auto w-full flex-col items-start gap-0.5 py-1 text-start font-normal ${
                                appointment || slot.isBooked ? '' : 'btn-outline border-dashed'
                              }`}
                              onClick={() => setOpen(appointment ? { appointment, slot } : { slot })}
                            >
                              <span className="font-medium">{t.slotTimes({ start: time(slot.startUtc), end: time(slot.endUtc) })}</span>
                              {appointment ? (
                                <>
                                  <span className={`badge badge-sm ${STATUS_BADGE[appointment.status] ?? 'badge-ghost'}`}>
                                    {LL.admin.appointments.statuses[appointment.status]()}
                                  </span>
                                  <span className="break-all">{appointment.clientName || LL.admin.privacy.erasedVisitor()}</span>
                                </>
                              ) : slot.isBooked ? (
                                // The inbox leaves holds out until the visitor confirms their e-mail
                                // (no one's details before that), so a booked slot without its
                                // appointment is held.
                                <span className="badge badge-sm badge-info">{LL.admin.appointments.statuses.held()}</span>
                              ) : (
                                <span className="text-xs">{t.free()}</span>
                              )}
                            </button>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {clearable > 0 && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs mt-auto"
                      onClick={() => setOpen({ clear: { date: day.date, count: clearable } })}
                    >
                      {t.clearDay()}
                      <span className="sr-only">, {formatCalendarDate(day.date, dateLocale)}</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {open && 'appointment' in open && (
        <AppointmentDialog appointment={open.appointment} onEditSlot={() => setOpen({ slot: open.slot })} onClose={() => setOpen(null)} />
      )}
      {open && 'slot' in open && !('appointment' in open) && <EditSlotDialog slot={open.slot} psychologist={psychologist} onClose={() => setOpen(null)} />}
      {open && 'clear' in open && <ClearDayDialog psychologist={psychologist} {...open.clear} onClose={() => setOpen(null)} />}
    </div>
  );
}
