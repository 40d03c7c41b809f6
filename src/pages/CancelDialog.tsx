import { useId, useState } from 'react';
import { MAX_CANCEL_REASON_LENGTH } from '../../domain/visitor-changes';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';

interface Props {
  pending: boolean;
  onCancel: (reason: string) => void;
  onKeep: () => void;
  /** What cancelling now gives back of a payment, said again where the visitor decides. */
  refundNote?: string | null;
}

/** Cancelling asks first, with room for an optional reason, kept with the booking. */
export function CancelDialog({ pending, onCancel, onKeep, refundNote }: Props) {
  const { LL } = useI18nContext();
  const text = LL.booking;
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();
  return (
    <Modal title={text.manageCancelAsk()} onClose={onKeep}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onCancel(reason.trim());
        }}
      >
        <p>{text.manageCancelAskText()}</p>
        {refundNote && <p className="font-medium">{refundNote}</p>}
        <label className="text-sm font-medium" htmlFor={reasonId}>
          {text.manageCancelReason()}
        </label>
        <textarea
          id={reasonId}
          className="textarea w-full"
          rows={3}
          maxLength={MAX_CANCEL_REASON_LENGTH}
          aria-describedby={hintId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="text-xs text-base-content/80">
          {text.manageCancelReasonHint({ max: MAX_CANCEL_REASON_LENGTH })}
        </p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onKeep}>
            {text.manageCancelKeep()}
          </button>
          <button type="submit" className="btn btn-error" disabled={pending}>
            {pending ? text.manageCancelling() : text.manageCancelYes()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
