import { useState } from 'react';
import { priceToSen, senToPrice } from '../../../domain/psychologist';
import { useI18nContext } from '../../../i18n/i18n-react';
import { formErrorsOf } from '../../lib/form-errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Field } from '../Field';
import { useAdminToast } from '../useAdminToast';

type Payment = NonNullable<RouterOutputs['admin']['payments']['ofAppointment']['payment']>;

/** What was paid for the appointment, what went back and why, and a refund by hand. */
export function AppointmentPayment({ appointmentId }: { appointmentId: string }) {
  const { LL, locale } = useI18nContext();
  const t = LL.clinicPayments.appointment;
  const view = trpc.admin.payments.ofAppointment.useQuery({ appointmentId });
  if (!view.data) return <p role="status">{t.loading()}</p>;
  const { payment } = view.data;
  if (!payment) return <p>{t.none()}</p>;
  const when = (at: Date) => at.toLocaleDateString(locale === 'ms' ? 'ms-MY' : 'en-MY', { day: 'numeric', month: 'short', year: 'numeric' });
  const method = payment.method ? LL.clinicPayments.screen.methodNames[payment.method]() : '';
  return (
    <div className="mt-2 flex flex-col gap-2">
      <p className="flex flex-wrap gap-2">
        <span className={`badge ${payment.status === 'succeeded' ? 'badge-success' : payment.status === 'failed' ? 'badge-error' : 'badge-ghost'}`}>
          {payment.status === 'succeeded' ? t.status.succeeded({ amount: senToPrice(payment.amountSen), method }) : t.status[payment.status]()}
        </span>
        {payment.refundedSen > 0 && (
          <span className="badge badge-info">{payment.refundedSen >= payment.amountSen ? t.refundedFully() : t.refundedPartly({ amount: senToPrice(payment.refundedSen) })}</span>
        )}
        {payment.disputed && <span className="badge badge-warning">{t.disputed()}</span>}
      </p>
      {payment.receiptUrl && (
        <a className="link" href={payment.receiptUrl} target="_blank" rel="noreferrer">
          {t.receipt()}
        </a>
      )}
      {payment.refunds.length > 0 && (
        <ul className="list-inside list-disc">
          {payment.refunds.map((refund) => {
            const line = { amount: senToPrice(refund.amountSen), when: when(refund.createdAt), reason: refund.note ?? t.reasons[refund.reason]() };
            return <li key={refund.createdAt.toISOString() + refund.amountSen}>{{ succeeded: t.refundLine, pending: t.refundPending, failed: t.refundBounced }[refund.status](line)}</li>;
          })}
        </ul>
      )}
      {payment.refundableSen > 0 && <RefundForm appointmentId={appointmentId} payment={payment} />}
    </div>
  );
}

const REFUND_FIELDS = { fields: ['amountSen', 'reason'] };

/** A refund by hand: an amount up to what is left, and a reason; one form, one refund however often it is sent. */
function RefundForm({ appointmentId, payment }: { appointmentId: string; payment: Payment }) {
  const { LL } = useI18nContext();
  const t = LL.clinicPayments.appointment;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(() => senToPrice(payment.refundableSen));
  const [reason, setReason] = useState('');
  const refund = trpc.admin.payments.refund.useMutation({
    onSuccess: (view) => {
      utils.admin.payments.ofAppointment.setData({ appointmentId }, view);
      // The next refund is another request.
      setRequestId(crypto.randomUUID());
      setReason('');
      setAmount(senToPrice(view.payment?.refundableSen ?? 0));
      toast.success(t.refunded());
    },
  });
  const { fields, message } = formErrorsOf(refund.error, t.refundFailed(), REFUND_FIELDS);
  const left = senToPrice(payment.refundableSen);
  return (
    <form
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        refund.mutate({ appointmentId, requestId, amountSen: priceToSen(Number(amount)), reason });
      }}
    >
      <Field label={t.refundAmount()} hint={t.refundAmountHint({ amount: left })} error={fields.amountSen && t.wrongAmount({ amount: left })}>
        {(control) => (
          <input {...control} type="number" inputMode="decimal" min="0.01" step="0.01" className={`input w-full ${fields.amountSen ? 'input-error' : ''}`} value={amount} onChange={(event) => setAmount(event.target.value)} />
        )}
      </Field>
      <Field label={t.refundReason()} error={fields.reason}>
        {(control) => <input {...control} type="text" maxLength={500} className={`input w-full ${fields.reason ? 'input-error' : ''}`} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      {message && (
        <p role="alert" className="text-error">
          {message}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-warning btn-sm" disabled={refund.isPending}>
          {refund.isPending ? t.refunding() : t.refund()}
        </button>
      </div>
    </form>
  );
}
