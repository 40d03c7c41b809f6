import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { PaidHoldPayment } from './PaidHoldPayment';
import type { PaidHold, PaymentState } from './paid-hold';

/** The booking dialog's payment step, from the booking's answer or, after a redirect or a reload, from the tab. */
export function PaymentDialog({ hold, title, onSettled, onClose }: { hold: PaidHold; title: string; onSettled: (state: PaymentState) => void; onClose: () => void }) {
  const { LL } = useI18nContext();
  return (
    <Modal title={title} onClose={onClose}>
      <PaidHoldPayment hold={hold} onSettled={onSettled} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {LL.booking.close()}
        </button>
      </div>
    </Modal>
  );
}
