import { useState } from 'react';
import { ALERT_NOTE_MAX } from '../../domain/measure-alerts';
import { ACCESS, mayUse, type Role } from '../../domain/roles';
import { useI18nContext } from '../../i18n/i18n-react';
import { dateLocaleOf } from '../lib/slot-times';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { TextAreaField } from './Field';
import { MeasureRecordButton } from './MeasureRecordButton';
import { useAdminToast } from './useAdminToast';

type OpenAlert = RouterOutputs['admin']['measureAlerts']['open'][number];

/** One alert: whose client, why, since when, and its Acknowledge with an optional note. */
function AlertItem({ alert, formatTime }: { alert: OpenAlert; formatTime: (date: Date) => string }) {
  const { LL } = useI18nContext();
  const t = LL.admin.measureAlerts;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const acknowledge = trpc.admin.measureAlerts.acknowledge.useMutation({
    onSuccess: (answer) => {
      toast.success(
        answer.acknowledgedNow ? t.acknowledged() : t.alreadyAcknowledged({ by: answer.acknowledgedBy ?? t.formerMember(), when: formatTime(answer.acknowledgedAt) }),
      );
      void utils.admin.measureAlerts.invalidate();
    },
    onError: (error) => toast.failure(error, t.acknowledgeFailed()),
  });
  const reason = alert.reason.kind === 'risk' ? t.risk() : t.deterioration({ scale: LL.admin.insights.scales[alert.reason.scale]() });
  const client = alert.clientName || t.erasedClient();
  return (
    <li className="rounded-box border-2 border-error/60 bg-base-100 p-3 text-sm">
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          acknowledge.mutate({ alertId: alert.id, note: note || null });
        }}
      >
        <p className="font-semibold">{reason}</p>
        <p>{t.whose({ client, psychologist: alert.psychologist.name })}</p>
        <p className="text-base-content/80">{t.raised({ when: formatTime(alert.raisedAt) })}</p>
        {alert.escalatedAt && <p className="text-error">{t.escalated()}</p>}
        {/* The scores and answers behind the alert, to look at before acknowledging it. */}
        {alert.clientName && <MeasureRecordButton appointment={{ id: alert.appointmentId, clientName: alert.clientName }} />}
        <TextAreaField label={t.note()} hint={t.noteHint({ max: ALERT_NOTE_MAX })} value={note} onChange={setNote} rows={2} maxLength={ALERT_NOTE_MAX} />
        <button type="submit" className="btn btn-primary btn-sm self-start" disabled={acknowledge.isPending}>
          {acknowledge.isPending ? t.acknowledging() : t.acknowledge()}
        </button>
      </form>
    </li>
  );
}

/**
 * The alerts on clients' repeat questionnaires nobody has acknowledged (issue 30,
 * docs/decisions/0068), first in line on Today and in the inbox; nothing while there are none.
 * Never the receptionist's: health data.
 */
export function MeasureAlerts({ role }: { role: Role }) {
  const allowed = mayUse(role, ACCESS.attachedResults);
  const { LL, locale } = useI18nContext();
  const t = LL.admin.measureAlerts;
  const alerts = trpc.admin.measureAlerts.open.useQuery(undefined, { enabled: allowed });
  if (!allowed || alerts.isPending || alerts.data?.length === 0) return null;
  const format = new Intl.DateTimeFormat(dateLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="measure-alerts-title" className="flex flex-col gap-2">
      <h3 id="measure-alerts-title" className="text-lg font-semibold">
        {t.title()}
      </h3>
      {alerts.isError ? (
        <p role="alert" className="alert alert-error">
          {t.loadFailed()}
        </p>
      ) : (
        <>
          <p className="text-sm">{t.intro()}</p>
          <ul className="flex flex-col gap-2">
            {alerts.data.map((alert) => (
              <AlertItem key={alert.id} alert={alert} formatTime={(date) => format.format(date)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
