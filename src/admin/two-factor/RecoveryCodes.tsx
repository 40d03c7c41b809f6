import { useI18nContext } from '../../../i18n/i18n-react';
import { useToast } from '../../components/toast';
import { useAdminToast } from '../useAdminToast';

/** The 10 recovery codes, shown once right after two-factor sign-in is turned on, to copy or save as a file. */
export function RecoveryCodes({ codes, username, onDone }: { codes: string[]; username: string; onDone: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.admin.twoFactor;
  const toast = useAdminToast();
  const show = useToast();
  const text = [t.recoveryFileIntro({ username }), '', ...codes, ''].join('\n');
  // A data URL, not a Blob's object URL: nothing to revoke, and the text is small.
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t.copied());
    } catch {
      show({ title: LL.admin.errorTitle(), description: t.copyFailed(), variant: 'error' });
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-box border border-warning p-4">
      <h3 className="font-semibold">{t.recoveryTitle()}</h3>
      <p className="text-sm">{t.recoveryIntro()}</p>
      <ol className="grid grid-cols-1 gap-1 font-mono sm:grid-cols-2" aria-label={t.recoveryTitle()}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={copy}>
          {t.copy()}
        </button>
        <a className="btn btn-sm" href={file} download="minda-recovery-codes.txt">
          {t.download()}
        </a>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          {t.done()}
        </button>
      </div>
    </div>
  );
}
