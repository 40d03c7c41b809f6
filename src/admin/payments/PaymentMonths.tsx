import { senToPrice } from '../../../domain/psychologist';
import { useI18nContext } from '../../../i18n/i18n-react';
import { trpc } from '../../lib/trpc';
import { AdminSection } from '../AdminSection';

/** The clinic's last 12 months: sessions, payments, refunds and fees kept, newest first. */
export function PaymentMonths() {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.screen;
  const months = trpc.admin.payments.months.useQuery();
  if (!months.data) return null;
  const money = (sen: number) => t.amount({ amount: senToPrice(sen) });
  return (
    <AdminSection title={t.monthsTitle()} intro={t.monthsIntro({ timeZone: months.data.timeZone })}>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t.monthsTable()}>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t.month()}</th>
              <th scope="col" className="text-right">{t.sessions()}</th>
              <th scope="col" className="text-right">{t.paymentsCount()}</th>
              <th scope="col" className="text-right">{t.paid()}</th>
              <th scope="col" className="text-right">{t.refunded()}</th>
              <th scope="col" className="text-right">{t.kept()}</th>
            </tr>
          </thead>
          <tbody>
            {months.data.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td className="text-right">{month.sessions}</td>
                <td className="text-right">{month.payments}</td>
                <td className="text-right">{money(month.paidSen)}</td>
                <td className="text-right">{money(month.refundedSen)}</td>
                <td className="text-right">{money(month.keptSen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminSection>
  );
}
