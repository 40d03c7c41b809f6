import { useState } from 'react';
import type { ClinicCrisisContact } from '../../domain/crisis';
import { useI18nContext } from '../../i18n/i18n-react';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { RetryBoundary } from './RetryBoundary';

// Opened from any step, so it comes with the crisis notice.
const CrisisLinesDialog = lazyWithPreload(() => import('./CrisisLinesDialog'));

/** Fetches the dialog's code ahead of a click. */
export const preloadCrisisLines = CrisisLinesDialog.preload;

/** "Need help now?" on every step of the screener and on the visitor's appointment page: the crisis lines in a dialog, drawn once their texts are there. */
export function NeedHelp({ clinicContact, textsReady }: { clinicContact: ClinicCrisisContact | null; textsReady: boolean }) {
  const { LL } = useI18nContext();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex justify-end print:hidden">
      <button type="button" className="link text-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {LL.screener.needHelp()}
      </button>
      {open && textsReady && (
        <RetryBoundary retry={CrisisLinesDialog.preload}>
          <CrisisLinesDialog clinicContact={clinicContact} onClose={() => setOpen(false)} />
        </RetryBoundary>
      )}
    </div>
  );
}

