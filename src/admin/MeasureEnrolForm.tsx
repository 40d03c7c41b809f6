import { type FormEvent, useId, useState } from 'react';
import { MEASURE_SCHEDULES, type MeasureSchedule } from '../../domain/measure-schedule';
import { MEASURE_INSTRUMENTS, type MeasureInstrument } from '../../domain/measures';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';

export type EnrolledPlan = RouterOutputs['admin']['measures']['enrol'];

/**
 * Enrols the appointment's client in repeat measures (issue 30, docs/decisions/0067): the
 * questionnaires, the schedule, and the member's statement that the client agreed, which the
 * API requires; the server records the consent's exact text in the client's language.
 */
export function MeasureEnrolForm({ appointment, onEnrolled }: { appointment: { id: string; clientName: string }; onEnrolled: (plan: EnrolledPlan) => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const headingId = useId();
  const name = useId();
  const [instruments, setInstruments] = useState<MeasureInstrument>('phq9Gad7');
  const [schedule, setSchedule] = useState<MeasureSchedule>('every_session');
  const [consented, setConsented] = useState(false);
  const enrol = trpc.admin.measures.enrol.useMutation({ onSuccess: onEnrolled });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (consented) enrol.mutate({ appointmentId: appointment.id, instruments, schedule, clientConsented: true });
  };
  return (
    <form aria-labelledby={headingId} className="flex flex-col gap-3 rounded-box border border-base-300 p-3" onSubmit={submit}>
      <h3 id={headingId} className="font-semibold">
        {t.enrolTitle()}
      </h3>
      <p className="text-sm">{t.enrolIntro()}</p>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t.instruments()}</legend>
        {MEASURE_INSTRUMENTS.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" className="radio radio-primary radio-sm" name={`${name}-instruments`} checked={instruments === option} onChange={() => setInstruments(option)} />
            {t.instrumentNames[option]()}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t.schedule()}</legend>
        {MEASURE_SCHEDULES.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" className="radio radio-primary radio-sm" name={`${name}-schedule`} checked={schedule === option} onChange={() => setSchedule(option)} />
            {t.schedules[option]()}
          </label>
        ))}
      </fieldset>
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" required checked={consented} onChange={(event) => setConsented(event.target.checked)} />
        {t.clientConsented({ name: appointment.clientName })}
      </label>
      {enrol.error && <p role="alert">{messageOf(enrol.error, t.enrolFailed())}</p>}
      <button type="submit" className="btn btn-primary btn-sm self-start" disabled={enrol.isPending}>
        {enrol.isPending ? t.enrolling() : t.enrol()}
      </button>
    </form>
  );
}
