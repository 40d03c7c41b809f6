import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';

export interface Toast {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

interface ShownToast extends Toast {
  id: number;
}

/** At most one toast at a time, closing after about 5 seconds. */
const TOAST_DURATION_MS = 5000;

const toastAtom = atom<ShownToast | null>(null);
let nextId = 1;

/** Shows a toast, replacing any toast still on screen. */
export function useToast(): (toast: Toast) => void {
  const setToast = useSetAtom(toastAtom);
  return useCallback((toast: Toast) => setToast({ ...toast, id: nextId++ }), [setToast]);
}

export function Toaster() {
  const { LL } = useI18nContext();
  const toast = useAtomValue(toastAtom);
  const setToast = useSetAtom(toastAtom);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  if (!toast) return null;
  const destructive = toast.variant === 'error';
  return (
    <div className="toast toast-end toast-bottom z-50">
      <div role={destructive ? 'alert' : 'status'} className={`alert ${destructive ? 'alert-error' : 'alert-success'} alert-vertical items-start`}>
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p>{toast.description}</p>}
        <button type="button" className="btn btn-ghost btn-xs self-end" onClick={() => setToast(null)}>
          {LL.common.dismiss()}
        </button>
      </div>
    </div>
  );
}
