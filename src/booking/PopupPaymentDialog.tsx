import { useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { type PaidHold, type PaymentState, useHoldStatus, useHoldStep, useOnSettled } from './paid-hold';
import { PaymentStepNotices } from './PaidHoldPayment';
import { paymentPageUrl } from './payment-page-link';
import { paymentAmount, PaymentStep } from './PaymentStep';

/** What became of the last Pay: nothing yet, the pop-up opened, or the browser refused it. */
type PopupState = 'none' | 'opened' | 'blocked';

/**
 * Inside the embed, a paid hold's step without Stripe's form (docs/decisions/0062): Pay opens
 * Minda's own page for the hold in a pop-up, where FPX's and GrabPay's redirect leaves and
 * returns top-level on Minda's origin. The pop-up's page refuses to be the frame's opener
 * (Cross-Origin-Opener-Policy), so the frame hears nothing from it: it keeps showing the hold
 * and reads where the booking stands every few seconds (a read that asks Stripe nothing), which
 * Stripe's webhook moves. A blocked pop-up leaves a link that opens the same page in a new tab.
 */
export function PopupPaymentDialog({ hold, title, onSettled, onClose }: { hold: PaidHold; title: string; onSettled: (state: PaymentState) => void; onClose: () => void }) {
  const { LL, locale } = useI18nContext();
  const [popup, setPopup] = useState<PopupState>('none');
  // The amount, the hold and the policy; the pop-up asks the same PaymentIntent again.
  const step = useHoldStep(hold);
  const status = useHoldStatus(hold, true);
  useOnSettled(status.data, onSettled);

  const expired = (status.data ?? step.data)?.status === 'expired';
  const payment = expired ? null : step.data?.payment;
  const url = paymentPageUrl(window.location.origin, locale, hold);
  // On the visitor's click, so blockers let it through; its features ask for a pop-up window, not a tab.
  const openPopup = () => setPopup(window.open(url, '_blank', 'popup,width=480,height=760') ? 'opened' : 'blocked');
  return (
    <Modal title={title} onClose={onClose}>
      <PaymentStepNotices pending={step.isPending} error={step.error} expired={expired} />
      {payment && (
        <PaymentStep payment={payment}>
          {popup === 'blocked' ? (
            <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
              <span>{LL.booking.payment.popupBlocked()}</span>
              <a className="link font-semibold" href={url} target="_blank" rel="noopener">
                {LL.booking.payment.popupLink()}
              </a>
            </div>
          ) : (
            <p role="status" className="text-sm">
              {popup === 'opened' ? LL.booking.payment.popupOpened() : LL.booking.payment.popupNote()}
            </p>
          )}
          {popup !== 'blocked' && (
            <button type="button" className="btn btn-primary" onClick={openPopup}>
              {popup === 'opened' ? LL.booking.payment.popupAgain() : LL.booking.payment.pay({ amount: paymentAmount(payment) })}
            </button>
          )}
        </PaymentStep>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {LL.booking.close()}
        </button>
      </div>
    </Modal>
  );
}
