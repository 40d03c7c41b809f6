import { useMemo } from 'react';
import { useToast } from '../components/toast';
import { useI18nContext } from '../../i18n/i18n-react';
import { messageOf } from '../lib/errors';

/** The admin toasts: 'Success!' with what happened, or 'Error' with the server's message or a fallback. */
export function useAdminToast() {
  const show = useToast();
  const { LL } = useI18nContext();
  return useMemo(
    () => ({
      success: (description: string) => show({ title: LL.admin.successTitle(), description, variant: 'success' }),
      failure: (error: unknown, fallback: string) =>
        show({ title: LL.admin.errorTitle(), description: messageOf(error, fallback), variant: 'error' }),
    }),
    [show, LL],
  );
}
