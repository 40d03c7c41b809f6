import { useEffect, useRef } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { DialogActions } from './DialogActions';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. Cancel has the focus, also when the question
 * changes (a 409 asking again with the server's reason), and the new question is announced.
 */
export function ConfirmDialog({ title, message, confirmLabel, pendingLabel, pending, onConfirm, onCancel }: Props) {
  const { LL } = useI18nContext();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), [message]);
  return (
    <Modal title={title} onClose={onCancel}>
      <p aria-live="polite">{message}</p>
      <DialogActions>
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel} disabled={pending}>
          {LL.admin.cancel()}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </DialogActions>
    </Modal>
  );
}
