import { useI18nContext } from '../../i18n/i18n-react';
import { trpc } from '../lib/trpc';
import { useAdminToast } from './useAdminToast';

/** Hands the browser a text as a file to save. */
function saveFile(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** Downloads the clinic's appointments as CSV (GET /api/appointments/export.csv); each export shows in the audit log. */
export function ExportAppointmentsButton() {
  const { LL } = useI18nContext();
  const t = LL.admin.privacy;
  const toast = useAdminToast();
  const utils = trpc.useUtils();
  const exportCsv = trpc.admin.appointments.exportCsv.useMutation({
    onSuccess: (csv) => {
      saveFile('appointments.csv', 'text/csv;charset=utf-8', csv);
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) => toast.failure(error, t.exportFailed()),
  });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-base-300 pt-3">
      <p className="flex-1 text-sm text-base-content/80">{t.exportIntro()}</p>
      <button type="button" className="btn btn-outline btn-sm" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
        {exportCsv.isPending ? t.exporting() : t.exportCsv()}
      </button>
    </div>
  );
}
