import { useId } from 'react';
import { useI18nContext } from '../../i18n/i18n-react';
import { useToast } from '../components/toast';

interface Props {
  label: string;
  url: string;
  /** The Copy button's accessible name, naming which URL it copies. */
  copyLabel: string;
  /** What the toast says once it is on the clipboard. */
  copied: string;
}

/** A read-only URL with a Copy button; the field selects itself on focus for copying by hand. */
export function CopyableUrl({ label, url, copyLabel, copied }: Props) {
  const { LL } = useI18nContext();
  const show = useToast();
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      show({ title: LL.admin.urls.copiedTitle(), description: copied, variant: 'success' });
    } catch {
      show({ title: LL.admin.errorTitle(), description: LL.admin.urls.copyFailed(), variant: 'error' });
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="join w-full">
        <input
          id={id}
          className="input join-item w-full min-w-0 font-mono text-sm"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-primary join-item" onClick={() => void copy()} aria-label={copyLabel}>
          {LL.admin.urls.copy()}
        </button>
      </div>
    </div>
  );
}
