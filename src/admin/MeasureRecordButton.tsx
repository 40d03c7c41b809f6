import { Suspense, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { lazyWithPreload } from '../lib/lazy-with-preload';

// The record and its chart library load when a member opens it: not in the admin page's first load.
const MeasureRecordDialog = lazyWithPreload(() => import('./MeasureRecordDialog'));

/**
 * The Measures button that opens a client's record of repeat measures, from their appointment or
 * from an alert on them (the alert names the appointment the client was enrolled from).
 */
export function MeasureRecordButton({ appointment }: { appointment: { id: string; clientName: string } }) {
  const { LL } = useI18nContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)} aria-label={LL.admin.measures.openLabel({ name: appointment.clientName })}>
        {LL.admin.measures.open()}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MeasureRecordDialog appointment={appointment} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
