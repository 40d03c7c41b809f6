import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refundPolicyWords } from '../../domain/payment-words';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { messageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { paymentReturnOf } from './payment-return';
import { type PaymentAttempt, PaymentStep } from './PaymentStep';

/** How often the dialog asks where the booking stands while Stripe's webhook is awaited. */
const STATUS_POLL_MS = 4000;

/** The attempt a redirect came back from, on this page load: Stripe's word on the redirect alone. */
function returnedAttempt(): PaymentAttempt | null {
  const returned = paymentReturnOf(new URL(window.location.href));
  if (!returned) return null;
  return returned.redirectStatus === 'failed' ? { outcome: 'returnedFailed' } : { outcome: 'paid' };
}

export interface PaidHold {
  appointmentId: string;
  token: string;
}

/**
 * The payment step of a paid hold (docs/decisions/0062), from the booking's answer or, after a
 * redirect or a reload, asked again with the hold's token: the same PaymentIntent each time. The
 * booking moves only on Stripe's webhook, so after a payment (or a return from the bank or
 * wallet) the dialog asks where the booking stands until it leaves the hold.
 */
export function PaymentDialog({ hold, title, onSettled, onClose }: { hold: PaidHold; title: string; onSettled: (state: PaymentState) => void; onClose: () => void }) {
  const { LL } = useI18nContext();
  const utils = trpc.useUtils();
  const [attempt, setAttempt] = useState<PaymentAttempt | null>(returnedAttempt);
  const waiting = attempt?.outcome === 'paid';
  const state = useQuery({
    queryKey: ['bookingPayment', hold.appointmentId],
    queryFn: () => utils.client.public.bookingPayment.mutate(hold),
    refetchInterval: waiting ? STATUS_POLL_MS : false,
    refetchOnWindowFocus: false,
  });
  const settled = state.data && state.data.status !== 'held' && state.data.status !== 'expired' ? state.data : null;
  // Once: the parent closes this dialog in answer, and a render before that must not tell it twice.
  const told = useRef(false);
  useEffect(() => {
    if (!settled || told.current) return;
    told.current = true;
    onSettled(settled);
  }, [settled, onSettled]);

  const step = state.data?.payment;
  const policy = step?.policy;
  return (
    <Modal title={title} onClose={onClose}>
      {state.isPending && <p role="status">{LL.booking.payment.preparing()}</p>}
      {state.isError && (
        <p role="alert" className="alert alert-error">
          {messageOf(state.error, LL.booking.failed())}
        </p>
      )}
      {state.data?.status === 'expired' && (
        <p role="alert" className="alert alert-warning">
          {LL.booking.payment.expired()}
        </p>
      )}
      {step && policy && (
        <PaymentStep
          payment={step}
          attempt={attempt}
          onAttempt={setAttempt}
          refundPolicy={
            <>
              {refundPolicyWords(LL, policy).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </>
          }
        />
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {LL.booking.close()}
        </button>
      </div>
    </Modal>
  );
}

export type PaymentState = Awaited<ReturnType<ReturnType<typeof trpc.useUtils>['client']['public']['bookingPayment']['mutate']>>;
