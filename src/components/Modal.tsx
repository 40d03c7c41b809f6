import { type ReactNode, useEffect, useId, useRef } from 'react';
import { showInEmbedder } from '../lib/embedder';

interface Props {
  title: string;
  /**
   * Escape, or the browser closing the dialog: the owner unmounts it. Also while a call is
   * pending: the mutation's own callbacks still report the outcome with a toast.
   */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A daisyUI modal on the native <dialog>: showModal() traps focus and makes the page behind
 * inert; it lives while it is mounted. Focus starts on the first control inside and goes back
 * to whatever opened it when it closes. Clicking outside does not close it, so a half-filled
 * form is never lost by accident.
 */
export function Modal({ title, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read on the first render, before the dialog takes focus.
  const opener = useRef(document.activeElement);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    showInEmbedder(dialog);
    const previous = opener.current;
    return () => {
      if (!(previous instanceof HTMLElement && previous.isConnected)) return;
      previous.focus();
      showInEmbedder(previous);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      <div className="modal-box flex flex-col gap-4">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
