import { formatMoment } from '../../domain/appointment-time';
import { browserTimeZone } from '../lib/slot-times';
import { useI18nContext } from '../../i18n/i18n-react';
import { type RouterOutputs, trpc } from '../lib/trpc';
import { AdminSection } from './AdminSection';

type AuditEntry = RouterOutputs['admin']['auditLog']['list'][number];

/** The clinic's audit log (GET /api/audit-log): who viewed shared results, exported or erased personal data, what each API key called, and when. */
export function AuditLogSection() {
  const { LL, locale } = useI18nContext();
  const t = LL.admin.privacy;
  const audit = trpc.admin.auditLog.list.useQuery();
  const timeZone = browserTimeZone();
  // A key is named by its name, a member who acted by username, the owner included; the others by what they are.
  const plainActors = { clinic: t.actors.clinic, visitor: t.actors.visitor, system: t.actors.system };
  const actor = (entry: AuditEntry) =>
    entry.apiKey !== null
      ? t.actors.apiKey({ name: entry.apiKey })
      : (entry.member ?? (entry.actor in plainActors ? plainActors[entry.actor as keyof typeof plainActors]() : entry.actor));
  const action: Record<AuditEntry['action'], () => string> = {
    'results.viewed': t.actions.resultsViewed,
    'appointments.exported': t.actions.appointmentsExported,
    'visitor.erased': t.actions.visitorErased,
    'retention.erased': t.actions.retentionErased,
    'api-key.used': t.actions.apiKeyUsed,
    'payment.refunded': t.actions.paymentRefunded,
    'payment.refund-failed': t.actions.paymentRefundFailed,
    'measures.enrolled': t.actions.measuresEnrolled,
    'measures.withdrawn': t.actions.measuresWithdrawn,
    'measures.ended': t.actions.measuresEnded,
    'measures.viewed': t.actions.measuresViewed,
    'measures.exported': t.actions.measuresExported,
    'measure-alert.acknowledged': t.actions.measureAlertAcknowledged,
    'payments.account-connected': t.actions.paymentsAccountConnected,
    'payment-policy.changed': t.actions.paymentPolicyChanged,
    'measures.settings-changed': t.actions.measureSettingsChanged,
  };
  return (
    <AdminSection title={t.auditTitle()} intro={t.auditIntro()}>
      {audit.isError && <p role="alert">{t.auditLoadFailed()}</p>}
      {audit.data?.length === 0 && <p>{t.auditEmpty()}</p>}
      {audit.data && audit.data.length > 0 && (
        <div className="overflow-x-auto">
          {/* Table markup written out, as in the other tables: the columns differ, and a shared table component would only pass them through. */}
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t.auditWhen()}</th>
                <th scope="col">{t.auditWho()}</th>
                <th scope="col">{t.auditWhat()}</th>
                <th scope="col">{t.auditSubject()}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatMoment(entry.at, timeZone, locale)}</td>
                  <td>{actor(entry)}</td>
                  <td>
                    {action[entry.action]()}
                    {entry.detail !== null && <span className="block text-xs opacity-70">{entry.detail}</span>}
                  </td>
                  <td className="font-mono text-xs">{entry.operation ?? entry.subjectId?.slice(0, 8) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
