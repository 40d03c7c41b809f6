import { type FormEvent, useId, useState } from 'react';
import { MEASURE_SCHEDULES, type MeasureSchedule } from '../../domain/measure-schedule';
import { MEASURE_INSTRUMENTS, type MeasureInstrument } from '../../domain/measures';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';
import { type RouterOutputs, trpc } from '../lib/trpc';

export type EnrolledPlan = RouterOutputs['admin']['measures']['enrol'];

/**
 * Enrols the appointment's client in repeat measures (issue 30, docs/decisions/0067): the
 * questionnaires, the schedule, the consent's exact text in the client's language to show them,
 * and the member's statement that the client agreed, which the API requires; the server records
 * that text with the plan.
 */
export function MeasureEnrolForm({ appointment, onEnrolled }: { appointment: { id: string; clientName: string }; onEnrolled: (plan: EnrolledPlan) => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measures;
  const headingId = useId();
  const name = useId();
  const consentId = useId();
  const [instruments, setInstruments] = useState<MeasureInstrument>('phq9Gad7');
  const [schedule, setSchedule] = useState<MeasureSchedule>('every_session');
  const [consented, setConsented] = useState(false);
  // The words the client agrees to change with the plan: shown before the member says they agreed.
  const consent = trpc.admin.measures.consentPreview.useQuery({ appointmentId: appointment.id, instruments, schedule }, { placeholderData: (previous) => previous });
  const enrol = trpc.admin.measures.enrol.useMutation({ onSuccess: onEnrolled });
  const choose = (change: () => void) => {
    change();
    setConsented(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (consented && consent.data) enrol.mutate({ appointmentId: appointment.id, instruments, schedule, clientConsented: true });
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
            <input type="radio" className="radio radio-primary radio-sm" name={`${name}-instruments`} checked={instruments === option} onChange={() => choose(() => setInstruments(option))} />
            {t.instrumentNames[option]()}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t.schedule()}</legend>
        {MEASURE_SCHEDULES.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" className="radio radio-primary radio-sm" name={`${name}-schedule`} checked={schedule === option} onChange={() => choose(() => setSchedule(option))} />
            {t.schedules[option]()}
          </label>
        ))}
      </fieldset>
      <section aria-labelledby={consentId} className="rounded-box bg-base-200 p-3 text-sm">
        <h4 id={consentId} className="mb-1 font-medium">
          {t.consentToShow({ name: appointment.clientName })}
        </h4>
        {consent.data ? (
          <p className="whitespace-pre-line" lang={consent.data.language}>
            {consent.data.text}
          </p>
        ) : consent.isError ? (
          <p role="alert">{messageOf(consent.error, t.consentLoadFailed())}</p>
        ) : (
          <p role="status">{t.consentLoading()}</p>
        )}
      </section>
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" required disabled={!consent.data} checked={consented} onChange={(event) => setConsented(event.target.checked)} />
        {t.clientConsented({ name: appointment.clientName })}
      </label>
      {enrol.error && <p role="alert">{messageOf(enrol.error, t.enrolFailed())}</p>}
      <button type="submit" className="btn btn-primary btn-sm self-start" disabled={enrol.isPending}>
        {enrol.isPending ? t.enrolling() : t.enrol()}
      </button>
    </form>
  );
}
