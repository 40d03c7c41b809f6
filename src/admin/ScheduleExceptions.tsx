import { useState } from 'react';
import { DEFAULT_MALAYSIAN_STATE, MALAYSIAN_STATE_NAMES, MALAYSIAN_STATES, type MalaysianState } from '../../domain/malaysian-states';
import { calendarDateIn } from '../../domain/calendar-days';
import type { ExceptionKind } from '../../domain/weekly-schedule';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { Field } from './Field';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

type Schedule = RouterOutputs['admin']['schedule']['get'];

/** Dated exceptions to the weekly hours, and a year of a Malaysian state's public holidays in one action. */
export function ScheduleExceptions({ schedule }: { schedule: Schedule }) {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.exceptions;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const today = calendarDateIn(new Date(), schedule.timezone);
  const thisYear = Number(today.slice(0, 4));
  const [draft, setDraft] = useState({ date: today, kind: 'off' as Exclude<ExceptionKind, 'holiday'>, startTime: '09:00', endTime: '12:00', label: '' });
  const [state, setState] = useState<MalaysianState>(DEFAULT_MALAYSIAN_STATE);
  const [year, setYear] = useState(thisYear);
  const refreshSchedule = useRefreshSchedule();
  // The saved schedule, and the lists that follow from it (the week calendar's free times).
  const show = (saved: Schedule) => {
    utils.admin.schedule.get.setData({ psychologistId: saved.psychologistId }, saved);
    refreshSchedule();
  };
  const add = trpc.admin.schedule.addException.useMutation({
    onSuccess: (saved) => (show(saved), toast.success(t.added())),
    onError: (error) => toast.failure(error, t.addFailed()),
  });
  const remove = trpc.admin.schedule.deleteException.useMutation({
    onSuccess: (saved) => (show(saved), toast.success(t.removed())),
    onError: (error) => toast.failure(error, t.addFailed()),
  });
  const holidays = trpc.admin.schedule.applyHolidays.useMutation({
    onSuccess: ({ added, schedule: saved }) => (show(saved), toast.success(t.holidaysApplied({ count: added }))),
    onError: (error) => toast.failure(error, t.holidaysFailed()),
  });
  const errors = fieldErrorsOf(add.error);
  const language = locale === 'ms' ? 'ms' : 'en';

  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold">{t.title()}</h3>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          holidays.mutate({ psychologistId: schedule.psychologistId, state, year, language });
        }}
      >
        <h4 className="font-medium">{t.holidaysTitle()}</h4>
        <p className="text-sm text-base-content/80">{t.holidaysIntro()}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t.state()}>
            {(control) => (
              <select {...control} className="select w-full" value={state} onChange={(event) => setState(event.target.value as MalaysianState)}>
                {MALAYSIAN_STATES.map((code) => (
                  <option key={code} value={code}>
                    {MALAYSIAN_STATE_NAMES[code][language]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t.year()}>
            {(control) => (
              <select {...control} className="select w-full" value={year} onChange={(event) => setYear(Number(event.target.value))}>
                {[thisYear, thisYear + 1].map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn-outline self-start max-sm:w-full" disabled={holidays.isPending}>
          {holidays.isPending ? t.applyingHolidays() : t.applyHolidays()}
        </button>
      </form>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const extra = draft.kind === 'extra';
          add.mutate({ psychologistId: schedule.psychologistId, ...draft, startTime: extra ? draft.startTime : null, endTime: extra ? draft.endTime : null });
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t.date()} error={errors.date}>
            {(control) => <input {...control} type="date" className="input w-full" value={draft.date} onChange={(event) => setDraft({ ...draft, date: event.target.value })} />}
          </Field>
          <Field label={t.kind()} error={errors.kind}>
            {(control) => (
              <select {...control} className="select w-full" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as 'off' | 'extra' })}>
                <option value="off">{t.kinds.off()}</option>
                <option value="extra">{t.kinds.extra()}</option>
              </select>
            )}
          </Field>
          {draft.kind === 'extra' && (
            <>
              <Field label={LL.admin.weeklyHours.from()} error={errors.startTime}>
                {(control) => <input {...control} type="time" className="input w-full" value={draft.startTime} onChange={(event) => setDraft({ ...draft, startTime: event.target.value })} />}
              </Field>
              <Field label={LL.admin.weeklyHours.to()} error={errors.endTime}>
                {(control) => <input {...control} type="time" className="input w-full" value={draft.endTime} onChange={(event) => setDraft({ ...draft, endTime: event.target.value })} />}
              </Field>
            </>
          )}
          <Field label={t.label()} error={errors.label}>
            {(control) => <input {...control} type="text" className="input w-full" value={draft.label} onChange={(event) => setDraft({ ...draft, label: event.target.value })} />}
          </Field>
        </div>
        <button type="submit" className="btn btn-outline self-start max-sm:w-full" disabled={add.isPending}>
          {t.add()}
        </button>
      </form>
      {schedule.exceptions.length === 0 ? (
        <p className="text-sm text-base-content/70">{t.none()}</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={t.title()}>
          {schedule.exceptions.map((exception) => (
            <li key={exception.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 py-1 text-sm">
              <span className="min-w-0 break-words">
                <strong>{exception.date}</strong> · {t.kinds[exception.kind]()}
                {exception.startTime && ` ${exception.startTime}–${exception.endTime}`}
                {exception.label && ` · ${exception.label}`}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ psychologistId: schedule.psychologistId, exceptionId: exception.id })}
              >
                {t.remove({ date: exception.date })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
