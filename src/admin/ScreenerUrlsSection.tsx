import { useI18nContext } from '../../i18n/i18n-react';
import type { ScreenerUrls } from './screener-urls';
import { AdminSection } from './AdminSection';
import { useToast } from '../components/toast';
import { useId } from 'react';

function CopyableUrl({ label, url }: { label: string; url: string }) {
  const { LL } = useI18nContext();
  const show = useToast();
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      show({ title: LL.admin.urls.copiedTitle(), description: LL.admin.urls.copied(), variant: 'success' });
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
        <button type="button" className="btn btn-primary join-item" onClick={() => void copy()} aria-label={LL.admin.urls.copyLabel({ language: label })}>
          {LL.admin.urls.copy()}
        </button>
      </div>
    </div>
  );
}

/** The English URL, the Malay one when enabled, each with Copy. */
export function ScreenerUrlsSection({ urls }: { urls: ScreenerUrls | null }) {
  const { LL } = useI18nContext();
  return (
    <AdminSection title={LL.admin.urls.title()} intro={LL.admin.urls.intro()}>
      {urls ? (
        <>
          <CopyableUrl label={LL.admin.urls.english()} url={urls.english} />
          {urls.malay && <CopyableUrl label={LL.admin.urls.malay()} url={urls.malay} />}
        </>
      ) : (
        <p>{LL.admin.urls.notSavedYet()}</p>
      )}
      <p className="text-sm text-base-content/80">{LL.admin.urls.idHint()}</p>
    </AdminSection>
  );
}
