import { useId, useState } from 'react';
import { zonePlace } from '../../domain/time-zone-places';
import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { fieldErrorsOf } from '../lib/form-errors';
import { trpc } from '../lib/trpc';
import { Field } from './Field';
import { PsychologistSelect } from './PsychologistSelect';
import { isScheduleComplete, type ScheduleDraft, toggleWeekday, WEEKDAYS } from './schedule-draft';
import { useAdminToast } from './useAdminToast';
import { useRefreshSchedule } from './useRefreshSchedule';

interface Props {
  psychologists: readonly Psychologist[];
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
}

/** Generate slots for a psychologist over dates, times and weekdays. */
export function GenerateSlotsForm({ psychologists, draft, onChange }: Props) {
  const { LL } = useI18nContext();
  const t = LL.admin.schedule;
  const toast = useAdminToast();
  const refreshSchedule = useRefreshSchedule();
  const missingId = useId();
  // 'Missing Information' answers a generate attempt; before one, an empty form is no mistake.
  const [attempted, setAttempted] = useState(false);
  const generate = trpc.admin.availability.generate.useMutation({
    onSuccess: ({ count, psychologist }) => {
      refreshSchedule();
      toast.success(t.generated({ count, name: psychologist.name }));
    },
    onError: (error) => toast.failure(error, t.generateFailed()),
  });
  const errors = fieldErrorsOf(generate.error);
  const psychologist = psychologists.find((p) => p.id === draft.psychologistId);
  const complete = isScheduleComplete(draft);
  const set = (field: keyof Omit<ScheduleDraft, 'daysOfWeek'>) => (value: string) => onChange({ ...draft, [field]: value });

  const input = (field: 'startDate' | 'endDate' | 'startTime' | 'endTime', type: 'date' | 'time') => (
    <Field label={t[field]()} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          type={type}
          className={`input w-full ${errors[field] ? 'input-error' : ''}`}
          value={draft[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      aria-label={t.generateTitle()}
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || !psychologist) {
          setAttempted(true);
          return;
        }
        generate.mutate({ ...draft, timezone: psychologist.timezone });
      }}
    >
      <h3 className="font-semibold">{t.generateTitle()}</h3>
      <p className="text-sm text-base-content/80">{t.generateIntro()}</p>
      <Field label={t.psychologist()} error={errors.psychologistId}>
        {(control) => (
          <PsychologistSelect
            control={control}
            psychologists={psychologists}
            value={draft.psychologistId}
            onChange={set('psychologistId')}
            placeholder={t.choosePsychologist()}
          />
        )}
      </Field>
      {psychologist && <p className="text-sm text-base-content/80">{t.timezoneNote({ timezone: zonePlace(psychologist.timezone, new Date()) })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('startDate', 'date')}
        {input('endDate', 'date')}
        {input('startTime', 'time')}
        {input('endTime', 'time')}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t.days()}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map(({ day, name }) => (
            <label key={day} className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm"
                checked={draft.daysOfWeek.includes(day)}
                onChange={() => onChange({ ...draft, daysOfWeek: toggleWeekday(draft.daysOfWeek, day) })}
              />
              <span>{t.weekdays[name]()}</span>
            </label>
          ))}
        </div>
        {errors.daysOfWeek && <span className="text-sm text-error">{errors.daysOfWeek}</span>}
      </fieldset>
      {attempted && !complete && (
        <p id={missingId} role="alert" className="alert alert-info text-sm">
          <span>
            <strong>{t.missingTitle()}</strong> {t.missing()}
          </span>
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary self-start max-sm:w-full"
        disabled={generate.isPending}
        aria-describedby={attempted && !complete ? missingId : undefined}
      >
        {generate.isPending ? t.generating() : t.generate()}
      </button>
    </form>
  );
}
