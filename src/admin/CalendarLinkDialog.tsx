import type { Psychologist } from '../../domain/psychologist';
import { useI18nContext } from '../../i18n/i18n-react';
import { Modal } from '../components/Modal';
import { trpc } from '../lib/trpc';
import { CopyableUrl } from './CopyableUrl';
import { useAdminToast } from './useAdminToast';
import { DialogActions } from './DialogActions';

/**
 * Makes a psychologist's calendar subscription URL. Only its hash is stored, so the URL can be
 * shown just this once, and making one stops the one before (docs/decisions/0022): the dialog
 * says so before the operator asks for it.
 */
export function CalendarLinkDialog({ psychologist, onClose }: { psychologist: Psychologist; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.psychologists;
  const toast = useAdminToast();
  const renew = trpc.admin.psychologists.renewCalendarLink.useMutation({
    onError: (error) => toast.failure(error, t.calendarLinkFailed()),
  });
  const name = psychologist.name;

  return (
    <Modal title={t.calendarLinkTitle({ name })} onClose={onClose}>
      <p>{t.calendarLinkIntro({ name })}</p>
      {renew.data ? (
        <>
          <CopyableUrl label={t.calendarLinkUrl()} url={renew.data.url} copyLabel={t.calendarLinkCopyLabel({ name })} copied={t.calendarLinkCopied()} />
          <p className="text-sm" role="status">
            {t.calendarLinkShownOnce()}
          </p>
          <DialogActions>
            <button type="button" className="btn" onClick={onClose}>
              {t.calendarLinkClose()}
            </button>
          </DialogActions>
        </>
      ) : (
        <>
          <p className="text-sm text-base-content/80">{t.calendarLinkRenewWarning({ name })}</p>
          <DialogActions>
            <button type="button" className="btn" onClick={onClose} disabled={renew.isPending}>
              {LL.admin.cancel()}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => renew.mutate({ id: psychologist.id })} disabled={renew.isPending}>
              {renew.isPending ? t.calendarLinkMaking() : t.calendarLinkMake()}
            </button>
          </DialogActions>
        </>
      )}
    </Modal>
  );
}
