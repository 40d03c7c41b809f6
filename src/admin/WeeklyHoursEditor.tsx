import { useState } from 'react';
import { PSYCHOLOGIST_TIMEZONES } from '../../domain/psychologist';
import type { WeeklyRange } from '../../domain/weekly-schedule';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { Field } from './Field';
import { WEEKDAYS } from './schedule-draft';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

type Schedule = RouterOutputs['admin']['schedule']['get'];
type Rules = Pick<Schedule, 'slotDurationMinutes' | 'bufferMinutes' | 'minimumAdvanceHours' | 'timezone'>;

/** A new range starts after the day's last one, or at 09:00. */
function nextRange(ranges: readonly WeeklyRange[], dayOfWeek: number): WeeklyRange {
  const last = ranges.filter((range) => range.dayOfWeek === dayOfWeek).at(-1);
  if (!last || last.endTime >= '22:00') return { dayOfWeek, startTime: '09:00', endTime: '17:00' };
  const hour = Number(last.endTime.slice(0, 2)) + 1;
  return { dayOfWeek, startTime: `${String(hour).padStart(2, '0')}:00`, endTime: `${String(Math.min(hour + 2, 23)).padStart(2, '0')}:00` };
}

/** The weekly hours, set once: one or more ranges a weekday, and the rules they are cut into sessions with. */
export function WeeklyHoursEditor({ schedule, psychologistName }: { schedule: Schedule; psychologistName: string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.weeklyHours;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const refreshSchedule = useRefreshSchedule();
  const [ranges, setRanges] = useState<WeeklyRange[]>(schedule.ranges);
  // Only the rules: the schedule's own ranges must not ride along into the save.
  const [rules, setRules] = useState<Rules>(() => ({
    slotDurationMinutes: schedule.slotDurationMinutes,
    bufferMinutes: schedule.bufferMinutes,
    minimumAdvanceHours: schedule.minimumAdvanceHours,
    timezone: schedule.timezone,
  }));
  const save = trpc.admin.schedule.save.useMutation({
    onSuccess: (saved) => {
      utils.admin.schedule.get.setData({ psychologistId: saved.psychologistId }, saved);
      refreshSchedule();
      toast.success(t.saved());
    },
    onError: (error) => toast.failure(error, t.saveFailed()),
  });
  const errors = fieldErrorsOf(save.error);
  const setRange = (index: number, change: Partial<WeeklyRange>) => setRanges(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  const number = (field: 'slotDurationMinutes' | 'bufferMinutes' | 'minimumAdvanceHours', label: string) => (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          className="input w-full"
          value={rules[field]}
          onChange={(event) => setRules({ ...rules, [field]: event.target.valueAsNumber })}
        />
      )}
    </Field>
  );

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      aria-label={t.titleOf({ name: psychologistName })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ psychologistId: schedule.psychologistId, ranges, ...rules });
      }}
    >
      <h3 className="font-semibold">{t.titleOf({ name: psychologistName })}</h3>
      <p className="text-sm text-base-content/80">{t.intro()}</p>
      <ul className="flex flex-col gap-2">
        {WEEKDAYS.map(({ day, name }) => {
          const dayName = LL.admin.schedule.weekdays[name]();
          const ofDay = ranges.map((range, index) => ({ range, index })).filter(({ range }) => range.dayOfWeek === day);
          return (
            <li key={day} className="flex flex-col gap-1 border-b border-base-300 pb-2 sm:flex-row sm:items-start sm:gap-3">
              <span className="w-28 shrink-0 pt-2 font-medium">{dayName}</span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                {ofDay.length === 0 && <span className="pt-2 text-sm text-base-content/70">{t.noHours()}</span>}
                {ofDay.map(({ range, index }) => {
                  const error = errors[`ranges.${index}.startTime`] ?? errors[`ranges.${index}.endTime`];
                  return (
                    <div key={index} className="flex flex-col gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <input
                          type="time"
                          aria-label={`${dayName} ${t.from()}`}
                          className={`input input-sm w-28 ${error ? 'input-error' : ''}`}
                          value={range.startTime}
                          onChange={(event) => setRange(index, { startTime: event.target.value })}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          aria-label={`${dayName} ${t.to()}`}
                          className={`input input-sm w-28 ${error ? 'input-error' : ''}`}
                          value={range.endTime}
                          onChange={(event) => setRange(index, { endTime: event.target.value })}
                        />
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRanges(ranges.filter((_, i) => i !== index))}>
                          {t.removeRange({ day: dayName, start: range.startTime, end: range.endTime })}
                        </button>
                      </div>
                      {error && <span className="text-sm text-error">{error}</span>}
                    </div>
                  );
                })}
                <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setRanges([...ranges, nextRange(ranges, day)])}>
                  {t.addRange({ day: dayName })}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {errors.ranges && <p className="text-sm text-error">{errors.ranges}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {number('slotDurationMinutes', t.sessionLength())}
        {number('bufferMinutes', t.buffer())}
        {number('minimumAdvanceHours', t.minimumNotice())}
        <Field label={t.timezone()} error={errors.timezone}>
          {(control) => (
            <select {...control} className="select w-full" value={rules.timezone} onChange={(event) => setRules({ ...rules, timezone: event.target.value as Rules['timezone'] })}>
              {PSYCHOLOGIST_TIMEZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <button type="submit" className="btn btn-primary self-start max-sm:w-full" disabled={save.isPending}>
        {save.isPending ? t.saving() : t.save()}
      </button>
    </form>
  );
}
